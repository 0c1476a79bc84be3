import assert from "node:assert/strict";
import { parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { buildRecipeDraft, saysNoAmount } from "./recipe-draft.ts";

Deno.test("a line without an amount that says why is complete as it stands; a bare name or an unread amount is not", () => {
  const cases: [string, boolean][] = [
    ["salt to taste", true],
    ["Salt, to taste", true],
    ["oil for frying", true],
    ["fresh parsley, to serve", true],
    ["a pinch of nutmeg", true],
    ["butter, as needed", true],
    ["cilantro (optional)", true],
    ["neutral oil for deep frying", true],
    ["Fresh cilantro, to top", true],
    ["flour", false],
    ["butter at room temp", false],
    ["2-3 eggs", false],
    ["1 pinch salt", true],
    ["Salt as necessary", true],
    ["8 shakes Tabasco sauce", true],
    ["2 drops almond essence", true],
    ["3 handfuls spinach", true],
    ["2 cups flour", false],
    ["1 recipe peanut sauce", true],
    ["1/2 batch puff pastry", true],
    ["flour (see recipe below)", false],
  ];
  for (const [line, complete] of cases) {
    assert.equal(saysNoAmount(parseIngredientLine(line)), complete, line);
  }
});

Deno.test("a count of a thing the catalog does not count is so many pieces; a lost unit or a pint is not", () => {
  const ingredient = { id: "0e7f4d2c-0000-4000-8000-000000000001", name: "thing", household_specific: false };
  // [line, the unit the draft gives it]: matched to an ingredient that has no count unit of its own.
  const cases: [string, string | null][] = [
    ["12 asparagus spears, trimmed", "piece"],
    ["10 walnuts", "piece"],
    ["3 green cardamom pods", "piece"],
    ["1/2 chicken stock cube", "piece"],
    ["1 gherkin", "piece"],
    ["3 gluten free all purpose flour", null],
    ["1/2 pint whole milk", null],
    ["2 cups walnuts", "cup"],
    ["salt to taste", null],
  ];
  for (const [text, unit] of cases) {
    const line = parseIngredientLine(text);
    const match = { name: line.name, ingredient, candidate: 0, count_unit: null, alias_note: null, suggestions: [] };
    const { lines } = buildRecipeDraft({ title: null, ingredients: [line], instructions: null, other_lines: [] }, [
      match,
    ]);
    assert.equal(lines[0].unit, unit, text);
    assert.equal(lines[0].problems.includes("no_unit"), line.quantity !== null && unit === null, text);
  }
});

Deno.test("a counting word ending the name counts the line, before the unit the catalog counts the thing in", () => {
  const ingredient = { id: "0e7f4d2c-0000-4000-8000-000000000002", name: "lemon", household_specific: false };
  // [line, the name that matched with the words it left out, the catalog's count unit, the unit the draft gives it]
  const cases: [string, { name: string; dropped: string[] }, string, string][] = [
    ["4 lemon slices", { name: "lemon", dropped: ["slices"] }, "whole", "piece"],
    ["16 lettuce leaves", { name: "lettuce", dropped: ["leaves"] }, "whole", "piece"],
    ["2 garlic heads", { name: "garlic", dropped: ["heads"] }, "piece", "whole"],
    // A counting word inside the name is part of it: "Chinese leaf cabbage" is counted as a cabbage is.
    ["1 Chinese leaf cabbage", { name: "Chinese cabbage", dropped: ["leaf"] }, "whole", "whole"],
    ["3 lemons", { name: "lemons", dropped: [] }, "whole", "whole"],
  ];
  for (const [text, candidate, countUnit, unit] of cases) {
    const line = parseIngredientLine(text);
    const match = {
      name: line.name,
      ingredient,
      candidate: 1,
      count_unit: countUnit,
      alias_note: null,
      suggestions: [],
    };
    const { lines } = buildRecipeDraft(
      { title: null, ingredients: [line], instructions: null, other_lines: [] },
      [match as Parameters<typeof buildRecipeDraft>[1][number]],
      [[{ name: line.name, dropped: [] }, candidate]],
    );
    assert.equal(lines[0].unit, unit, text);
  }
});
