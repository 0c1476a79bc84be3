/// <reference lib="dom" />
// The photo a recipe page names, shown under its draft (recipe.import_url fetched it): kept with the recipe when it is
// saved unless the person unticks it; or, when the page named one that could not be fetched, why, in words.
import { useEffect, useState } from "preact/hooks";
import type { ImportedPhoto } from "./collection-file.ts";
import { photoBlob } from "./collection-photos.ts";

export function DraftPhoto(
  { photo, warnings, keep, onKeep }: {
    photo: ImportedPhoto | null;
    warnings: string[];
    keep: boolean;
    onKeep: (keep: boolean) => void;
  },
) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return;
    const objectUrl = URL.createObjectURL(photoBlob(photo));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo]);

  if (!photo) {
    return warnings.length > 0
      ? <p class="draft-photo-note">The page's photo could not be brought in: {warnings.join("; ")}.</p>
      : null;
  }
  return (
    <figure class="draft-photo">
      {url ? <img class="recipe-photo-image" src={url} alt="The photo from the recipe page" /> : null}
      <figcaption>
        <label class="draft-photo-keep">
          <input type="checkbox" checked={keep} onChange={(event) => onKeep(event.currentTarget.checked)} />
          Save this photo with the recipe
        </label>
      </figcaption>
    </figure>
  );
}
