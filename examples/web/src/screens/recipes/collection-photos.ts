/// <reference lib="dom" />
// The photos of a collection's recipes, saved after their chunk: only for a recipe the save created or brought back
// (one skipped or updated keeps its own photo), one at a time, as the recipe screen adds a photo: made smaller here
// (photo-shrink.ts), uploaded to the household's folder for the recipe, then recorded with recipe.set_photo. The
// bytes are read again from the file's page the draft came from (collection-file.ts), and only the last page read is
// kept: the chunks of a page follow each other, so a page is read again about once. A photo that cannot be saved is
// counted, never thrown: the recipe is saved either way.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Api } from "../../api.ts";
import { type ImportedPhoto, readPagePhotos } from "./collection-file.ts";
import { shrinkPhoto } from "./photo-shrink.ts";
import { photoBucket } from "./photo-urls.ts";

export interface WantedPhoto {
  recipeId: string;
  identity: string;
  pageCursor: string | null;
}

/** The last page whose photos were read, kept for the next chunk of the same page. */
export interface PhotoPage {
  pageCursor: string | null;
  photos: Map<string, ImportedPhoto>;
}

export interface PhotoContext {
  api: Api;
  supabase: SupabaseClient;
  householdId: string;
  file: File;
}

export function photoBlob(photo: ImportedPhoto): Blob {
  const bytes = Uint8Array.from(atob(photo.data_base64.replace(/^data:[^,]*,/, "")), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: photo.media_type });
}

/**
 * An imported photo saved for a saved recipe, as the recipe screen adds one: made smaller, uploaded to the household's
 * folder for the recipe, recorded with recipe.set_photo. Also the single-page import's (recipe-import.tsx).
 */
export async function saveImportedPhoto(
  context: Pick<PhotoContext, "api" | "supabase" | "householdId">,
  recipeId: string,
  photo: ImportedPhoto,
): Promise<void> {
  const jpeg = await shrinkPhoto(photoBlob(photo));
  const path = `${context.householdId}/${recipeId}/${crypto.randomUUID()}.jpg`;
  const stored = await context.supabase.storage.from(photoBucket).upload(path, jpeg, { contentType: "image/jpeg" });
  if (stored.error) throw stored.error;
  // A photo a restored recipe had stays in Storage: history.undo of this change shows it again, and the sweep of
  // photos no recipe shows removes it otherwise.
  await context.api.tools().recipe.setPhoto({ recipe_id: recipeId, photo_path: path }, context.api.once());
}

/**
 * Saves each wanted photo in turn, `onDone` told after each; returns how many could not be saved. `page` holds the
 * last page read and is updated in place.
 */
export async function saveCollectionPhotos(
  context: PhotoContext,
  wanted: WantedPhoto[],
  page: { current: PhotoPage | null },
  onDone: (failed: boolean) => void,
): Promise<number> {
  let failures = 0;
  for (const photo of wanted) {
    let saved = false;
    try {
      if (!page.current || page.current.pageCursor !== photo.pageCursor) {
        page.current = null;
        page.current = {
          pageCursor: photo.pageCursor,
          photos: await readPagePhotos(context.api, context.file, photo.pageCursor),
        };
      }
      const bytes = page.current.photos.get(photo.identity);
      if (bytes) {
        await saveImportedPhoto(context, photo.recipeId, bytes);
        saved = true;
      }
    } catch {
      // Counted and said in the result; the recipe stays saved.
    }
    if (!saved) failures += 1;
    onDone(!saved);
  }
  return failures;
}
