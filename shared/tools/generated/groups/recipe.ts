// Generated from shared/tools/registry.ts by deno task build:tools: the tools of functions/recipe, imported from
// their own modules only, so that the function's bundle holds no other group's. Do not edit.
import type { AnyTool } from "../../define-tool.ts";
import { recipeTools } from "../../recipe/tools.ts";
import { recipeImportTools } from "../../recipe/import.ts";
import { recipeImportFileTools } from "../../recipe/import-file.ts";
import { recipeExportTools } from "../../recipe/export.ts";
import { createManyRecipes } from "../../recipe/create-many.ts";
import { recipePhotoTools } from "../../recipe/set-photo.ts";

export const groupTools: readonly AnyTool[] = [
  ...recipeTools,
  ...recipeImportTools,
  ...recipeImportFileTools,
  ...recipeExportTools,
  createManyRecipes,
  ...recipePhotoTools,
].filter((tool) => tool.name.startsWith("recipe."));
