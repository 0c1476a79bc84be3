// The lists that could be a page's ingredients, written for this test.
import assert from "node:assert/strict";
import { candidateLists } from "./candidate-lists.ts";

const list = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;

Deno.test("candidate lists: short items, a third measured; not links, steps, long lines or the same list twice", () => {
  const links =
    `<ul><li><a href="/a">1 Home</a></li><li><a href="/b">2 About</a></li><li><a href="/c">Shop</a></li></ul>`;
  const steps = list("1. Heat the oil", "2. Fry the onion", "3. Serve");
  const unmeasured = list("Flour", "Sugar", "Butter", "Eggs");
  const long = list("2 cups flour", "x".repeat(201), "salt");
  const pair = list("6 chicken breasts", "Unsalted butter", "Good olive oil");
  const page = `<html><body>${links}${steps}${unmeasured}${long}${pair}${pair}<script>${
    list("1 a", "2 b", "3 c")
  }</script>
    </body></html>`;
  assert.deepEqual(candidateLists(page), [["6 chicken breasts", "Unsalted butter", "Good olive oil"]]);
  const many = Array.from({ length: 12 }, (_, index) => list(`${index} cups rice`, `${index} eggs`, "salt")).join("");
  assert.equal(candidateLists(many).length, 8);
});
