/// <reference lib="dom" />
// "Bring recipes from another app": a collection file (Paprika, Mealie, Tandoor, Nextcloud Cookbook, RecipeSage,
// schema.org JSON-LD, Cooklang) read by recipe.import_file into drafts; the ready ones saved through
// recipe.create_many in chunks, with progress. A chunk keeps its Idempotency-Key until it is answered, so "Try
// again" after a lost reply is answered from the first call and nothing is saved twice; a second import of the
// same file finds the recipes the first saved (skipped, or updated if the person asks). After each chunk, the photos
// of the recipes it created are saved one at a time (collection-photos.ts); a photo that fails is counted, not fatal.
import { useRef, useState } from "preact/hooks";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { routeHash } from "../../routes.ts";
import {
  collectionFileTypes,
  formatNames,
  maxCollectionFileBytes,
  type ReadCollection,
  readCollection,
} from "./collection-file.ts";
import { CollectionDrafts, type CollectionItem, itemSavable } from "./collection-drafts.tsx";
import {
  addSummaries,
  type CollectionRecipe,
  countWords,
  emptySummary,
  planChunks,
  type SaveChunk,
  type SaveSummary,
  summaryWords,
} from "./collection-save.ts";
import { ApiError } from "../../api.ts";
import { type PhotoPage, saveCollectionPhotos, type WantedPhoto } from "./collection-photos.ts";

type OnExisting = "skip" | "update";

interface SavePlan {
  chunks: SaveChunk[];
  /** The item each planned recipe came from, by its position in the plan. */
  itemIndexes: number[];
  onExisting: OnExisting;
  next: number;
  done: number;
  total: number;
  summary: SaveSummary;
  photos: PhotoTally;
  /** The file the drafts were read from, to read their photos again. */
  file: File;
  photoPage: { current: PhotoPage | null };
}

interface PhotoTally {
  done: number;
  total: number;
  failed: number;
}

interface SaveProgress {
  done: number;
  total: number;
  photos: PhotoTally;
  finished: SaveSummary | null;
}

const photosWord = (count: number) => `${countWords(count)} ${count === 1 ? "photo" : "photos"}`;

/** "Saved 5 of 10 recipes, 3 of 5 photos". */
function progressWords(progress: SaveProgress): string {
  const recipes = `Saved ${countWords(progress.done)} of ${recipesWord(progress.total)}`;
  return progress.photos.total
    ? `${recipes}, ${countWords(progress.photos.done)} of ${photosWord(progress.photos.total)}`
    : recipes;
}

function recipeOf(item: CollectionItem): CollectionRecipe {
  const identity = { source_identity: item.imported.source.identity };
  if (item.fixed) return { ...item.fixed, ...identity };
  const { title, ingredients, instructions, servings, tags, notes } = item.imported.draft;
  return {
    title: title ?? "",
    ingredients: ingredients as CollectionRecipe["ingredients"],
    ...(instructions ? { instructions } : {}),
    ...(servings ? { servings } : {}),
    ...(tags?.length ? { tags } : {}),
    ...(notes ? { notes } : {}),
    ...identity,
  };
}

const recipesWord = (count: number) => `${countWords(count)} ${count === 1 ? "recipe" : "recipes"}`;

/** The save's summary, and the photos that could not be saved if any ("2 photos could not be saved."). */
function resultWords(summary: SaveSummary, photos: PhotoTally): string {
  const failed = photos.failed ? ` ${photosWord(photos.failed)} could not be saved.` : "";
  return summaryWords(summary) + failed;
}

