import type { IngredientNameMatches, RecipeDraft } from "../tools/recipe/results.ts";
import { countUnitOfWord } from "../ingredient-grammar/measure-words.ts";
import { plainFractions } from "../ingredient-grammar/quantity.ts";
import type { NameCandidate } from "../ingredient-grammar/ingredient-name.ts";
import type { ParsedRecipeText } from "./recipe-text.ts";

type DraftLine = RecipeDraft["draft"]["ingredients"][number];

// Words that say why a line has no amount ("salt to taste", "oil for frying", "parsley, to serve"): such a line is
// complete as it is, so its no_quantity problem is dropped. A bare "flour" keeps it: the amount may have been lost.
const noAmountReason =
  /\b(?:to taste|as (?:needed|required|desired|necessary)|if (?:needed|desired|liked|you like)|optional(?:ly)?|to (?:serve|garnish|top|finish|decorate|sprinkle)|for (?:serving|garnish(?:ing)?|decoration|decorating|topping|the (?:pan|tin|tray|dish|table))|for (?:\w+ )?\w+ing|(?:a )?pinch(?:es)?|dash(?:es)?|shakes?|drops?|glugs?|smidgens?|dollops?|pats? of|glass(?:es)? of|gratings?|handfuls?|scoops?|squeeze|splash(?:es)?|drizzle|sprinkl(?:e|ing)|some|few|(?:a )?little|several|a touch|lots of|plenty of|(?:\d+(?:\/\d+)?|an?|one|half an?)\s+(?:batch(?:es)?|recipes?))\b/i;

/** True when the line gives no amount, and its words say that none is meant ("to taste"). */
export function saysNoAmount(line: { original: string; quantity: number | null; quantity_text: string | null }) {
  return line.quantity === null && line.quantity_text === null && noAmountReason.test(plainFractions(line.original));
}

// Measures that are no count and no unit ("1 pint cream": US or imperial; "1 batch dough"): never pieces.
const measuredWithoutUnit = /\b(?:pints?|pts?\.?|batch(?:es)?|recipes?)\b/i;

/**
 * A count of a thing the catalog does not count ("12 asparagus spears", "10 walnuts", "3 cardamom pods", "½ stock
 * cube"): so many pieces, the words kept in the name's note. Only a count that reads as one: a plural name, or at
 * most one of it; "3 flour" (its unit lost) is not a count, and stays a line to look at.
 */
function countedAsIs(line: { name: string; original: string; quantity: number | null; unit: string | null }) {
  if (line.quantity === null || line.unit !== null || measuredWithoutUnit.test(line.original)) return false;
  const last = line.name.trim().split(/\s+/).at(-1) ?? "";
  return line.quantity <= 1 || /[^s'’]s$|(?:ies|ves|ches)$/i.test(last);
}

/**
 * The parsed text and the names' matches as a recipe.create input to correct: matched lines carry the
 * ingredient's id, unmatched ones the name as read; quantities and units that could not be read are null. A line
 * without any amount ("salt to taste") has both null, as recipe.create takes it.
 */
export function buildRecipeDraft(
  parsed: ParsedRecipeText,
  matches: IngredientNameMatches["matches"],
  candidates: NameCandidate[][] = [],
): Omit<RecipeDraft, "ready"> {
  const lines = parsed.ingredients.map((line, index) => {
    const match = matches[index];
    const ingredient = match?.ingredient ?? null;
    // The words the matched name left out ("large", "cloves") stay in the note.
    const dropped = match?.candidate ? candidates[index]?.[match.candidate]?.dropped ?? [] : [];
    const noteParts = [...dropped, ...(match?.alias_note ? [match.alias_note] : []), ...(line.note ? [line.note] : [])];
    // A counted line ("3 eggs") takes the unit a counting word ending the name says, left out of what matched ("6
    // cheese slices": 6 pieces of cheese; "1 chocolate bar": 1 package; "4 lemon slices" are no 4 lemons, "16 lettuce
    // leaves" no 16 heads), else the one the catalog counts the ingredient in, else one a counting word left out
    // elsewhere says ("Chinese leaf cabbage" is counted as a cabbage is).
    const last = line.name.trim().split(/\s+/).at(-1) ?? "";
    const countedAtEnd = dropped.includes(last) ? countUnitOfWord(last) : undefined;
    const countedBy = dropped.map(countUnitOfWord).find((unit) => unit !== undefined);
    const countUnit = countedAtEnd ?? match?.count_unit ?? countedBy ?? (countedAsIs(line) ? "piece" : null);
    const counted = ingredient !== null && line.quantity !== null && line.unit === null && countUnit !== null;
    const unit = counted ? countUnit : line.unit;
    const problems = line.problems.filter((problem) =>
      !(counted && problem === "no_unit") && !(problem === "no_quantity" && line.unit === null && saysNoAmount(line))
    );
    return {
      ...line,
      unit,
      note: noteParts.length > 0 ? noteParts.join("; ") : null,
      problems: ingredient || !line.name ? problems : [...problems, "unmatched" as const],
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
