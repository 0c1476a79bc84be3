// A page of a collection's recipes into drafts: each line read as every import reads it, its headings, steps and
// notes sorted out of the ingredients as a page's are, every name of the page looked up in the one call of
// app.recipe_import_file (the matcher of recipe.parse_text), then each recipe's draft built and judged ready as
// recipe.parse_text's is, with what the file says of servings, tags and notes.
import type { ParsedRecipeText } from "../../recipe-reading/recipe-text.ts";
import { splitPairedLines } from "../../recipe-reading/paired-line.ts";
import { sortedCollectionRecipe } from "../../recipe-collections/sorted-lines.ts";
import type { CollectionRecipe } from "../../recipe-collections/collection-recipe.ts";
import { checkedPhoto } from "../../recipe-collections/photo.ts";
import type { ToolContext } from "../define-tool.ts";
import { limits } from "../fields.ts";
import { createRecipe, draftOfLookedUp, lookUpLines, type ParsedLine } from "./tools.ts";
import type { ImportedRecipeDraft } from "./import-file-results.ts";

export interface ReadRecipe {
  entry: string;
  recipe: CollectionRecipe;
}

export interface PageDrafts {
  drafts: ImportedRecipeDraft[];
  failures: { entry: string; reason: string }[];
}

/** Servings as a whole number 1–100: a number rounded, or the first number in the text ("Serves 4-6": 4). */
function servingsOf(servings: CollectionRecipe["servings"], warnings: string[]): number | undefined {
  if (servings === null) return undefined;
  const number = typeof servings === "number"
    ? servings
    : Number(/\d+(?:[.,]\d+)?/.exec(servings)?.[0]?.replace(",", "."));
  if (!Number.isFinite(number) || number < 0.5) {
    warnings.push(`the servings ${JSON.stringify(String(servings))} were not read as a number`);
    return undefined;
  }
  const whole = Math.min(100, Math.max(1, Math.round(number)));
  if (String(whole) !== String(servings).trim()) {
    warnings.push(`the servings ${JSON.stringify(String(servings))} were read as ${whole}`);
  }
  return whole;
}

function tagsOf(tags: string[], warnings: string[]): string[] | undefined {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags.map((tag) => tag.trim()).filter(Boolean)) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    if (tag.length > 50) {
      warnings.push(`the tag ${JSON.stringify(tag.slice(0, 60))}… is over 50 characters and was left out`);
    } else kept.push(tag);
  }
  if (kept.length > 30) warnings.push(`the recipe has ${kept.length} tags; the first 30 were kept`);
  return kept.length > 0 ? kept.slice(0, 30) : undefined;
}

function notesOf(notes: string | null, warnings: string[]): string | undefined {
  if (notes === null) return undefined;
  if (notes.length <= 5000) return notes;
  warnings.push(`the notes are ${notes.length} characters; the first 5000 were kept`);
  return notes.slice(0, 5000);
}

/** The recipe's content, case and spacing folded: what the identity of a recipe without an app id is made of. */
export async function contentIdentity(recipe: CollectionRecipe): Promise<string> {
  const fold = (text: string | null) => (text ?? "").normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  const content = JSON.stringify([
    fold(recipe.title),
    recipe.lines.map((line) => fold(line.text)),
    fold(recipe.instructions),
    fold(recipe.servings === null ? null : String(recipe.servings)),
    recipe.tags.map(fold).sort(),
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(content));
  return `sha256:${[...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

function sourceUrlOf(url: string | null): string | null {
  return url !== null && url.length <= 2000 && /^https?:\/\/\S+$/i.test(url) ? url : null;
}

export async function draftsOfPage(recipes: ReadRecipe[], context: ToolContext): Promise<PageDrafts> {
  const failures: PageDrafts["failures"] = [];
  const readable: (ReadRecipe & { sorted: ParsedRecipeText; lines: ParsedLine[] })[] = [];
  for (const read of recipes) {
    // Counted before they are read, so a recipe over the limit costs nothing more (and its reader stopped
    // reading its lines soon after it).
    const sorted = read.recipe.lines.length > limits.maxRecipeLines ? null : sortedCollectionRecipe(read.recipe);
    const lines = sorted && splitPairedLines(sorted.ingredients);
    if (sorted && lines && lines.length <= limits.maxRecipeLines) {
      readable.push({ ...read, sorted, lines });
      continue;
    }
    failures.push({
      entry: read.entry,
      reason: `the recipe has more than ${limits.maxRecipeLines} ingredient lines; a recipe takes at most ` +
        `${limits.maxRecipeLines}`,
    });
  }
  const lookedUp = await lookUpLines(readable.flatMap((read) => read.lines), context, "app.recipe_import_file");
  let at = 0;
  const drafts: ImportedRecipeDraft[] = [];
  for (const { entry, recipe, sorted, lines } of readable) {
    const own = lookedUp.slice(at, at += lines.length);
    const built = draftOfLookedUp({ ...sorted, ingredients: lines }, own);
    const warnings = [...recipe.warnings];
    const servings = servingsOf(recipe.servings, warnings);
    const tags = tagsOf(recipe.tags, warnings);
    const notes = notesOf(recipe.notes, warnings);
    const draft = {
      ...built.draft,
      ...(servings === undefined ? {} : { servings }),
      ...(tags === undefined ? {} : { tags }),
      ...(notes === undefined ? {} : { notes }),
    };
    drafts.push({
      draft,
      ready: built.ready && createRecipe.inputSchema.safeParse(draft).success,
      lines: built.lines,
      other_lines: built.other_lines,
      source: {
        entry,
        identity: recipe.appId !== null && recipe.appId.length <= 256 ? recipe.appId : await contentIdentity(recipe),
        url: sourceUrlOf(recipe.sourceUrl),
      },
      photo: checkedPhoto(recipe.photo, warnings),
      warnings,
    });
  }
  return { drafts, failures };
}
