// Tandoor's own export (read from TandoorRecipes/recipes cookbook/integration/default.py, get_files_from_recipes,
// and cookbook/serializer.py, RecipeExportSerializer): a zip of zips, one "<id>.zip" per recipe holding
// "recipe.json" and its photo as "image.<ext>". recipe.json: name, description, keywords [{name}], servings,
// source_url, steps [{name, instruction, ingredients [{food {name}, unit {name} | null, amount (a decimal, as text
// or a number), note, is_header, no_amount}]}].
import {
  type CollectionLine,
  type CollectionRecipe,
  emptyRecipe,
  EntryFailure,
  isObject,
  mostLinesRead,
  textOf,
} from "./collection-recipe.ts";

export function isTandoorRecipe(json: unknown): json is Record<string, unknown> {
  return isObject(json) && typeof json.name === "string" && Array.isArray(json.steps);
}

function nameOf(value: unknown): string | null {
  return isObject(value) ? textOf(value.name) : null;
}

function amountOf(ingredient: Record<string, unknown>): number | null {
  if (ingredient.no_amount === true) return null;
  const amount = typeof ingredient.amount === "string" ? Number(ingredient.amount) : ingredient.amount;
  return typeof amount === "number" && Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** A whole number as Tandoor writes a decimal ("2.000" is 2, "0.500" is 0.5). */
function written(amount: number): string {
  return String(Number(amount.toFixed(6)));
}

function lineOf(ingredient: Record<string, unknown>, section: string | null): CollectionLine | null {
  const food = nameOf(ingredient.food);
  const note = textOf(ingredient.note);
  if (!food) return note ? { text: note, section } : null;
  const quantity = amountOf(ingredient);
  const unit = nameOf(ingredient.unit);
  const text = [quantity === null ? null : written(quantity), unit, food].filter((part) => part !== null).join(" ") +
    (note ? `, ${note}` : "");
  return { text, section, parts: { quantity, unit, food, note } };
}

/** `id` is the inner zip's name without ".zip": Tandoor's id of the recipe. */
export function tandoorRecipeOf(json: unknown, entry: string, id: string | null): CollectionRecipe {
  if (!isTandoorRecipe(json)) throw new EntryFailure(`${entry} is not a Tandoor recipe (no name and steps)`);
  const lines: CollectionLine[] = [];
  const method: string[] = [];
  let section: string | null = null;
  for (const step of (json.steps as unknown[]).filter(isObject)) {
    const name = textOf(step.name);
    const instruction = textOf(step.instruction);
    if (name) method.push(`${name}:`);
    if (instruction) method.push(instruction);
    for (const ingredient of Array.isArray(step.ingredients) ? step.ingredients.filter(isObject) : []) {
      if (ingredient.is_header === true) {
        section = textOf(ingredient.note) ?? section;
        continue;
      }
      const line = lines.length <= mostLinesRead ? lineOf(ingredient, section) : null;
      if (line) lines.push(line);
    }
  }
  const servings = typeof json.servings === "number" && json.servings > 0 ? json.servings : textOf(json.servings_text);
  return {
    ...emptyRecipe(),
    appId: id ? `tandoor:${id}` : null,
    title: textOf(json.name),
    lines,
    instructions: method.length > 0 ? method.join("\n") : null,
    servings,
    tags: Array.isArray(json.keywords) ? json.keywords.map(nameOf).filter((name) => name !== null) : [],
    notes: textOf(json.description),
    sourceUrl: textOf(json.source_url),
  };
}
