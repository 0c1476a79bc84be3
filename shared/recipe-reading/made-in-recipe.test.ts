import assert from "node:assert/strict";
import { madeInThisRecipe, setAsideMadeLines } from "./made-in-recipe.ts";

Deno.test("a line the page says it makes itself is told apart from a line to buy", () => {
  const made = [
    "Salsa Ranchera (recipe below)",
    "240g sweet stiff starter (from above)",
    "Tangzhong from above",
    "2 cups Duck Stock (see instructions)",
    "Ginger scallion sauce (homemade recipe here)",
    "1/3 cup chocolate cream cold foam ((recipe below)*)",
    "8 plantain tortillas ((see below for how to make))",
    "Mushroom sauce (recipe follows)",
    "1 recipe Italian meringue",
    "1 batch Flourless Peanut Butter Cookies, divided",
    "½ batch shortcrust pastry",
  ];
  for (const line of made) assert.equal(madeInThisRecipe(line), true, line);
  const bought = [
    "2 cups flour",
    "salt, to taste",
    "1 cup recipe-ready diced tomatoes",
    "3 eggs (see note)",
    "1 tbsp butter, plus more as needed",
    "parsley (see photo above)",
  ];
  for (const line of bought) assert.equal(madeInThisRecipe(line), false, line);
});

Deno.test("only an unmatched line the recipe makes is set aside; a thing the catalog sells stays", () => {
  const line = (original: string, ingredient: string | null) => ({
    lines: [{ original }],
    matches: [{ ingredient: ingredient ? { name: ingredient } : null }],
  });
  const parsed = {
    title: "Tacos",
    ingredients: [],
    instructions: null,
    other_lines: ["Not an ingredient (a note): x"],
  };
  const lookedUp = [
    line("Salsa Ranchera (recipe below)", null),
    line("flour (see recipe below)", "all-purpose flour"),
    line("1 recipe pie crust", "pie crust"),
    line("2 tomatoes", "tomato"),
    line("mystery spice", null),
  ];
  const result = setAsideMadeLines(parsed, lookedUp);
  assert.deepEqual(result.lookedUp.map((kept) => kept.lines[0].original), [
    "flour (see recipe below)",
    "1 recipe pie crust",
    "2 tomatoes",
    "mystery spice",
  ]);
  assert.deepEqual(result.parsed.other_lines, [
    "Not an ingredient (a note): x",
    "Not an ingredient to buy (made for this recipe): Salsa Ranchera (recipe below)",
  ]);
  // Nothing to set aside: the same objects back.
  const none = setAsideMadeLines(parsed, lookedUp.slice(1));
  assert.equal(none.parsed, parsed);
});
