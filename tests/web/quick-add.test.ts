import assert from "node:assert/strict";
import { searchedName } from "../../examples/web/src/screens/list/searched-name.ts";
import { typedParts, typedPreview } from "../../examples/web/src/offline/typed-preview.ts";
import { typedLines } from "../../shared/tools/grocery/typed-lines.ts";

Deno.test("the autocomplete searches the last thing typed, without its amount", () => {
  assert.deepEqual(searchedName("tomat"), { before: "", name: "tomat" });
  assert.deepEqual(searchedName("2 l mil"), { before: "2 l ", name: "mil" });
  assert.deepEqual(searchedName("2 l milk, 3 tom"), { before: "2 l milk, 3 ", name: "tom" });
  assert.deepEqual(searchedName("milk; 1,5 kg pot"), { before: "milk; 1,5 kg ", name: "pot" });
  assert.deepEqual(searchedName("2 lemons"), { before: "2 ", name: "lemons" });
  assert.deepEqual(searchedName("1 fl oz vanilla"), { before: "1 fl oz ", name: "vanilla" });
  assert.deepEqual(searchedName("milk, "), { before: "milk, ", name: "" });
});

Deno.test("a waiting quick add shows each line as the server will cut it", () => {
  for (const text of ["2 l milk, onions", "3 tomatoes; 1,5 kg potatoes\nbasil", "onions (red, large), milk"]) {
    assert.deepEqual(typedParts(text).length, typedLines(text).length, text);
  }
  assert.deepEqual(typedParts("2 l milk, onions").map(typedPreview), [
    { quantity: 2, unit: "l", name: "milk" },
    { quantity: 1, unit: "whole", name: "onions" },
  ]);
  assert.deepEqual(typedPreview("3 tomatoes"), { quantity: 3, unit: "whole", name: "tomatoes" });
  assert.deepEqual(typedPreview("basil"), { quantity: 1, unit: "whole", name: "basil" });
});
