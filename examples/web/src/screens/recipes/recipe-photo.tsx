/// <reference lib="dom" />
// The recipe's photo on its screen, and a way to add or replace it: the picture is chosen (a phone offers its camera),
// made smaller here (photo-shrink.ts), uploaded with supabase.storage to the private bucket under the household's
// folder for this recipe, then recorded on the recipe (recipe.set_photo); the photo it replaced is removed from
// Storage after that. It is shown through a signed URL.
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { shrinkPhoto } from "./photo-shrink.ts";
import { forgetPhotoUrl, photoBucket, signedPhotoUrls } from "./photo-urls.ts";

/** What Storage's refusal means for the person, in words. */
function uploadError(error: { message: string; statusCode?: string }): ApiError {
  const words: Record<string, string> = {
    "413": "The photo is too large, even made smaller: at most 5 MB.",
    "415": "Only JPEG, PNG or WebP photos can be added.",
    "403": "You cannot add photos to this recipe.",
  };
  return new ApiError(
    "PHOTO",
    words[error.statusCode ?? ""] ?? `The photo could not be uploaded: ${error.message}`,
    null,
  );
}

export function RecipePhoto(
  { recipeId, title, photoPath, canChange, onChanged }: {
    recipeId: string;
    title: string;
    photoPath: string | null;
    canChange: boolean;
    onChanged: (photoPath: string) => void;
  },
) {
  const { api, supabase, household, announce } = useApp();
  const [url, setUrl] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const show = useAction();
  const upload = useAction();

  useEffect(() => {
    setUrl(null);
    if (!photoPath) return;
    show.run(async () => {
      const urls = await signedPhotoUrls(supabase, [photoPath]);
      setUrl(urls.get(photoPath) ?? null);
    });
  }, [photoPath]);

  async function choose(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const result = await upload.run(async () => {
      setStatus("Making the photo smaller…");
      const jpeg = await shrinkPhoto(file).catch((error: Error) => {
        throw new ApiError("PHOTO", error.message, null);
      });
      setStatus("Uploading the photo…");
      const path = `${household.id}/${recipeId}/${crypto.randomUUID()}.jpg`;
      const stored = await supabase.storage.from(photoBucket).upload(path, jpeg, { contentType: "image/jpeg" });
      if (stored.error) throw uploadError(stored.error as { message: string; statusCode?: string });
      const recorded = await api.tools().recipe.setPhoto({ recipe_id: recipeId, photo_path: path }, api.once());
      if (recorded.previous_photo_path) {
        forgetPhotoUrl(recorded.previous_photo_path);
        // The replaced photo is no longer shown anywhere; if removing it fails, it only takes room.
        await supabase.storage.from(photoBucket).remove([recorded.previous_photo_path]).catch(() => {});
      }
      return path;
    });
    setStatus("");
    if (!result) return;
    onChanged(result);
    announce(photoPath ? "Replaced the photo." : "Added a photo.");
  }

  return (
    <section class="recipe-photo" aria-label="Photo">
      {photoPath
        ? url
          ? <img src={url} alt={`Photo of ${title}`} class="recipe-photo-image" />
          : show.error
          ? null
          : <p class="loading">Loading the photo…</p>
        : null}
      <ErrorMessage error={show.error} />
      {canChange
        ? (
          <label class="photo-picker">
            {photoPath ? "Replace photo" : "Add a photo"}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              class="visually-hidden"
              disabled={upload.busy}
              onChange={choose}
            />
          </label>
        )
        : null}
      {status ? <p class="hint" role="status">{status}</p> : null}
      <ErrorMessage error={upload.error} />
    </section>
  );
}
