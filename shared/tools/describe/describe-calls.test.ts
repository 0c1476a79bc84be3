import assert from "node:assert/strict";
import { describeCalls } from "./describe-calls.ts";
import { collectMentions, type Mentions, type NameTables } from "./names.ts";
import { amountOf, dayWords, listWords } from "./wording.ts";

const list = "0f8fad5b-d9cb-469f-a165-70867728950e";
const milk = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const rice = "16fd2706-8baf-433b-82eb-8c7fada847da";
const meal = "6ecd8c99-4036-403d-bf84-cf8400f67836";
const removal = "3f333df6-90a4-4fda-8dd3-9485d27cee36";

Deno.test("the ids an input names are collected by field, at any depth; other values are not", () => {
  const mentions = collectMentions({
    grocery_list_id: list,
    ingredients: [{ ingredient_id: milk, quantity: 1, unit: "l" }, { ingredient_id: rice.toUpperCase() }],
    name: meal,
  });
  assert.deepEqual(mentions.lists, [list]);
  assert.deepEqual(mentions.ingredients, [milk, rice]);
  assert.deepEqual(mentions.meals, []);
});

Deno.test("amounts, days and lists of words", () => {
  assert.equal(amountOf(1, "l", "milk"), "1 l milk");
  assert.equal(amountOf(2, "cup", "rice"), "2 cups rice");
  assert.equal(amountOf(3, "can", "canned tomatoes"), "3 cans tomatoes");
  assert.equal(amountOf(2, "whole", "onion"), "2 onions");
  assert.equal(amountOf(2, "piece", "garlic"), "2 cloves garlic");
  assert.equal(amountOf(1250, "g", "potatoes"), "1.25 kg potatoes");
  assert.equal(amountOf(2, "l", "an ingredient"), "2 l of an ingredient");
  assert.equal(amountOf(3, "whole", "an item"), "3 of an item");
  assert.equal(dayWords("2026-12-01"), "Tuesday 1 December");
  assert.equal(listWords(["a", "b", "c"]), "a, b and c");
});

Deno.test("names are read in one round trip, and an undo's write and its names in one more", async () => {
  const reads: Mentions[] = [];
  const tables: NameTables[] = [
    {
      household: { name: "The Smiths" },
      lists: { [list]: { name: "Weekly shop" } },
      ingredients: { [milk]: { name: "milk" } },
      invocations: {
        [removal]: { tool: "planner.remove_meal", input: { planner_meal_id: meal }, summary: null },
      },
    },
    { meals: { [meal]: { date: "2026-12-01", meal_type: "dinner", recipe_title: "Spaghetti bolognese" } } },
  ];
  const sentences = await describeCalls([
    { tool: "grocery.add_item", input: { grocery_list_id: list, ingredient_id: milk, quantity: 1, unit: "l" } },
    { tool: "history.undo", input: { invocation_id: removal } },
  ], (mentions) => {
    reads.push(mentions);
    return Promise.resolve(tables[reads.length - 1]);
  });
  assert.deepEqual(sentences, [
    "Add 1 l milk to Weekly shop",
    "Undo: remove dinner on Tuesday 1 December (Spaghetti bolognese)",
  ]);
  assert.equal(reads.length, 2);
  assert.deepEqual(reads[1].meals, [meal]);
});

Deno.test("a row that could not be read is told in words, never by its id", async () => {
  const [sentence] = await describeCalls(
    [{ tool: "grocery.add_item", input: { grocery_list_id: list, ingredient_id: milk, quantity: 2, unit: "l" } }],
    () => Promise.resolve({}),
  );
  assert.equal(sentence, "Add 2 l of an ingredient to a list that no longer exists");
});

Deno.test("an input the tool no longer accepts, or none, gets the recorded summary or general words", async () => {
  const sentences = await describeCalls([
    { tool: "grocery.add_item", input: { grocery_list_id: "not an id" }, fallback: "Added milk." },
    { tool: "planner.add_meal", input: null },
  ], () => Promise.resolve({}));
  assert.deepEqual(sentences, ["Added milk.", "A change to the plan"]);
});