export function CollectionImport() {
  const { api, supabase, household, announce } = useApp();
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState<{ read: number; total: number } | null>(null);
  const [collection, setCollection] = useState<ReadCollection | null>(null);
  const [items, setItems] = useState<CollectionItem[]>([]);
  const [onExisting, setOnExisting] = useState<OnExisting>("skip");
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const readFrom = useRef<File | null>(null);
  const plan = useRef<SavePlan | null>(null);
  const read = useAction();
  const save = useAction();

  const saving = progress !== null && progress.finished === null;
  const chosen = items.filter((item) => item.include && itemSavable(item) && !item.outcome);
  const readyCount = items.filter((item) => itemSavable(item)).length;

  async function readFile(event: Event) {
    event.preventDefault();
    if (!file) return;
    if (file.size > maxCollectionFileBytes) {
      read.setError(
        new ApiError("PAYLOAD_TOO_LARGE", `The file is over ${maxCollectionFileBytes / 1024 / 1024} MB.`, null),
      );
      return;
    }
    setCollection(null);
    setProgress(null);
    plan.current = null;
    setReading({ read: 0, total: 0 });
    const result = await read.run(() => readCollection(api, file, (done, total) => setReading({ read: done, total })));
    setReading(null);
    if (!result) return;
    readFrom.current = file;
    setCollection(result);
    setItems(result.drafts.map((imported) => ({
      imported,
      fixed: null,
      include: imported.ready,
      editing: false,
      outcome: null,
    })));
    const ready = result.drafts.filter((draft) => draft.ready).length;
    announce(`Read ${recipesWord(result.drafts.length)}: ${countWords(ready)} ready to save.`);
  }

  function change(index: number, fields: Partial<CollectionItem>) {
    setItems((current) => current.map((item, at) => at === index ? { ...item, ...fields } : item));
  }

  function startSaving() {
    const indexes = items.flatMap((item, index) => chosen.includes(item) ? [index] : []);
    const chunks = planChunks(indexes.map((index) => recipeOf(items[index])));
    plan.current = {
      chunks,
      itemIndexes: indexes,
      onExisting,
      next: 0,
      done: 0,
      total: indexes.length,
      summary: emptySummary,
      photos: { done: 0, total: 0, failed: 0 },
      file: readFrom.current!,
      photoPage: { current: null },
    };
    void continueSaving();
  }

  async function continueSaving() {
    const current = plan.current;
    if (!current) return;
    const tell = (finished: SaveSummary | null = null) =>
      setProgress({ done: current.done, total: current.total, photos: { ...current.photos }, finished });
    tell();
    while (current.next < current.chunks.length) {
      const chunk = current.chunks[current.next];
      const reply = await save.run(() =>
        api.tools().recipe.createMany(
          { recipes: chunk.recipes, on_existing: current.onExisting },
          api.once(chunk.idempotencyKey),
        )
      );
      if (!reply) return;
      const outcomes = new Map(
        reply.results.map((outcome) => [current.itemIndexes[chunk.positions[outcome.index]], outcome]),
      );
      setItems((items) =>
        items.map((item, index) => outcomes.has(index) ? { ...item, outcome: outcomes.get(index)! } : item)
      );
      current.summary = addSummaries(current.summary, reply.summary);
      current.done += chunk.recipes.length;
      current.next += 1;
      // Only a recipe this save made gets the file's photo: one skipped or updated keeps its own.
      const wanted: WantedPhoto[] = reply.results.flatMap((outcome) => {
        const imported = items[current.itemIndexes[chunk.positions[outcome.index]]].imported;
        return (outcome.status === "created" || outcome.status === "restored") && outcome.recipe_id &&
            imported.hasPhoto
          ? [{ recipeId: outcome.recipe_id, identity: imported.source.identity, pageCursor: imported.pageCursor }]
          : [];
      });
      current.photos.total += wanted.length;
      tell();
      await saveCollectionPhotos(
        { api, supabase, householdId: household.id, file: current.file },
        wanted,
        current.photoPage,
        (failed) => {
          current.photos.done += 1;
          if (failed) current.photos.failed += 1;
          tell();
        },
      );
    }
    current.photoPage.current = null;
    tell(current.summary);
    announce(resultWords(current.summary, current.photos));
  }

  const refused = items.filter((item) => item.outcome?.status === "refused");

  return (
    <section aria-labelledby="collection-heading" class="collection-import">
      <h2 id="collection-heading">Bring recipes from another app</h2>
      <p class="hint">
        An export from Paprika, Mealie, Tandoor, Nextcloud Cookbook or RecipeSage, a schema.org JSON-LD file or
        Cooklang. Nothing is saved until you choose to.
      </p>
      <form class="import-source" onSubmit={readFile}>
        <label>
          <span>Collection file</span>
          <input
            type="file"
            accept={collectionFileTypes}
            disabled={reading !== null || saving}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" disabled={!file || reading !== null || saving}>
          {reading ? "Reading the file…" : "Read the file"}
        </button>
      </form>
      {reading && reading.total > 0
        ? <p role="status">Read {countWords(reading.read)} of {recipesWord(reading.total)}…</p>
        : null}
      <ErrorMessage error={read.error} />
      {collection
        ? (
          <section aria-labelledby="collection-drafts-heading" class="collection-read">
            <h3 id="collection-drafts-heading">
              {recipesWord(collection.drafts.length)} from{" "}
              {collection.format ? formatNames[collection.format] : "the file"}
            </h3>
            <p>
              {countWords(readyCount)} ready to save
              {items.length - readyCount ? `, ${countWords(items.length - readyCount)} need attention` : ""}.
              {collection.failures.length
                ? ` ${countWords(collection.failures.length)} could not be read (listed below).`
                : ""}
            </p>
            <fieldset class="source-choice" disabled={saving}>
              <legend>Recipes saved from this file before</legend>
              <label>
                <input
                  type="radio"
                  name="on-existing"
                  checked={onExisting === "skip"}
                  onChange={() => setOnExisting("skip")}
                />
                Skip them
              </label>
              <label>
                <input
                  type="radio"
                  name="on-existing"
                  checked={onExisting === "update"}
                  onChange={() => setOnExisting("update")}
                />
                Update them from the file (each keeps a revision of what it was)
              </label>
            </fieldset>
            <div class="collection-save">
              {chosen.length > 0 || !progress
                ? (
                  <button type="button" disabled={saving || chosen.length === 0} onClick={startSaving}>
                    Save {countWords(chosen.length)} ready {chosen.length === 1 ? "recipe" : "recipes"}
                  </button>
                )
                : null}
              {progress
                ? (
                  <div class="collection-progress">
                    <progress max={progress.total} value={progress.done} aria-label="Saving recipes" />
                    <p role="status">{progressWords(progress)}</p>
                  </div>
                )
                : null}
            </div>
            {save.error
              ? (
                <div class="collection-save-error">
                  <p>
                    Saving stopped after {countWords(progress?.done ?? 0)} of{" "}
                    {countWords(progress?.total ?? 0)}. Trying again saves nothing twice.
                  </p>
                  <ErrorMessage error={save.error} />
                  <button type="button" disabled={save.busy} onClick={() => void continueSaving()}>Try again</button>
                </div>
              )
              : null}
            {progress?.finished
              ? (
                <div class="collection-result">
                  <p>
                    <strong>{resultWords(progress.finished, progress.photos)}</strong>
                  </p>
                  {refused.length
                    ? (
                      <ul>
                        {refused.map((item) => (
                          <li key={item.imported.source.identity}>
                            {item.imported.draft.title}: {item.outcome!.message}
                          </li>
                        ))}
                      </ul>
                    )
                    : null}
                  <a href={routeHash({ screen: "recipes" })}>See your recipes</a>
                </div>
              )
              : null}
            <CollectionDrafts items={items} locked={saving} onChange={change} />
            {collection.failures.length
              ? (
                <details>
                  <summary>Could not be read ({countWords(collection.failures.length)})</summary>
                  <ul>
                    {collection.failures.map((failure) => <li key={failure.entry}>{failure.entry}: {failure.reason}
                    </li>)}
                  </ul>
                </details>
              )
              : null}
          </section>
        )
        : null}
    </section>
  );
}
