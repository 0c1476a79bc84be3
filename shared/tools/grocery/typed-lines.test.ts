import assert from "node:assert/strict";
import { typedLines } from "./typed-lines.ts";

Deno.test("lines end at newlines, commas and semicolons", () => {
  assert.deepEqual(typedLines("2 l milk\nonions"), ["2 l milk", "onions"]);
  assert.deepEqual(typedLines("3 tomatoes, 1 bunch coriander; bread"), ["3 tomatoes", "1 bunch coriander", "bread"]);
  assert.deepEqual(typedLines(" , \n\n;"), []);
});

Deno.test("a comma between digits is a decimal comma", () => {
  assert.deepEqual(typedLines("1,5 kg potatoes, 2 apples"), ["1.5 kg potatoes", "2 apples"]);
  assert.deepEqual(typedLines("2, 3 apples"), ["2", "3 apples"]);
});

Deno.test("commas inside parentheses stay in their line", () => {
  assert.deepEqual(typedLines("onions (red, large), milk"), ["onions (red, large)", "milk"]);
  assert.deepEqual(typedLines("onions (red,\nmilk"), ["onions (red,", "milk"]);
});

Deno.test("a prep state alone stays with the line before it", () => {
  assert.deepEqual(typedLines("2 onions, chopped, milk"), ["2 onions, chopped", "milk"]);
});
