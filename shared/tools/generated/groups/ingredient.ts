// Generated from shared/tools/registry.ts by deno task build:tools: the tools of functions/ingredient, imported from
// their own modules only, so that the function's bundle holds no other group's. Do not edit.
import type { AnyTool } from "../../define-tool.ts";
import { ingredientTools } from "../../ingredient/tools.ts";

export const groupTools: readonly AnyTool[] = [...ingredientTools].filter((tool) =>
  tool.name.startsWith("ingredient.")
);
