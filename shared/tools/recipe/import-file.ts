import { AppError } from "../../errors.ts";
import { collectionLimits, importFileBodyBytes } from "../../recipe-collections/collection-limits.ts";
import { EntryFailure } from "../../recipe-collections/collection-recipe.ts";
import { type BytesOnArrayBuffer, concatenate } from "../../http/bounded-read.ts";
import { ByteBudget } from "../../recipe-collections/inflate.ts";
import { openCollection } from "../../recipe-collections/open-collection.ts";
import { decodeBase64 } from "../../recipe-collections/photo.ts";
import { env } from "../../config/env.ts";
import { fetchPhotos, photoFetchLimits } from "../../page-fetching/fetch-photo.ts";
import { defineTool } from "../define-tool.ts";
import { recipeImportFileDocs } from "./import-file-docs.ts";
import { draftsOfPage, type ReadRecipe } from "./import-file-drafts.ts";
import { RecipeImportFileInput, RecipeImportFileResult } from "./import-file-results.ts";

/**
 * The first 16 hex digits of a SHA-256 of the file's length, first MiB and last MiB: a cursor is good for the file
 * it came with only. (Hashing a 24 MiB file whole cost each page 100–175 ms; an export differs from another in its
 * ends, where a zip keeps its directory.)
 */
async function fileKey(bytes: Uint8Array): Promise<string> {
  const part = 1024 * 1024;
  const ends = bytes.length <= 2 * part ? [bytes] : [bytes.subarray(0, part), bytes.subarray(bytes.length - part)];
  const keyed = concatenate([new TextEncoder().encode(`${bytes.length}:`), ...ends]);
  const digest = await crypto.subtle.digest("SHA-256", keyed as BytesOnArrayBuffer);
  return [...new Uint8Array(digest).subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function offsetOf(cursor: string | undefined, key: string, total: number): number {
  if (cursor === undefined) return 0;
  const match = /^(\d{1,5})\.([0-9a-f]{16})$/.exec(cursor);
  if (!match) {
    throw new AppError("VALIDATION_ERROR", "cursor is not a next_cursor this tool returned", { field: "cursor" });
  }
  if (match[2] !== key || Number(match[1]) >= total) {
    throw new AppError(
      "VALIDATION_ERROR",
      "cursor belongs to another file: send the same file with the next_cursor its previous page returned",
      { field: "cursor" },
    );
  }
  return Number(match[1]);
}

function fileBytes(text: string): Uint8Array {
  const bytes = decodeBase64(text);
  if (!bytes) {
    throw new AppError("VALIDATION_ERROR", "data_base64 must be base64 (standard alphabet)", { field: "data_base64" });
  }
  if (bytes.length > collectionLimits.maxFileBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `the file is larger than ${collectionLimits.maxFileBytes} bytes`, {
      field: "data_base64",
    });
  }
  return bytes;
}

/**
 * The photos of the page's recipes that give only an address, fetched (photoFetchLimits.atOnce at a time) and put in
 * place of the address; a failure is the recipe's warning. When a fetched photo takes the page past its photo bytes,
 * `endsAt` is that recipe's index in the file (never the page's first): the page ends before it.
 */
async function fetchedPhotos(read: (ReadRecipe & { index: number })[], photoBytes: number) {
  const wanting = read.filter(({ recipe }) => !recipe.photo && recipe.photoAddress);
  const results = await fetchPhotos(
    wanting.map(({ recipe }) => recipe.photoAddress!),
    env().recipeImportAllowedHosts,
  );
  const photoOf = new Map(wanting.map((recipe, at) => [recipe, results[at]]));
  let bytes = photoBytes;
  for (const [position, item] of read.entries()) {
    const result = photoOf.get(item);
    if (result === undefined) continue;
    if (typeof result === "string") {
      item.recipe = { ...item.recipe, warnings: [...item.recipe.warnings, result] };
      continue;
    }
    if (position > 0 && bytes + result.bytes.length > collectionLimits.maxPagePhotoBytes) {
      return { endsAt: item.index };
    }
    bytes += result.bytes.length;
    item.recipe = { ...item.recipe, photo: result.bytes };
  }
  return { endsAt: null };
}

export const importRecipeFile = defineTool({
  name: "recipe.import_file",
  ...recipeImportFileDocs,
  effect: "read",
  latencyBudgetMs: 5_000,
  maxBodyBytes: importFileBodyBytes,
  inputSchema: RecipeImportFileInput,
  outputSchema: RecipeImportFileResult,
  execute: async (input, context) => {
    const bytes = fileBytes(input.data_base64);
    const key = await fileKey(bytes);
    const budget = new ByteBudget(collectionLimits.maxTotalBytes, collectionLimits.maxTotalBytes);
    const collection = await openCollection(bytes, input.file_name, budget);
    const total = collection.items.length;
    const start = offsetOf(input.cursor, key, total);
    const read: (ReadRecipe & { index: number })[] = [];
    const failures: { entry: string; reason: string; index: number }[] = [];
    let photoBytes = 0;
    let toFetch = 0;
    let next = start;
    while (next < total && next - start < input.limit) {
      const item = collection.items[next];
      try {
        const recipe = await item.read();
        const photo = recipe.photo && recipe.photo.length <= collectionLimits.maxPhotoBytes ? recipe.photo.length : 0;
        const fetches = !recipe.photo && recipe.photoAddress ? 1 : 0;
        // A page ends before the photo that would take it past its photo bytes, or past the photos it fetches (a
        // page has one recipe at least).
        if (read.length > 0 && photoBytes + photo > collectionLimits.maxPagePhotoBytes) break;
        if (toFetch + fetches > photoFetchLimits.perPage) break;
        photoBytes += photo;
        toFetch += fetches;
        read.push({ entry: item.entry, recipe, index: next });
      } catch (error) {
        if (!(error instanceof EntryFailure)) throw error;
        failures.push({ entry: item.entry, reason: error.message, index: next });
      }
      next += 1;
    }
    const fetched = await fetchedPhotos(read, photoBytes);
    if (fetched.endsAt !== null) {
      // The fetched photos took the page past its photo bytes: it ends before the first that did.
      next = fetched.endsAt;
      read.splice(read.findIndex((recipe) => recipe.index >= next));
      failures.splice(0, failures.length, ...failures.filter((failure) => failure.index < next));
    }
    const page = await draftsOfPage(read, context);
    return {
      format: collection.format,
      total,
      recipes: page.drafts,
      failures: [...failures.map(({ entry, reason }) => ({ entry, reason })), ...page.failures],
      next_cursor: next < total ? `${next}.${key}` : null,
    };
  },
});

export const recipeImportFileTools = [importRecipeFile];
