// The recipes' photos for recipe.export, read from Storage as the caller: the caller's own access token goes to the
// Storage API (`GET /storage/v1/object/authenticated/recipe-photos/<path>`), so the policies on storage.objects decide
// what is read, exactly as for the app. Called with fetch rather than storage-js: the recipe function then loads no
// Storage client at all. Each photo is bounded in bytes while it is read and checked by content; the photos together
// are bounded by what the archive may still carry. A photo that cannot be read leaves its recipe without one, with a
// warning: the export never fails for a photo.
import { env } from "../../config/env.ts";
import { bytesAtMost, declaredOver } from "../../http/bounded-read.ts";
import { checkedPhotoBytes } from "../../recipe-collections/photo.ts";
import type { ExportedRecipe } from "../../recipe-collections/export-recipes.ts";
import { exportLimits } from "./export-results.ts";

export const photoBucket = "recipe-photos";

export interface ExportPhoto {
  bytes: Uint8Array;
  /** The file's extension for its type, told from its bytes: jpg, png or webp. */
  extension: "jpg" | "png" | "webp";
}

const extensions = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;

export interface PhotoReader {
  /** The object's bytes, or a sentence saying why it cannot be had; never throws. */
  read(path: string): Promise<Uint8Array | string>;
}

async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array | string> {
  if (declaredOver(response.headers.get("content-length"), maxBytes)) {
    await response.body?.cancel();
    return `it is over ${maxBytes} bytes`;
  }
  return await bytesAtMost(response.body, maxBytes) ?? `it is over ${maxBytes} bytes`;
}

/** Reads objects of the recipe-photos bucket with the caller's token, through the project's Storage API. */
export function storagePhotoReader(accessToken: string): PhotoReader {
  const { supabaseUrl, supabaseAnonKey } = env();
  return {
    async read(path) {
      if (!supabaseUrl) return "Storage is not configured for the functions (SUPABASE_URL is unset)";
      const name = path.split("/").map(encodeURIComponent).join("/");
      try {
        const response = await fetch(`${supabaseUrl}/storage/v1/object/authenticated/${photoBucket}/${name}`, {
          headers: {
            authorization: `Bearer ${accessToken}`,
            ...(supabaseAnonKey ? { apikey: supabaseAnonKey } : {}),
          },
          signal: AbortSignal.timeout(exportLimits.photoReadTimeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          // Storage answers a missing object, and one the policies hide, alike.
          return response.status === 400 || response.status === 404
            ? "it is no longer in Storage"
            : `Storage answered ${response.status}`;
        }
        return await readBounded(response, exportLimits.maxPhotoBytes);
      } catch {
        return `Storage did not answer within ${exportLimits.photoReadTimeoutMs / 1000} s`;
      }
    },
  };
}

export interface ExportPhotos {
  /** The photo of each recipe that has one in the export, by recipe id. */
  photos: Map<string, ExportPhoto>;
  warnings: string[];
}

/** The bytes a file's entry adds to a zip beside its data: its two headers with its name (at most ~80 bytes). */
export const zipEntryOverhead = 256;

function titles(recipes: ExportedRecipe[]): string {
  const named = recipes.slice(0, 5).map((recipe) => JSON.stringify(recipe.title)).join(", ");
  return recipes.length > 5 ? `${named} and ${recipes.length - 5} more` : named;
}

/**
 * The recipes' photos, read a few at a time in the export's order (by title), kept while they (with their zip
 * entries) stay within `budget` bytes and `exportLimits.maxPhotos`: the first photo that would pass either, and every
 * photo after it, is left out and named in one warning. Deterministic: the same recipes and photos give the same.
 */
export async function exportPhotos(
  recipes: ExportedRecipe[],
  reader: PhotoReader | null,
  budget: number,
): Promise<ExportPhotos> {
  const photos = new Map<string, ExportPhoto>();
  const warnings: string[] = [];
  const withPhoto = recipes.filter((recipe) => recipe.photo_path !== null);
  if (withPhoto.length === 0) return { photos, warnings };
  if (!reader) {
    warnings.push(
      `${withPhoto.length === 1 ? "1 photo was" : `${withPhoto.length} photos were`} left out: this call came ` +
        "without an access token to read them with",
    );
    return { photos, warnings };
  }
  let used = 0;
  let next = 0;
  let full = false;
  while (next < withPhoto.length && !full) {
    const batch = withPhoto.slice(next, next + exportLimits.photoReadsAtOnce);
    const read = await Promise.all(batch.map((recipe) => reader.read(recipe.photo_path!)));
    for (const [index, recipe] of batch.entries()) {
      const result = read[index];
      const checked = typeof result === "string" ? result : checkedPhotoBytes(result);
      if (typeof checked === "string") {
        warnings.push(`${JSON.stringify(recipe.title)} is exported without its photo: ${checked}`);
        next += 1;
        continue;
      }
      const cost = checked.bytes.length + zipEntryOverhead;
      if (photos.size === exportLimits.maxPhotos || used + cost > budget) {
        full = true;
        break;
      }
      used += cost;
      photos.set(recipe.id, { bytes: checked.bytes, extension: extensions[checked.type] });
      next += 1;
    }
  }
  const leftOut = withPhoto.slice(next);
  if (leftOut.length > 0) {
    warnings.push(
      `${leftOut.length === 1 ? "1 photo was" : `${leftOut.length} photos were`} left out (of ${titles(leftOut)}): ` +
        `an export carries at most ` +
        `${exportLimits.maxPhotos} photos and an archive of ${exportLimits.maxZipBytes} bytes`,
    );
  }
  return { photos, warnings };
}
