import { AppError } from "../../errors.ts";
import { encodeBase64 } from "../../recipe-collections/photo.ts";
import { fileStem, recipeJsonLd, recipeMarkdown } from "../../recipe-collections/export-recipes.ts";
import { writeZip } from "../../recipe-collections/zip-write.ts";
import { defineTool } from "../define-tool.ts";
import { recipeExportDocs } from "./export-docs.ts";
import { exportLimits, RecipeExportInput, RecipeExportResult, type RecipeExportRows } from "./export-results.ts";

export const exportRecipes = defineTool({
  name: "recipe.export",
  ...recipeExportDocs,
  effect: "read",
  latencyBudgetMs: 5_000,
  inputSchema: RecipeExportInput,
  outputSchema: RecipeExportResult,
  execute: async (input, context) => {
    const { recipes } = await context.invoke<RecipeExportRows>("app.recipe_export", {});
    const files = recipes.map((recipe) =>
      input.format === "json-ld"
        ? { name: `${fileStem(recipe)}.json`, data: JSON.stringify(recipeJsonLd(recipe), null, 2) }
        : { name: `${fileStem(recipe)}.md`, data: recipeMarkdown(recipe) }
    );
    const zip = await writeZip(files);
    if (zip.length > exportLimits.maxZipBytes) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `the export would be ${zip.length} bytes; at most ${exportLimits.maxZipBytes} are returned in one reply`,
      );
    }
    return {
      format: input.format,
      file_name: `recipes-${input.format}.zip`,
      recipe_count: recipes.length,
      byte_size: zip.length,
      data_base64: encodeBase64(zip),
    };
  },
});

export const recipeExportTools = [exportRecipes];
