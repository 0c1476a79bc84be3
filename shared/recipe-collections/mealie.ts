// Mealie's recipe JSON (its Recipe model dumped as it is: read from mealie-recipes/mealie mealie/schema/recipe/
// recipe.py and recipe_ingredient.py). Its exports: the recipes export writes "recipes/<slug>/<slug>.json" and the
// recipe's folder beside it, whose photo is "recipes/<slug>/images/original.webp"
// (mealie/services/exporter/_abc_exporter.py, recipe_exporter.py); one recipe's zip is "<slug>.json" and
// "original.webp" (mealie/routes/recipe/recipe_crud_routes.py, get_recipe_as_zip). Ingredients are structured:
// quantity, unit {name, abbreviation}, food {name}, note, original_text, and `title` starting a section.
import {
  type CollectionLine,
  type CollectionRecipe,
  emptyRecipe,
  EntryFailure,
  isObject,
  mostLinesRead,
  textOf,
} from "./collection-recipe.ts";

/** True for the JSON of a Mealie recipe: a slug and its structured ingredient list. */
export function isMealieRecipe(json: unknown): json is Record<string, unknown> {
  return isObject(json) && typeof json.slug === "string" && Array.isArray(json.recipe_ingredient);
}

function nameOf(value: unknown): string | null {
  return isObject(value) ? textOf(value.name) : null;
}

function lineOf(ingredient: Record<string, unknown>, section: string | null): CollectionLine | null {
  const food = nameOf(ingredient.food);
  const note = textOf(ingredient.note);
  const written = textOf(ingredient.original_text) ?? textOf(ingredient.display);
  if (!food) {
    // Not parsed in Mealie: the whole line is in the note (or the original text).
    const text = written ?? note;
    return text ? { text, section } : null;
  }
  const quantity = typeof ingredient.quantity === "number" && ingredient.quantity > 0 ? ingredient.quantity : null;
  const unit = nameOf(ingredient.unit);
  const parts = { quantity, unit, food, note };
  const composed = [quantity, unit, food].filter((part) => part !== null).join(" ") + (note ? `, ${note}` : "");
  return { text: written ?? composed, section, parts };
}

export function mealieRecipeOf(json: unknown, entry: string): CollectionRecipe {
  if (!isMealieRecipe(json)) throw new EntryFailure(`${entry} is not a Mealie recipe (no slug and ingredients)`);
  const lines: CollectionLine[] = [];
  let section: string | null = null;
  for (const ingredient of (json.recipe_ingredient as unknown[]).slice(0, mostLinesRead + 1)) {
    if (!isObject(ingredient)) continue;
    section = textOf(ingredient.title) ?? section;
    const line = lineOf(ingredient, section);
    if (line) lines.push(line);
  }
  const steps = Array.isArray(json.recipe_instructions) ? json.recipe_instructions.filter(isObject) : [];
  const method = steps.flatMap((step) => {
    const title = textOf(step.title);
    const text = textOf(step.text);
    return [...(title ? [`${title}:`] : []), ...(text ? [text] : [])];
  });
  const named = (value: unknown) => (Array.isArray(value) ? value.map(nameOf).filter((name) => name !== null) : []);
  const notes = [
    textOf(json.description),
    ...(Array.isArray(json.notes) ? json.notes.filter(isObject).map((note) => textOf(note.text)) : []),
  ].filter((part) => part !== null);
  const id = textOf(json.id) ?? textOf(json.slug);
  const servings = typeof json.recipe_servings === "number" && json.recipe_servings > 0
    ? json.recipe_servings
    : textOf(json.recipe_yield);
  return {
    ...emptyRecipe(),
    appId: id ? `mealie:${id}` : null,
    title: textOf(json.name),
    lines,
    instructions: method.length > 0 ? method.join("\n") : null,
    servings,
    tags: [...named(json.recipe_category), ...named(json.tags)],
    notes: notes.length > 0 ? notes.join("\n\n") : null,
    sourceUrl: textOf(json.org_url) ?? textOf(json.orgURL),
  };
}
