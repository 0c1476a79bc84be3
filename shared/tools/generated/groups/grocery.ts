// Generated from shared/tools/registry.ts by deno task build:tools: the tools of functions/grocery, imported from
// their own modules only, so that the function's bundle holds no other group's. Do not edit.
import type { AnyTool } from "../../define-tool.ts";
import { groceryTools } from "../../grocery/tools.ts";
import { groceryConversionTools } from "../../grocery/conversions.ts";
import { groceryAddTextTools } from "../../grocery/add-text.ts";
import { changeTools } from "../../changes/tools.ts";

export const groupTools: readonly AnyTool[] = [
  ...groceryTools,
  ...groceryConversionTools,
  ...groceryAddTextTools,
  ...changeTools,
].filter((tool) => tool.name.startsWith("grocery."));
