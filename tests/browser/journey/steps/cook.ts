// Cooking from the plan: a meal planned for more people than the recipe serves opens scaled, says so, goes back
// to the recipe's own amounts and forward again; cook mode ticks ingredients and shows the method a step at a time.
import assert from "node:assert/strict";
import type { AxeViolation } from "../../axe.ts";
import { look } from "../journey-support.ts";
import type { Person } from "../person.ts";

export interface ScaledMeal {
  day: RegExp;
  title: string;
  servings: number;
  recipeServings: number;
  /** A line as written, and scaled. */
  line: { own: string; scaled: string };
  steps: string[];
}

export async function cookFromWeek(
  person: Person,
  meal: ScaledMeal,
  violations: Map<string, AxeViolation[]>,
): Promise<void> {
  const page = person.page;
  await person.open("Week", /^Week of/);
  await person.click(page.getByRole("region", { name: meal.day }).getByRole("link", { name: meal.title }));
  await page.getByRole("heading", { level: 1, name: meal.title, exact: true }).waitFor();
  const scaledNote = `Scaled to ${meal.servings} servings (the recipe serves ${meal.recipeServings})`;
  await page.getByText(scaledNote).waitFor();
  const ingredients = page.getByRole("region", { name: "Ingredients" });
  assert.match(await ingredients.innerText(), new RegExp(`^${meal.line.scaled}$`, "m"));
  await look(page, "week-recipe-scaled", violations);

  await person.click(page.getByRole("button", { name: "Show the recipe's own amounts" }));
  await page.getByText(`The recipe's own amounts (planned for ${meal.servings})`).waitFor();
  assert.match(await ingredients.innerText(), new RegExp(`^${meal.line.own}$`, "m"));
  await person.click(page.getByRole("button", { name: `Scale to ${meal.servings} servings` }));
  await page.getByText(scaledNote).waitFor();

  await person.click(page.getByRole("link", { name: "Start cooking" }));
  await page.getByRole("heading", { name: `Cooking ${meal.title}` }).waitFor();
  await page.getByText(`Step 1 of ${meal.steps.length}`).waitFor();
  assert.equal(await page.locator(".step-text").innerText(), meal.steps[0]);
  await person.click(page.getByRole("checkbox", { name: meal.line.scaled }));
  assert.equal(await page.getByRole("checkbox", { name: meal.line.scaled }).isChecked(), true);
  await person.click(page.getByRole("button", { name: "Next" }));
  await page.getByText(`Step 2 of ${meal.steps.length}`).waitFor();
  assert.equal(await page.locator(".step-text").innerText(), meal.steps[1]);
  await look(page, "week-cook-mode", violations);
  await person.click(page.getByRole("link", { name: "Back to the recipe" }));
  await page.getByRole("heading", { level: 1, name: meal.title, exact: true }).waitFor();
}
