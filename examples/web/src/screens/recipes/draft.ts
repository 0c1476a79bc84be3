// A recipe as the form edits it: text fields as typed, and each ingredient line with what the import read from it.
// Turned into recipe.create / recipe.update input only when every line names a picked ingredient.
import type {
  RecipeCreateInput,
  RecipeGetOutput,
  RecipeParseTextOutput,
  Unit,
} from "@meal-planner/client/tools-client.generated.ts";
import type { PickedIngredient } from "../../components/ingredient-picker.tsx";

type ParsedLine = RecipeParseTextOutput["lines"][number];

export interface DraftLine {
  key: string;
  text: string;
  ingredient: PickedIngredient | null;
  quantity: string;
  unit: Unit | "";
  prepState: string;
  note: string;
  /** The line as the import read it, what it could not read, and catalog names that may be meant. */
  original?: string;
  problems?: ParsedLine["problems"];
  suggestions?: PickedIngredient[];
}

export interface Draft {
  title: string;
  servings: string;
  rating: string;
  tags: string;
  instructions: string;
  notes: string;
  lines: DraftLine[];
}

let lineCount = 0;
const newKey = () => `line-${++lineCount}`;

export function emptyLine(): DraftLine {
  return { key: newKey(), text: "", ingredient: null, quantity: "", unit: "", prepState: "", note: "" };
}

export function emptyDraft(): Draft {
  return { title: "", servings: "", rating: "", tags: "", instructions: "", notes: "", lines: [emptyLine()] };
}

export function draftFromRecipe(recipe: RecipeGetOutput["recipe"]): Draft {
  return {
    title: recipe.title,
    servings: recipe.servings?.toString() ?? "",
    rating: recipe.rating?.toString() ?? "",
    tags: recipe.tags.join(", "),
    instructions: recipe.instructions ?? "",
    notes: recipe.notes ?? "",
    lines: recipe.ingredients.map((line) => ({
      key: newKey(),
      text: line.ingredient_name,
      ingredient: { id: line.ingredient_id, name: line.ingredient_name },
      quantity: line.quantity === null ? "" : String(line.quantity),
      unit: line.unit ?? "",
      prepState: line.prep_state ?? "",
      note: line.note ?? "",
    })),
  };
}

/** A draft from recipe.parse_text, recipe.import_url or media.ocr_image: every line keeps what was read. */
export function draftFromParse(parsed: Pick<RecipeParseTextOutput, "draft" | "lines">): Draft {
  return {
    ...emptyDraft(),
    title: parsed.draft.title ?? "",
    instructions: parsed.draft.instructions ?? "",
    lines: parsed.lines.length === 0 ? [emptyLine()] : parsed.lines.map((line) => ({
      key: newKey(),
      text: line.ingredient?.name ?? line.name,
      ingredient: line.ingredient ? { id: line.ingredient.id, name: line.ingredient.name } : null,
      quantity: line.quantity?.toString() ?? "",
      unit: line.unit ?? "",
      prepState: line.prep_state ?? "",
      note: line.note ?? "",
      original: line.original,
      problems: line.problems,
      suggestions: line.suggestions.map((suggestion) => ({ id: suggestion.id, name: suggestion.name })),
    })),
  };
}

/** A collection's draft (recipe.import_file): the text draft's lines, and the servings, tags and notes it gives. */
export function draftFromImported(
  imported: Pick<RecipeParseTextOutput, "lines"> & {
    draft: RecipeParseTextOutput["draft"] & { servings?: number; tags?: string[]; notes?: string };
  },
): Draft {
  return {
    ...draftFromParse(imported),
    servings: imported.draft.servings?.toString() ?? "",
    tags: imported.draft.tags?.join(", ") ?? "",
    notes: imported.draft.notes ?? "",
  };
}

/**
 * The line can be saved as read: matched, and its amount either read with a unit or absent. A line with a range
 * (its larger amount kept) or a rounded amount can: it is marked only as worth a look.
 */
export function lineSavable(line: ParsedLine): boolean {
  const amountRead = line.quantity !== null ? line.unit !== null : line.quantity_text === null && line.unit === null;
  return line.ingredient !== null && amountRead;
}

export const problemWords: Record<ParsedLine["problems"][number], string> = {
  range: "the recipe gives a range: the larger amount is kept, so as not to run short",
  no_quantity: "no amount was read",
  rounded: "the amount was rounded",
  no_unit: "no unit was read",
  no_name: "no ingredient name was read",
  unmatched: "the ingredient is not in the catalog: choose a suggestion or add it",
};

/** "salt, to taste", "parsley, chopped, to serve": a line without an amount as a person reads it. */
export function unquantifiedWords(line: { name: string; prepState?: string | null; note?: string | null }): string {
  return [line.name, line.prepState, line.note].filter((part) => part && part.trim()).join(", ");
}

/** The draft as recipe.create input, or the first thing a person has to fix, in words. */
export function recipeInput(draft: Draft): { input: RecipeCreateInput } | { problem: string } {
  const title = draft.title.trim();
  if (!title) return { problem: "Give the recipe a title." };
  const ingredients: RecipeCreateInput["ingredients"] = [];
  for (const [index, line] of draft.lines.entries()) {
    const which = `Ingredient ${index + 1}`;
    if (!line.ingredient || line.ingredient.name !== line.text) {
      return { problem: `${which}: choose an ingredient from the matches, or add it as a new one.` };
    }
    // Amount and unit both empty: a line the recipe gives no amount ("salt, to taste"), saved with both null.
    const unquantified = !line.quantity.trim() && !line.unit;
    const quantity = Number(line.quantity);
    if (!unquantified && !line.quantity.trim()) {
      return {
        problem:
          `${which}: enter an amount for the unit, or leave both amount and unit empty (as for “salt, to taste”).`,
      };
    }
    if (!unquantified && (!Number.isFinite(quantity) || quantity <= 0)) {
      return { problem: `${which}: enter an amount greater than 0.` };
    }
    if (!unquantified && !line.unit) return { problem: `${which}: choose a unit.` };
    ingredients.push({
      ingredient_id: line.ingredient.id,
      quantity: unquantified ? null : quantity,
      unit: line.unit || null,
      prep_state: line.prepState.trim() || null,
      ...(line.note.trim() ? { note: line.note.trim() } : {}),
    });
  }
  if (ingredients.length === 0) return { problem: "Add at least one ingredient." };
  const tags = draft.tags.split(",").map((tag) => tag.trim()).filter(Boolean);
  return {
    input: {
      title,
      ingredients,
      ...(draft.instructions.trim() ? { instructions: draft.instructions.trim() } : {}),
      ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
      ...(tags.length ? { tags: [...new Set(tags)] } : {}),
      ...(draft.rating ? { rating: Number(draft.rating) } : {}),
      ...(draft.servings ? { servings: Number(draft.servings) } : {}),
    },
  };
}
