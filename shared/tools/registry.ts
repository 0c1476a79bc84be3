import type * as z from "zod";
import type { AnyTool } from "./define-tool.ts";
import { groupOf } from "./tool-names.ts";
import { recipeTools } from "./recipe/tools.ts";
import { recipeImportTools } from "./recipe/import.ts";
import { recipeImportFileTools } from "./recipe/import-file.ts";
import { recipeExportTools } from "./recipe/export.ts";
import { createManyRecipes } from "./recipe/create-many.ts";
import { recipePhotoTools } from "./recipe/set-photo.ts";
import { plannerTools } from "./planner/tools.ts";
import { groceryTools } from "./grocery/tools.ts";
import { groceryConversionTools } from "./grocery/conversions.ts";
import { groceryAddTextTools } from "./grocery/add-text.ts";
import { changeTools } from "./changes/tools.ts";
import { householdTools } from "./household/tools.ts";
import { householdInviteTools } from "./household/invites.ts";
import { aisleTools } from "./household/aisles.ts";
import { onHandTools } from "./household/on-hand.ts";
import { ingredientTools } from "./ingredient/tools.ts";
import { historyTools } from "./history/tools.ts";
import { mediaTools } from "./media/tools.ts";

const registeredTools = [
  ...recipeTools,
  ...recipeImportTools,
  ...recipeImportFileTools,
  ...recipeExportTools,
  createManyRecipes,
  ...recipePhotoTools,
  ...plannerTools,
  ...groceryTools,
  ...groceryConversionTools,
  ...groceryAddTextTools,
  ...changeTools,
  ...householdTools,
  ...householdInviteTools,
  ...aisleTools,
  ...onHandTools,
  ...ingredientTools,
  ...historyTools(findTool),
  ...mediaTools,
];

/** Every tool, in a stable order: what HTTP, the assistant and MCP all read. */
export const allTools: readonly AnyTool[] = registeredTools;

/** The union of every registered tool's own type (its name, input and output schemas). */
export type RegisteredTool = (typeof registeredTools)[number];
export type ToolName = RegisteredTool["name"];
/** The `data` of a successful reply of the named tool. */
export type ToolOutput<Name extends ToolName> = z.output<Extract<RegisteredTool, { name: Name }>["outputSchema"]>;

export const toolsByName: ReadonlyMap<string, AnyTool> = new Map(allTools.map((tool) => [tool.name, tool]));

export function findTool(name: string): AnyTool | undefined {
  return toolsByName.get(name);
}

export { actionOf, groupOf } from "./tool-names.ts";

export function toolsOfGroup(group: string): AnyTool[] {
  return allTools.filter((tool) => groupOf(tool.name) === group);
}

export const toolGroups: readonly string[] = [...new Set(allTools.map((tool) => groupOf(tool.name)))];
