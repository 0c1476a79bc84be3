import assert from "node:assert/strict";
import { isCookware, madeInThisRecipe, setAsideLinesNotToBuy, withPartHeadings } from "./lines-not-to-buy.ts";
import { parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";

Deno.test("only an unmatched line the recipe makes is set aside; a thing the catalog sells stays", () => {
  const line = (original: string, ingredient: string | null) => ({
    lines: [{ original, name: original }],
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
  const result = setAsideLinesNotToBuy(parsed, lookedUp);
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
  const none = setAsideLinesNotToBuy(parsed, lookedUp.slice(1));
  assert.equal(none.parsed, parsed);
});

Deno.test("cookware is told apart from a thing to cook with, and an unmatched cookware line is set aside", () => {
  const cookware = [
    "springform pan",
    "13- by 9-inch baking pan",
    "sheet pan",
    "Cookie cutter",
    "candy thermometer",
    "ramekins",
    "pie plate",
    "8-inch square baking dish",
    "large frying pan",
    "piping bag",
  ];
  for (const name of cookware) assert.equal(isCookware(name), true, name);
  const food = ["pan drippings", "filo pastry sheets", "parchment paper", "bamboo skewers", "cake", "pie crust"];
  for (const name of food) assert.equal(isCookware(name), false, name);

  const parsed = { title: "Cake", ingredients: [], instructions: null, other_lines: [] };
  const line = (original: string, name: string, ingredient: string | null) => ({
    lines: [{ original, name }],
    matches: [{ ingredient: ingredient ? { name: ingredient } : null }],
  });
  const result = setAsideLinesNotToBuy(parsed, [
    line("9-inch (23 cm) springform pan, greased", "springform pan", null),
    line("2 cups flour", "flour", "all-purpose flour"),
  ]);
  assert.deepEqual(result.lookedUp.map((kept) => kept.lines[0].original), ["2 cups flour"]);
  assert.deepEqual(result.parsed.other_lines, ["Not an ingredient (cookware): 9-inch (23 cm) springform pan, greased"]);
});

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

/** Lines as looked up: each matched unless listed in `unmatched`, all under `section`. */
function lookedUp(texts: string[], unmatched: string[], section: string | null = null) {
  return texts.map((text) => ({
    lines: [{ ...parseIngredientLine(text), section }],
    matches: [unmatched.includes(text) ? undefined : { ingredient: { id: text } }],
  }));
}

const shown = (lines: ReturnType<typeof lookedUp>) =>
  lines.map((item) => [item.lines[0].original, item.lines[0].section]);

Deno.test("a part the catalog does not sell, named above measured lines, heads them", () => {
  const lines = lookedUp(
    ["2 tbsp lime juice", "Apple slaw", "2 small apples, cut into matchsticks", "1 fennel bulb", "2 shallots"],
    ["Apple slaw"],
  );
  assert.deepEqual(shown(withPartHeadings(lines)), [
    ["2 tbsp lime juice", null],
    ["2 small apples, cut into matchsticks", "Apple slaw"],
    ["1 fennel bulb", "Apple slaw"],
    ["2 shallots", "Apple slaw"],
  ]);
});

Deno.test("each part heads its lines up to the next, within the page's own heading", () => {
  const lines = lookedUp(
    ["Sweet Stiff Starter", "100g bread flour", "50g water", "Final Dough", "400g bread flour", "8g salt"],
    ["Sweet Stiff Starter", "Final Dough"],
    "Sourdough Version",
  );
  const nextPart = lookedUp(["1 egg", "1 tbsp water"], [], "To brush");
  assert.deepEqual(shown(withPartHeadings([...lines, ...nextPart])), [
    ["100g bread flour", "Sourdough Version: Sweet Stiff Starter"],
    ["50g water", "Sourdough Version: Sweet Stiff Starter"],
    ["400g bread flour", "Sourdough Version: Final Dough"],
    ["8g salt", "Sourdough Version: Final Dough"],
    ["1 egg", "To brush"],
    ["1 tbsp water", "To brush"],
  ]);
});

Deno.test("a part the catalog sells, one with an aside or an amount, or one without measured lines after it, stays a line", () => {
  const cases = [
    lookedUp(["Pizza Dough", "200g flour", "100g water"], []),
    lookedUp(["Cashew Cream (optional)", "200g cashews", "100g water"], ["Cashew Cream (optional)"]),
    lookedUp(["2 cups coconut sauce", "200g flour", "100g water"], ["2 cups coconut sauce"]),
    lookedUp(["1 wild salmon", "ancho chili rub"], ["ancho chili rub"]),
    lookedUp(["Greek yogurt herb dip", "Avocado", "Lime wedges"], ["Greek yogurt herb dip"]),
    lookedUp(["Vegan Kimchi", "200g flour", "100g water"], ["Vegan Kimchi"]),
    lookedUp(["Prepared chocolate icing", "200g flour", "100g water"], ["Prepared chocolate icing"]),
    lookedUp(["dash mushroom sauce", "200g flour", "100g water"], ["dash mushroom sauce"]),
  ];
  for (const lines of cases) assert.deepEqual(shown(withPartHeadings(lines)), shown(lines));
});
