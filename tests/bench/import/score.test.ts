import assert from "node:assert/strict";
import { type DraftLine, headingsKept, setAsideLines } from "./score.ts";

Deno.test("a line set aside as cookware or made in the recipe is found; a step or a note is not", () => {
  const expected = [
    "240g sweet stiff starter (from above)",
    "9-inch springform pan",
    "Preheat the oven",
    "1 cup flour",
  ];
  const other = [
    "Not an ingredient to buy (made for this recipe): 240g sweet stiff starter (from above)",
    "Not an ingredient (cookware): 9-inch springform pan",
    "Not an ingredient (a step of the method): Preheat the oven",
  ];
  assert.deepEqual(setAsideLines(expected, other, new Set(["1 cup flour"])), [
    "240g sweet stiff starter (from above)",
    "9-inch springform pan",
  ]);
  // A line recovered as an ingredient line is not counted again.
  assert.deepEqual(setAsideLines(["9-inch springform pan"], other, new Set(["9-inch springform pan"])), []);
});

Deno.test("a heading counts as kept when a section of the draft is named as it reads, or as it is written", () => {
  const line = (section: string | null): DraftLine => ({
    original: "1 cup flour",
    quantity: 1,
    unit: "cup",
    name: "flour",
    note: null,
    problems: [],
    ingredient: { id: "flour", name: "flour" },
    section,
  });
  const expected = ["For the dressing:", "Final Dough", "Apple slaw", "Sourdough Version", "Starter", "1 cup flour"];
  const lines = [line("For the dressing"), line("Final Dough"), line("Sourdough Version: Starter"), line(null)];
  assert.deepEqual(headingsKept(expected, lines, new Set(["1 cup flour"])), [
    "For the dressing:",
    "Final Dough",
    "Sourdough Version",
    "Starter",
  ]);
});
