import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { foldIngredientName } from "../../shared/ingredient-grammar/fold-name.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice, bob } = await twoHouseholds(sql, "parse-text");
const aliceHousehold = await householdOf(sql, alice);
const soySauce = await catalogIngredient(sql, "soy sauce");
const garlic = await catalogIngredient(sql, "garlic");
const spiceMix = await callToolOk(alice, "ingredient.create", { name: "Grandma's Spice Mix" }, {
  idempotencyKey: crypto.randomUUID(),
});

const recipeText = `Garlic Rice
Serves 2

Ingredients
2 cups carolina gold rice
1 1/2 TBSP Soy Sauce
3 cloves garlic, minced
2-3 tbsp olive oil
½ tsp grandma's spice mix

Method
Fry the garlic in the oil.
Add the rice.`;

async function recipeCount(): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.recipes where household_id = ${aliceHousehold}`;
  return row.count;
}

Deno.test("recipe.parse_text reads the text into a draft, matching names exactly within the household", async () => {
  const before = await recipeCount();
  const parsed = await callToolOk(alice, "recipe.parse_text", { text: recipeText });
  assert.equal(await recipeCount(), before, "parse_text saves nothing");
  assert.equal(parsed.ready, false);
  assert.equal(parsed.draft.title, "Garlic Rice");
  assert.equal(parsed.draft.instructions, "Fry the garlic in the oil.\nAdd the rice.");
  assert.deepEqual(parsed.other_lines, ["Serves 2"]);
  assert.deepEqual(parsed.draft.ingredients, [
    { name: "carolina gold rice", quantity: 2, unit: "cup", prep_state: null },
    { ingredient_id: soySauce, quantity: 1.5, unit: "tbsp", prep_state: null },
    { ingredient_id: garlic, quantity: 3, unit: "piece", prep_state: "minced", note: "cloves" },
    {
      ingredient_id: await catalogIngredient(sql, "olive oil"),
      quantity: 3,
      unit: "tbsp",
      prep_state: null,
      note: "2-3 tbsp",
    },
    { ingredient_id: spiceMix.ingredient_id, quantity: 0.5, unit: "tsp", prep_state: null },
  ]);
  const [rice, soy, cloves, oil, mix] = parsed.lines;
  assert.deepEqual(rice.problems, ["unmatched"]);
  assert.equal(rice.ingredient, null);
  assert.deepEqual(rice.suggestions[0], {
    id: await catalogIngredient(sql, "rice"),
    name: "rice",
    household_specific: false,
    match: "word",
  }, "the ingredient that explains most of the name comes first");
  assert.deepEqual(soy.ingredient, { id: soySauce, name: "soy sauce", household_specific: false });
  assert.deepEqual(soy.suggestions, []);
  assert.deepEqual(cloves.problems, []);
  assert.deepEqual(cloves.ingredient, { id: garlic, name: "garlic", household_specific: false });
  assert.deepEqual([oil.quantity, oil.quantity_text, oil.note, oil.problems], [3, "2-3", "2-3 tbsp", ["range"]]);
  assert.equal(mix.original, "½ tsp grandma's spice mix");
  assert.equal(mix.ingredient?.household_specific, true);
});

Deno.test("another household's ingredient never matches", async () => {
  const parsed = await callToolOk(bob, "recipe.parse_text", { text: recipeText });
  const mix = parsed.lines[4];
  assert.equal(mix.ingredient, null);
  assert.ok(mix.problems.includes("unmatched"));
  assert.ok(mix.suggestions.every((found) => found.id !== spiceMix.ingredient_id));
});

Deno.test("a corrected draft goes to recipe.create as it is; a matched one is ready at once", async () => {
  const parsed = await callToolOk(alice, "recipe.parse_text", { text: recipeText });
  const [rice, soy, cloves, oil, mix] = parsed.draft.ingredients;
  const corrected = {
    ...parsed.draft,
    ingredients: [
      { ...rice, name: "white rice" },
      soy,
      cloves,
      { ...oil, quantity: 2 },
      mix,
    ].map((line) => JSON.parse(JSON.stringify(line))),
  };
  await callToolOk(alice, "recipe.create", corrected, { idempotencyKey: crypto.randomUUID() });

  const ready = await callToolOk(alice, "recipe.parse_text", {
    text: "Soy Garlic\nIngredients\n1 tbsp soy sauce\n2 whole garlic, minced\nMethod\nMix.",
  });
  assert.equal(ready.ready, true);
  const created = await callToolOk(alice, "recipe.create", ready.draft, { idempotencyKey: crypto.randomUUID() });
  const { recipe } = await callToolOk(alice, "recipe.get", { recipe_id: created.recipe_id });
  assert.deepEqual(
    recipe.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit, line.prep_state]),
    [["soy sauce", 1, "tbsp", null], ["garlic", 2, "whole", "minced"]],
  );
});

Deno.test("names match after case, punctuation and plural folding, through aliases and without descriptive words", async () => {
  const parsed = await callToolOk(alice, "recipe.parse_text", {
    text: "Test\nIngredients\n3 Large Eggs\n2 cloves garlic\n2 garlic cloves, crushed\n1 cup all purpose flour\n" +
      "1 cup plain flour\n2 Tomatoes\n1 tsp freshly ground black pepper\n1 tsp lemon pepper blend\n1 egg",
  });
  const egg = await catalogIngredient(sql, "eggs");
  const flour = await catalogIngredient(sql, "all-purpose flour");
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit, line.note]),
    [
      ["eggs", 3, "whole", "large"],
      ["garlic", 2, "piece", "cloves"],
      ["garlic", 2, "piece", "cloves; crushed"],
      ["all-purpose flour", 1, "cup", null],
      ["all-purpose flour", 1, "cup", null],
      ["tomato", 2, "whole", null],
      ["black pepper", 1, "tsp", "freshly; ground"],
      [null, 1, "tsp", null],
      ["eggs", 1, "whole", null],
    ],
  );
  assert.equal(parsed.draft.ingredients[0].ingredient_id, egg);
  assert.equal(parsed.draft.ingredients[3].ingredient_id, flour);
  const pepper = parsed.lines[7];
  assert.ok(pepper.suggestions.length > 0);
  assert.equal(pepper.suggestions[0].name, "lemon pepper", "the ingredient that explains most of the name comes first");
  assert.ok(
    pepper.suggestions.every((found) =>
      found.name.split(" ").every((word) => ["lemon", "pepper", "blend"].includes(word))
    ),
    `suggestions hold whole words of the name, never pepperoni: ${pepper.suggestions.map((found) => found.name)}`,
  );
  assert.equal(parsed.ready, false, "an unmatched line keeps the draft from being ready");
});

Deno.test("without headings, each line's shape decides: no title taken from an ingredient, 'salt to taste' stays", async () => {
  const untitled = await callToolOk(alice, "recipe.parse_text", { text: "2 cups flour\n1 tsp salt\n3 eggs" });
  assert.equal(untitled.draft.title, undefined);
  assert.deepEqual(untitled.lines.map((line) => line.original), ["2 cups flour", "1 tsp salt", "3 eggs"]);
  const parsed = await callToolOk(alice, "recipe.parse_text", {
    text: "Pancakes\n1 cup flour\nsalt to taste\n2 eggs\nfresh parsley, chopped\nWhisk everything together.\n" +
      "Fry in butter until golden.",
  });
  assert.equal(parsed.draft.title, "Pancakes");
  assert.deepEqual(parsed.lines.map((line) => line.original), [
    "1 cup flour",
    "salt to taste",
    "2 eggs",
    "fresh parsley, chopped",
  ]);
  assert.equal(parsed.draft.instructions, "Whisk everything together.\nFry in butter until golden.");
});

Deno.test("the stored names are folded exactly as the function folds the names it looks up", async () => {
  const rows = await sql<{ name: string; folded: string }[]>`
    select name, folded_name as folded from public.ingredients where household_id is null
    union all select alias, folded_alias from public.ingredient_aliases`;
  assert.ok(rows.length > 1000);
  const differing = rows.filter((row) => foldIngredientName(row.name) !== row.folded);
  assert.deepEqual(differing, []);
});

Deno.test("recipe.parse_text refuses blank, too long and too many lines with 400 naming text", async () => {
  const tooManyLines = `Big\nIngredients\n${"1 cup rice\n".repeat(201)}`;
  for (const text of ["   ", "x".repeat(20_001), tooManyLines, 42]) {
    const response = await callTool(alice, "recipe.parse_text", { text });
    assert.equal(response.status, 400, String(text).slice(0, 20));
    assert.equal(response.body.error?.type, "VALIDATION_ERROR");
    assert.equal(response.body.error?.field, "text");
  }
});

Deno.test("recipe.parse_text takes no other field", async () => {
  const response = await callTool(alice, "recipe.parse_text", { text: "1 cup rice", save: true });
  assert.equal(response.status, 400);
});
