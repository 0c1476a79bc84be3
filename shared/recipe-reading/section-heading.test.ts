import assert from "node:assert/strict";
import { sectionHeading } from "./section-heading.ts";

Deno.test("sectionHeading: a part of the recipe named alone, in any case, is a heading", () => {
  for (const line of ["Sauce", "DRESSING", "The Marinade", "Toppings", "SANDWICHES", "Garnish", "salad"]) {
    assert.equal(sectionHeading(line), line, line);
  }
  // An aside is the heading's remark.
  assert.equal(sectionHeading("DRESSING (whisk together; chill)"), "DRESSING");
});

Deno.test("sectionHeading: a part named with what it is made of, or with an amount, is a line to buy", () => {
  for (const line of ["Hot Sauce", "Pizza Dough", "Pie Crust", "BBQ sauce", "1 cup sauce", "Sauce, to serve", "SALT"]) {
    assert.equal(sectionHeading(line), undefined, line);
  }
});

Deno.test("sectionHeading: the headings it read before still read the same", () => {
  assert.equal(sectionHeading("For the marinade:"), "For the marinade");
  assert.equal(sectionHeading("FOR THE MARINADE"), "FOR THE MARINADE");
  assert.equal(sectionHeading("## SAUCE"), "SAUCE");
  assert.equal(sectionHeading("Standard Ingredients"), "Standard Ingredients");
  assert.equal(sectionHeading("2 tbsp soy sauce"), undefined);
});
