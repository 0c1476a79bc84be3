// recipe.export's input and reply.
import * as z from "zod";
import { collectionLimits } from "../../recipe-collections/collection-limits.ts";
import { Recipe } from "./results.ts";

export const exportFormats = ["json-ld", "markdown"] as const;

/**
 * The archive a reply carries (a household keeps at most 2,000 recipes), and its photos: each at most the 4 MiB an
 * import keeps, read a few at a time from Storage, at most so many in one export; photos that would take the archive
 * past its size are left out with a warning rather than the whole export refused.
 */
export const exportLimits = {
  maxZipBytes: 16 * 1024 * 1024,
  maxPhotoBytes: collectionLimits.maxPhotoBytes,
  maxPhotos: 500,
  photoReadsAtOnce: 6,
  photoReadTimeoutMs: 10_000,
} as const;

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
  /** Recipes whose photo is in the archive, beside the recipe's file. */
  photo_count: z.int().nonnegative(),
  /** What is not in the archive and why: a photo gone from Storage, photos past the archive's size. */
  warnings: z.array(z.string()),
  byte_size: z.int().positive(),
  /** The zip archive as base64. */
  data_base64: z.string(),
});
export type RecipeExportResult = z.infer<typeof RecipeExportResult>;

/** What app.recipe_export returns: every live recipe of the household, as recipe.get gives it, by title. */
export const RecipeExportRows = z.strictObject({ recipes: z.array(Recipe) });
export type RecipeExportRows = z.infer<typeof RecipeExportRows>;
