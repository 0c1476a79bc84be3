import type { IngredientNameMatches, RecipeDraft } from "../tools/results.ts";
import type { ParsedRecipeText } from "./recipe-text.ts";

type DraftLine = RecipeDraft["draft"]["ingredients"][number];

/**
 * The parsed text and the names' matches as a recipe.create input to correct: matched lines carry the
 * ingredient's id, unmatched ones the name as read; quantities and units that could not be read are null.
 */
export function buildRecipeDraft(
  parsed: ParsedRecipeText,
  matches: IngredientNameMatches["matches"],
): Omit<RecipeDraft, "ready"> {
  const lines = parsed.ingredients.map((line, index) => {
    const match = matches[index];
    const ingredient = match?.ingredient ?? null;
    return {
      ...line,
      problems: ingredient || !line.name ? line.problems : [...line.problems, "unmatched" as const],
      ingredient,
      suggestions: match?.suggestions ?? [],
    };
  });
  const ingredients = lines.map((line): DraftLine => ({
    ...(line.ingredient ? { ingredient_id: line.ingredient.id } : { name: line.name }),
    quantity: line.quantity,
    unit: line.unit,
    prep_state: line.prep_state,
    ...(line.note === null ? {} : { note: line.note }),
  }));
  return {
    draft: {
      ...(parsed.title === null ? {} : { title: parsed.title }),
      ingredients,
      ...(parsed.instructions === null ? {} : { instructions: parsed.instructions }),
    },
    lines,
    other_lines: parsed.other_lines,
  };
}
