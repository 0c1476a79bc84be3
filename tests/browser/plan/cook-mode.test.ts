// Cooking from the plan in Chromium: a dinner planned for 6 of a recipe that serves 4 opens with its lines scaled
// (2 cans of kidney beans read "3 cans"), says so, and goes back to the recipe's own amounts and forward again; cook
// mode ticks an ingredient and steps through the method with Next and the arrow keys, holding a screen wake lock
// (a stand-in for the browser's, counted) that is released on leaving. A meal without servings of its own opens the
// recipe as written. The recipe and meals are set up through the typed client; every step after is a click or a key.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { axeViolations, describeViolations } from "../axe.ts";
import { browserTest } from "../browser.ts";
import { newPerson, screenshots, signIn } from "./plan-support.ts";

// A week well in the future, so that "today" never falls in it: Monday 4 March 2030.
const monday = "2030-03-04";

const day = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function noSeriousViolations(page: Page, screen: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `${screen} at ${width} px:\n${describeViolations(violations)}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

browserTest("a meal planned for 6 opens its 4-serving recipe scaled, and cook mode steps through it", async (run) => {
  const { page } = run;
  // The browser's wake lock, counted: headless Chromium may refuse the real one.
  await page.addInitScript(() => {
    const counts = { requested: 0, released: 0 };
    Object.assign(globalThis, { wakeLockCounts: counts });
    Object.defineProperty(Navigator.prototype, "wakeLock", {
      configurable: true,
      get: () => ({
        request: (type: string) => {
          if (type !== "screen") return Promise.reject(new TypeError(type));
          counts.requested += 1;
          return Promise.resolve({ release: () => (counts.released += 1, Promise.resolve()) });
        },
      }),
    });
  });
  const wakeLocks = () =>
    page.evaluate(() =>
      (globalThis as unknown as { wakeLockCounts: { requested: number; released: number } })
        .wakeLockCounts
    );

  const person = await newPerson("cook", "The Cooks");
  const { recipe_id: recipeId } = await person.tools.recipe.create({
    title: "Weeknight chilli",
    servings: 4,
    ingredients: [
      { name: "kidney beans", quantity: 2, unit: "can" },
      { name: "onion", quantity: 1, unit: "whole", prep_state: "chopped" },
      { name: "salt", quantity: null, unit: null, note: "to taste" },
    ],
    instructions: "Fry the onion.\nAdd the beans.\nSimmer for 20 minutes.",
  });
  await person.tools.planner.addMeal({ recipe_id: recipeId, date: monday, meal_type: "dinner", servings: 6 });
  await person.tools.planner.addMeal({ recipe_id: recipeId, date: "2030-03-05", meal_type: "lunch" });

  await signIn(page, run.appUrl, person, `#/week/${monday}`);
  await day(page, "Monday 4 Mar").getByRole("link", { name: "Weeknight chilli" }).click();
  await page.getByRole("heading", { name: "Weeknight chilli", exact: true }).waitFor();
  const ingredients = page.getByRole("region", { name: "Ingredients" });
  await page.getByText("Scaled to 6 servings (the recipe serves 4)").waitFor();
  assert.match(await ingredients.innerText(), /^3 cans kidney beans$/m);
  assert.match(await ingredients.innerText(), /^1½ onions, chopped$/m);
  assert.match(await ingredients.innerText(), /^salt, to taste$/m);
  await noSeriousViolations(page, "recipe scaled");
  await screenshots(page, "recipe-scaled");

  await page.getByRole("button", { name: "Show the recipe's own amounts" }).click();
  await page.getByText("The recipe's own amounts (planned for 6)").waitFor();
  assert.match(await ingredients.innerText(), /^2 cans kidney beans$/m);
  assert.match(await ingredients.innerText(), /^1 onion, chopped$/m);
  await page.getByRole("button", { name: "Scale to 6 servings" }).click();
  await page.getByText("Scaled to 6 servings (the recipe serves 4)").waitFor();
  assert.match(await ingredients.innerText(), /^3 cans kidney beans$/m);

  await page.getByRole("link", { name: "Start cooking" }).click();
  await page.getByRole("heading", { name: "Cooking Weeknight chilli" }).waitFor();
  await page.getByText("Scaled to 6 servings (the recipe serves 4)").waitFor();
  await page.getByText("Step 1 of 3").waitFor();
  assert.equal(await page.locator(".step-text").innerText(), "Fry the onion.");
  assert.equal(await page.getByRole("button", { name: "Previous" }).isDisabled(), true);
  await page.getByRole("checkbox", { name: "3 cans kidney beans" }).check();
  await page.getByText("1 of 3 ready").waitFor();
  assert.equal(await page.getByRole("checkbox", { name: "3 cans kidney beans" }).isChecked(), true);
  assert.equal(await page.getByRole("checkbox", { name: "1½ onions, chopped" }).isChecked(), false);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Step 2 of 3").waitFor();
  assert.equal(await page.locator(".step-text").innerText(), "Add the beans.");
  await noSeriousViolations(page, "cook mode");
  await screenshots(page, "cook-mode");
  await page.keyboard.press("ArrowRight");
  await page.getByText("Step 3 of 3").waitFor();
  assert.equal(await page.locator(".step-text").innerText(), "Simmer for 20 minutes.");
  assert.equal(await page.getByRole("button", { name: "Next" }).isDisabled(), true);
  await page.keyboard.press("ArrowLeft");
  await page.getByText("Step 2 of 3").waitFor();
  assert.deepEqual(await wakeLocks(), { requested: 1, released: 0 });

  // Leaving cook mode releases the lock.
  await page.getByRole("link", { name: "Back to the recipe" }).click();
  await page.getByRole("heading", { name: "Weeknight chilli", exact: true }).waitFor();
  assert.deepEqual(await wakeLocks(), { requested: 1, released: 1 });

  // A meal with no servings of its own: the recipe as written, nothing said about scaling.
  await page.goto(`${run.appUrl}#/week/${monday}`);
  await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).click();
  await page.getByRole("heading", { name: "Weeknight chilli", exact: true }).waitFor();
  assert.match(await ingredients.innerText(), /^2 cans kidney beans$/m);
  assert.equal(await page.getByText("Scaled to").count(), 0);
  assert.deepEqual(run.pageErrors, []);
});
