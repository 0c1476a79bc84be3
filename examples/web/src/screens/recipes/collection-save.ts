// Saving a collection's recipes through recipe.create_many, in chunks: each chunk gets its Idempotency-Key when the
// plan is made and keeps it, so that a retry after a lost reply is answered from the first call instead of saving
// the chunk twice. Pure, so that the chunking and the tally are tested without a browser.
import type { RecipeCreateManyInput, RecipeCreateManyOutput } from "@meal-planner/client/tools-client.generated.ts";

export type CollectionRecipe = RecipeCreateManyInput["recipes"][number];
export type RecipeOutcome = RecipeCreateManyOutput["results"][number];
export type SaveSummary = RecipeCreateManyOutput["summary"];

export interface SaveChunk {
  /** Positions of the chunk's recipes in the list the plan was made from. */
  positions: number[];
  recipes: CollectionRecipe[];
  idempotencyKey: string;
}

/** recipe.create_many takes 50 a call; fewer keep each reply quick and the progress moving. */
export const chunkLimits = { maxRecipes: 25, maxBytes: 512 * 1024 };

/**
 * The recipes in chunks of at most `maxRecipes` and about `maxBytes` of JSON (the tools take a body of 1 MiB at
 * most), in their order, each with a key of its own. A recipe larger than `maxBytes` alone is a chunk alone.
 */
export function planChunks(
  recipes: CollectionRecipe[],
  newKey: () => string = () => crypto.randomUUID(),
  limits = chunkLimits,
): SaveChunk[] {
  const chunks: SaveChunk[] = [];
  let current: SaveChunk | null = null;
  let bytes = 0;
  recipes.forEach((recipe, position) => {
    const size = new TextEncoder().encode(JSON.stringify(recipe)).length + 1;
    if (!current || current.recipes.length >= limits.maxRecipes || bytes + size > limits.maxBytes) {
      current = { positions: [], recipes: [], idempotencyKey: newKey() };
      chunks.push(current);
      bytes = 0;
    }
    current.positions.push(position);
    current.recipes.push(recipe);
    bytes += size;
  });
  return chunks;
}

export const emptySummary: SaveSummary = { created: 0, updated: 0, restored: 0, skipped: 0, refused: 0 };

export function addSummaries(total: SaveSummary, more: SaveSummary): SaveSummary {
  return {
    created: total.created + more.created,
    updated: total.updated + more.updated,
    restored: total.restored + more.restored,
    skipped: total.skipped + more.skipped,
    refused: total.refused + more.refused,
  };
}

/** "1,000": counts as a person reads them. */
export function countWords(count: number): string {
  return count.toLocaleString("en-GB");
}

const plural = (count: number, word: string) => `${countWords(count)} ${count === 1 ? word : `${word}s`}`;

/** The whole save in a sentence, as the tool says one call: "Saved 3 recipes (2 new, 1 updated); 1 skipped…". */
export function summaryWords(summary: SaveSummary): string {
  const saved = summary.created + summary.updated + summary.restored;
  const parts = [
    summary.created ? `${countWords(summary.created)} new` : "",
    summary.updated ? `${countWords(summary.updated)} updated` : "",
    summary.restored ? `${countWords(summary.restored)} brought back` : "",
  ].filter(Boolean);
  return [
    saved ? `Saved ${plural(saved, "recipe")} (${parts.join(", ")})` : "Saved no recipe",
    summary.skipped ? `${countWords(summary.skipped)} skipped, already saved` : "",
    summary.refused ? `${countWords(summary.refused)} refused` : "",
  ].filter(Boolean).join("; ") + ".";
}

/** What happened to one recipe, in a few words for its row in the list. */
export function outcomeWords(outcome: RecipeOutcome): string {
  if (outcome.status === "refused") return `Not saved: ${outcome.message}`;
  return outcomeStatusWords[outcome.status];
}

const outcomeStatusWords: Record<Exclude<RecipeOutcome["status"], "refused">, string> = {
  created: "Saved",
  updated: "Updated with the file's content",
  restored: "Brought back (it had been deleted)",
  skipped: "Skipped: already saved",
};
