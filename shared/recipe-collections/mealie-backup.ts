// Mealie's backup (Admin → Backups; read from mealie-recipes/mealie mealie/services/backups_v2/backup_v2.py and
// alchemy_exporter.py, and TandoorRecipes/recipes cookbook/integration/mealie1.py): a zip with "database.json",
// every table of its database as rows ({ "recipes": [...], "recipes_ingredients": [...], ... }), and its data
// folder under "data/", each recipe's photo at "data/recipes/<recipe id>/images/original.webp". On SQLite the ids
// in the rows are 32 hex digits without dashes; the folder is named by the dashed form.
import {
  type CollectionItem,
  type CollectionLine,
  type CollectionRecipe,
  emptyRecipe,
  isObject,
  mostLinesRead,
  textOf,
} from "./collection-recipe.ts";

type Row = Record<string, unknown>;

/** True for the JSON of a Mealie backup's database.json. */
export function isMealieBackup(json: unknown): json is Record<string, Row[]> {
  return isObject(json) && Array.isArray(json.recipes) && Array.isArray(json.recipes_ingredients);
}

function rows(database: Record<string, unknown>, table: string): Row[] {
  const value = database[table];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** The id as Mealie names the recipe's folder: a dashed UUID. */
export function dashedId(id: string): string {
  return /^[0-9a-f]{32}$/i.test(id)
    ? `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`.toLowerCase()
    : id.toLowerCase();
}

function byRecipe(list: Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of list) {
    const id = textOf(row.recipe_id);
    if (id) grouped.set(id, [...grouped.get(id) ?? [], row]);
  }
  for (const group of grouped.values()) group.sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
  return grouped;
}

function names(list: Row[]): Map<string, string> {
  return new Map(list.flatMap((row) => {
    const id = textOf(row.id);
    const name = textOf(row.name);
    return id && name ? [[id, name] as const] : [];
  }));
}

/** One item per recipe row; its photo read from the archive (`photo`) only when its page is read. */
export function mealieBackupItems(
  database: Record<string, unknown>,
  photo: (folder: string) => Promise<Uint8Array | null>,
): CollectionItem[] {
  const foods = names(rows(database, "ingredient_foods"));
  const units = names(rows(database, "ingredient_units"));
  const tagNames = names(rows(database, "tags"));
  const categoryNames = names(rows(database, "categories"));
  const ingredients = byRecipe(rows(database, "recipes_ingredients"));
  const steps = byRecipe(rows(database, "recipe_instructions"));
  const notes = byRecipe(rows(database, "notes"));
  const tags = byRecipe([
    ...rows(database, "recipes_to_categories").map((row) => ({
      ...row,
      name: categoryNames.get(String(row.category_id)),
    })),
    ...rows(database, "recipes_to_tags").map((row) => ({ ...row, name: tagNames.get(String(row.tag_id)) })),
  ]);
  return rows(database, "recipes").map((recipe, index) => {
    const id = textOf(recipe.id) ?? "";
    return {
      entry: `database.json recipes[${index}]`,
      read: async (): Promise<CollectionRecipe> => {
        const lines: CollectionLine[] = [];
        let section: string | null = null;
        for (const row of (ingredients.get(id) ?? []).slice(0, mostLinesRead + 1)) {
          section = textOf(row.title) ?? section;
          const food = foods.get(String(row.food_id)) ?? null;
          const note = textOf(row.note);
          const written = textOf(row.original_text);
          if (!food) {
            const text = written ?? note;
            if (text) lines.push({ text, section });
            continue;
          }
          const quantity = typeof row.quantity === "number" && row.quantity > 0 ? row.quantity : null;
          const unit = units.get(String(row.unit_id)) ?? null;
          const composed = [quantity, unit, food].filter((part) => part !== null).join(" ") +
            (note ? `, ${note}` : "");
          lines.push({ text: written ?? composed, section, parts: { quantity, unit, food, note } });
        }
        const method = (steps.get(id) ?? []).flatMap((step) => {
          const title = textOf(step.title);
          const text = textOf(step.text);
          return [...(title ? [`${title}:`] : []), ...(text ? [text] : [])];
        });
        const notesText = [textOf(recipe.description), ...(notes.get(id) ?? []).map((note) => textOf(note.text))]
          .filter((part) => part !== null);
        const servings = typeof recipe.recipe_servings === "number" && recipe.recipe_servings > 0
          ? recipe.recipe_servings
          : textOf(recipe.recipe_yield);
        return {
          ...emptyRecipe(),
          appId: id ? `mealie:${dashedId(id)}` : null,
          title: textOf(recipe.name),
          lines,
          instructions: method.length > 0 ? method.join("\n") : null,
          servings,
          tags: (tags.get(id) ?? []).map((row) => textOf(row.name)).filter((name) => name !== null),
          notes: notesText.length > 0 ? notesText.join("\n\n") : null,
          sourceUrl: textOf(recipe.org_url),
          photo: id ? await photo(dashedId(id)) : null,
        };
      },
    };
  });
}
