// Generated from shared/tools/registry.ts by deno task build:tools: the tools of functions/history, imported from
// their own modules only, so that the function's bundle holds no other group's. Do not edit.
import type { AnyTool } from "../../define-tool.ts";
import { allTools } from "../../registry.ts";

// History describes and undoes every tool's calls: its function needs the whole registry.
export const groupTools: readonly AnyTool[] = allTools.filter((tool) => tool.name.startsWith("history."));
