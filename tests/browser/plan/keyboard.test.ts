// The planner and recipe screens by keyboard alone: Tab to a control, type, Enter; the ingredient autocomplete
// answers the arrow keys. A recipe is made and planned without the mouse.
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { browserTest } from "../browser.ts";
import { newPerson, signIn } from "./plan-support.ts";

/** Presses Tab until the control has the focus; fails if it cannot be reached in `limit` presses. */
async function tabTo(page: Page, control: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    if (await control.evaluate((element) => element === element.ownerDocument.activeElement)) return;
  }
  throw new Error(`could not reach ${control} with Tab`);
}

browserTest("a recipe is made and planned with the keyboard alone", async (run) => {
  const { page } = run;
  const person = await newPerson("keyboard", "The Keyboarders");
  await signIn(page, run.appUrl, person, "#/recipes");
  await page.getByText("No recipes yet").waitFor();

  await tabTo(page, page.getByRole("link", { name: "New recipe" }));
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "New recipe" }).waitFor();
  await tabTo(page, page.getByLabel("Title"));
  await page.keyboard.type("Garlic rice");
  const ingredient = page.getByRole("combobox", { name: "Ingredient" });
  await tabTo(page, ingredient);
  await page.keyboard.type("garl");
  await page.getByRole("option", { name: "garlic", exact: true }).waitFor();
  await page.keyboard.press("Enter");
  assert.equal(await ingredient.inputValue(), "garlic");
  await page.keyboard.press("Tab");
  await page.keyboard.type("3");
  await page.keyboard.press("Tab");
  await page.keyboard.type("whole");
  await tabTo(page, page.getByRole("button", { name: "Save recipe" }));
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Garlic rice" }).waitFor();
  const [saved] = (await person.tools.recipe.list()).recipes;
  const held = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
  assert.deepEqual(held.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit]), [
    ["garlic", 3, "whole"],
  ]);

  await page.goto(`${run.appUrl}#/week/2030-03-04`);
  await page.getByRole("heading", { name: "Week of 4 March 2030" }).waitFor();
  await tabTo(page, page.getByRole("button", { name: "Add lunch on Thursday 7 Mar" }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: "Add to the plan" }));
  await page.keyboard.press("Enter");
  await page.getByRole("region", { name: "Thursday 7 Mar" }).getByRole("link", { name: "Garlic rice" }).waitFor();
  const { meals } = await person.tools.planner.listMeals({ start_date: "2030-03-04", end_date: "2030-03-10" });
  assert.deepEqual(meals.map((meal) => [meal.recipe_title, meal.date, meal.meal_type]), [
    ["Garlic rice", "2030-03-07", "lunch"],
  ]);
  assert.deepEqual(run.pageErrors, []);
});
