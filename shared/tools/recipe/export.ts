import { AppError } from "../../errors.ts";
import { encodeBase64 } from "../../recipe-collections/photo.ts";
import {
  type ExportedRecipe,
  fileStem,
  recipeJsonLd,
  recipeMarkdown,
} from "../../recipe-collections/export-recipes.ts";
import { writeZip, type ZipInput } from "../../recipe-collections/zip-write.ts";
import { defineTool } from "../define-tool.ts";
import { recipeExportDocs } from "./export-docs.ts";
import { exportPhotos, storagePhotoReader, zipEntryOverhead } from "./export-photos.ts";
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
    const encoder = new TextEncoder();
    const texts = recipes.map((recipe) => ({ recipe, stem: fileStem(recipe) }));
    const fileOf = (recipe: ExportedRecipe, stem: string, photoName: string | undefined): ZipInput =>
      input.format === "json-ld"
        ? { name: `${stem}.json`, data: JSON.stringify(recipeJsonLd(recipe, photoName), null, 2) }
        : { name: `${stem}.md`, data: recipeMarkdown(recipe, photoName) };
    // What the recipes' own files take at most (as if stored, each naming a photo, with its entry and the archive's
    // end record): the photos get the rest of the archive.
    const textBytes = texts.reduce(
      (sum, { recipe, stem }) => sum + encoder.encode(fileOf(recipe, stem, `${stem}.webp`).data as string).length,
      0,
    ) + recipes.length * zipEntryOverhead + 22;
    const reader = context.user.accessToken ? storagePhotoReader(context.user.accessToken) : null;
    const { photos, warnings } = await exportPhotos(recipes, reader, exportLimits.maxZipBytes - textBytes);
    const files: ZipInput[] = texts.flatMap(({ recipe, stem }) => {
      const photo = photos.get(recipe.id);
      const photoName = photo && `${stem}.${photo.extension}`;
      const text = fileOf(recipe, stem, photoName);
      // A JPEG, PNG or WebP is compressed already: stored as it is.
      return photo ? [text, { name: photoName!, data: photo.bytes, deflate: false }] : [text];
    });
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
      photo_count: photos.size,
      warnings,
      byte_size: zip.length,
      data_base64: encodeBase64(zip),
    };
  },
});

export const recipeExportTools = [exportRecipes];
