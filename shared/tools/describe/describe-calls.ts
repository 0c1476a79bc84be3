// Sentences for calls of any registered tool: call-describer.ts over the registry's lookup.
import { findTool } from "../registry.ts";
import { callDescriber } from "./call-describer.ts";

export type { DescribableCall, ReadNames } from "./call-describer.ts";

export const { describeCalls } = callDescriber(findTool);
