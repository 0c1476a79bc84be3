// The recipe form's lines as recipe.create input, without a browser: amount and unit both empty is a line without an
// amount ("salt, to taste"); one of them alone is something to fix, said in words.
import assert from "node:assert/strict";
import {
  type Draft,
  emptyDraft,
  recipeInput,
  unquantifiedWords,
} from "../../examples/web/src/screens/recipes/draft.ts";

const salt = { id: "7c9e6679-7425-40de-944b-e07fc1f90ae7", name: "salt" };

function draftWith(line: Partial<Draft["lines"][number]>): Draft {
  const draft = emptyDraft();
  return { ...draft, title: "Soup", lines: [{ ...draft.lines[0], ingredient: salt, text: "salt", ...line }] };
}

Deno.test("a line with amount and unit left empty becomes quantity and unit null, its note kept", () => {
  const result = recipeInput(draftWith({ note: "to taste" }));
  assert.ok("input" in result, JSON.stringify(result));
  assert.deepEqual(result.input.ingredients, [
    { ingredient_id: salt.id, quantity: null, unit: null, prep_state: null, note: "to taste" },
  ]);
});

Deno.test("a unit without an amount, or an amount without a unit, is a problem in words", () => {
  const unitOnly = recipeInput(draftWith({ unit: "tsp" }));
  assert.ok("problem" in unitOnly);
  assert.match(unitOnly.problem, /Ingredient 1: enter an amount for the unit, or leave both amount and unit empty/);
  const amountOnly = recipeInput(draftWith({ quantity: "2" }));
  assert.deepEqual(amountOnly, { problem: "Ingredient 1: choose a unit." });
});

Deno.test("a line without an amount reads as a person writes it", () => {
  assert.equal(unquantifiedWords({ name: "salt", note: "to taste" }), "salt, to taste");
  assert.equal(
    unquantifiedWords({ name: "parsley", prepState: "chopped", note: "to serve" }),
    "parsley, chopped, to serve",
  );
  assert.equal(unquantifiedWords({ name: "flour", prepState: "", note: null }), "flour");
});
