// Generated from shared/tools/registry.ts by deno task build:tools: the tools of functions/planner, imported from
// their own modules only, so that the function's bundle holds no other group's. Do not edit.
import type { AnyTool } from "../../define-tool.ts";
import { plannerTools } from "../../planner/tools.ts";
import { changeTools } from "../../changes/tools.ts";

export const groupTools: readonly AnyTool[] = [...plannerTools, ...changeTools].filter((tool) =>
  tool.name.startsWith("planner.")
);
