// Generated from shared/tools/registry.ts by deno task build:tools: the tools of functions/media, imported from
// their own modules only, so that the function's bundle holds no other group's. Do not edit.
import type { AnyTool } from "../../define-tool.ts";
import { mediaTools } from "../../media/tools.ts";

export const groupTools: readonly AnyTool[] = [...mediaTools].filter((tool) => tool.name.startsWith("media."));
