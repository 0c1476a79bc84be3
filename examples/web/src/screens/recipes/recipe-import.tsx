/// <reference lib="dom" />
// Import a recipe from a web page (recipe.import_url), a photo (media.ocr_image) or pasted text
// (recipe.parse_text) into a draft; the person fixes what was not read or matched, then saves it (recipe.create).
// Or bring a whole collection from another app (collection-import.tsx).
import { useState } from "preact/hooks";
import type {
  RecipeCreateInput,
  RecipeImportUrlOutput,
  RecipeParseTextOutput,
} from "@meal-planner/client/tools-client.generated.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { type Draft, draftFromParse, lineSavable } from "./draft.ts";
import { PhotoSource } from "./photo-source.tsx";
import { CollectionImport } from "./collection-import.tsx";
import { saveImportedPhoto } from "./collection-photos.ts";
import { DraftPhoto } from "./draft-photo.tsx";
import { LinesNotUsed } from "./lines-not-used.tsx";
import { RecipeForm } from "./recipe-form.tsx";

export type Parsed = Pick<RecipeParseTextOutput, "draft" | "lines" | "other_lines" | "ready">;
type Source = "url" | "photo" | "text" | "collection";
type PagePhoto = Pick<RecipeImportUrlOutput, "photo" | "warnings">;

const sourceNames: Record<Source, string> = {
  url: "A web page",
  photo: "A photo",
  text: "Pasted text",
  collection: "Another app",
};

export function RecipeImport() {
  const { api, supabase, household, announce, navigate } = useApp();
  const [source, setSource] = useState<Source>("url");
  const [url, setUrl] = useState("");
  const [text, setText] = useState("");
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [draft, setDraft] = useState<{ draft: Draft; count: number } | null>(null);
  // The photo a recipe page names (none for text or a photo of a printed recipe), and whether to keep it.
  const [pagePhoto, setPagePhoto] = useState<PagePhoto>({ photo: null, warnings: [] });
  const [keepPhoto, setKeepPhoto] = useState(true);
  const read = useAction();
  const save = useAction();

  function show(result: Parsed, photo: PagePhoto = { photo: null, warnings: [] }) {
    setParsed(result);
    setPagePhoto(photo);
    setKeepPhoto(true);
    setDraft((current) => ({ draft: draftFromParse(result), count: (current?.count ?? 0) + 1 }));
    const toFix = result.lines.filter((line) => !lineSavable(line)).length;
    const toLook = result.lines.filter((line) => lineSavable(line) && line.problems.length > 0).length;
    announce(
      `Read ${result.lines.length} ingredient lines` +
        (toFix
          ? `; ${toFix} ${toFix === 1 ? "needs" : "need"} fixing before saving.`
          : toLook
          ? `; all of them matched, ${toLook} worth a look.`
          : "; all of them matched."),
    );
  }

  async function readUrl(event: Event) {
    event.preventDefault();
    const result = await read.run(() => api.tools().recipe.importUrl({ url: url.trim() }));
    if (result) show(result, { photo: result.photo, warnings: result.warnings });
  }

  async function readText(event: Event) {
    event.preventDefault();
    const result = await read.run(() => api.tools().recipe.parseText({ text }));
    if (result) show(result);
  }

  async function onSave(input: RecipeCreateInput) {
    const created = await save.run(() => api.tools().recipe.create(input, api.once()));
    if (!created) return;
    const photo = keepPhoto ? pagePhoto.photo : null;
    // The recipe is saved whatever becomes of its photo: a photo that cannot be saved is said, and can be added
    // again on the recipe's screen.
    const photoSaved = photo
      ? await saveImportedPhoto({ api, supabase, householdId: household.id }, created.recipe_id, photo)
        .then(() => true, () => false)
      : true;
    announce(
      photoSaved
        ? `Saved “${input.title}”${photo ? " with its photo" : ""}.`
        : `Saved “${input.title}”; its photo could not be saved: add it on the recipe's screen.`,
    );
    navigate({ screen: "recipes", recipeId: created.recipe_id });
  }

  return (
    <section aria-labelledby="import-heading" class="recipe-import">
      <h1 id="import-heading">Import a recipe</h1>
      <fieldset class="source-choice">
        <legend>Import from</legend>
        {(Object.keys(sourceNames) as Source[]).map((name) => (
          <label key={name}>
            <input
              type="radio"
              name="import-source"
              checked={source === name}
              onChange={() => {
                setSource(name);
                read.clear();
              }}
            />
            {sourceNames[name]}
          </label>
        ))}
      </fieldset>
      {source === "url"
        ? (
          <form onSubmit={readUrl} class="import-source">
            <label>
              <span>Recipe page address</span>
              <input
                type="url"
                value={url}
                placeholder="https://"
                onInput={(event) => setUrl(event.currentTarget.value)}
              />
            </label>
            <button type="submit" disabled={read.busy || !url.trim()}>
              {read.busy ? "Reading the page…" : "Read the page"}
            </button>
          </form>
        )
        : source === "collection"
        ? <CollectionImport />
        : source === "text"
        ? (
          <form onSubmit={readText} class="import-source">
            <label>
              <span>Recipe text (title, ingredients, method)</span>
              <textarea rows={10} value={text} onInput={(event) => setText(event.currentTarget.value)} />
            </label>
            <button type="submit" disabled={read.busy || !text.trim()}>
              {read.busy ? "Reading…" : "Read the text"}
            </button>
          </form>
        )
        : (
          <PhotoSource
            onRead={(result, extracted) => {
              setText(extracted);
              show(result);
            }}
            onUseText={() => setSource("text")}
          />
        )}
      <ErrorMessage error={read.error} />
      {parsed && draft && source !== "collection"
        ? (
          <section aria-labelledby="draft-heading" class="import-draft">
            <h2 id="draft-heading">Check the draft</h2>
            <p>
              {parsed.lines.filter(lineSavable).length} of {parsed.lines.length} ingredient lines were read and matched.
              {" "}
              {!parsed.ready
                ? "Fix the lines marked below, then save."
                : parsed.lines.some((line) => line.problems.length > 0)
                ? "It is ready to save; the lines marked below are worth a look."
                : "It is ready to save."}
            </p>
            <LinesNotUsed lines={parsed.other_lines} summary={`Lines not used (${parsed.other_lines.length})`} />
            <DraftPhoto
              photo={pagePhoto.photo}
              warnings={pagePhoto.warnings}
              keep={keepPhoto}
              onKeep={setKeepPhoto}
            />
            <RecipeForm
              key={draft.count}
              initial={draft.draft}
              saveLabel="Save recipe"
              busy={save.busy}
              error={save.error}
              onSave={onSave}
              onCancel={() => {
                setParsed(null);
                setDraft(null);
              }}
            />
          </section>
        )
        : null}
    </section>
  );
}
