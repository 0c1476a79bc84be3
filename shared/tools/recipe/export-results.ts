// recipe.export's input and reply.
import { z } from "zod";
import { Recipe } from "./results.ts";

export const exportFormats = ["json-ld", "markdown"] as const;

/** The archive a reply carries; a household keeps at most 2,000 recipes. */
export const exportLimits = { maxZipBytes: 16 * 1024 * 1024 } as const;

export const RecipeExportInput = z.strictObject({
  format: z.enum(exportFormats).describe(
    '"json-ld": a schema.org Recipe JSON file per recipe, which Tandoor, Mealie, Nextcloud Cookbook and ' +
      'recipe.import_file import; "markdown": a Markdown file per recipe, to read.',
  ),
});

export const RecipeExportResult = z.strictObject({
  format: z.enum(exportFormats),
  /** "recipes-json-ld.zip" or "recipes-markdown.zip": a name to save the file as. */
  file_name: z.string(),
  recipe_count: z.int().nonnegative(),
  byte_size: z.int().positive(),
  /** The zip archive as base64. */
  data_base64: z.string(),
});
export type RecipeExportResult = z.infer<typeof RecipeExportResult>;

/** What app.recipe_export returns: every live recipe of the household, as recipe.get gives it, by title. */
export const RecipeExportRows = z.strictObject({ recipes: z.array(Recipe) });
export type RecipeExportRows = z.infer<typeof RecipeExportRows>;
