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

Deno.test("sectionHeading: what the lines under it are for, a remark in parentheses, and a version of the recipe", () => {
  const cases: [string, string | undefined][] = [
    ["To serve (optional):", "To serve"],
    ["To serve", "To serve"],
    ["To brush on the dough before baking", "To brush on the dough before baking"],
    ["Yeast Version", "Yeast Version"],
    ["Vegan version", "Vegan version"],
    ["Side", "Side"],
    ["Sides", "Sides"],
    ["Optional toppings", "Optional toppings"],
    ["Add-ins", "Add-ins"],
    ["Spices", "Spices"],
    ["Special equipment", "Special equipment"],
    ["Tadka", "Tadka"],
    ["Others", "Others"],
    ["Optional", "Optional"],
    // Said of an amount, not of a part: lines to buy.
    ["to taste Japanese instant bouillon", undefined],
    ["to your taste Japanese instant bouillon (dashi no moto)", undefined],
    ["To taste", undefined],
    ["2 to 3 cloves garlic", undefined],
    ["Side of salmon", undefined],
    ["Spice", undefined],
    ["Mixed vegetables", undefined],
    ["Optional: chopped parsley", undefined],
  ];
  for (const [line, heading] of cases) assert.equal(sectionHeading(line), heading, line);
});
