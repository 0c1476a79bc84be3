// On hand and choosing the week's meals, in Chromium: salt is marked on hand from the Household screen's "On hand"
// page; two meals this week use salt and onion; the week-to-list preview lists salt under "You have these" and onion
// among the changes; one meal is unticked; applied, the list holds only the chosen meal's ingredients, without salt.
// The recipes, the plan and the list are set up through the API; every step after is a click or a keystroke, and
// the server is read after. Both screens are checked with axe and photographed at 390 and 1280 px.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest } from "../browser.ts";
import { axeViolations, describeViolations } from "../axe.ts";
import { screenshotAtWidths } from "../screenshots.ts";
import { newPerson, signIn } from "./plan-support.ts";
import { weekOf } from "../../../examples/web/src/screens/list/sync-week.tsx";
import { Person as JourneyPerson } from "../journey/person.ts";
import { leaveStaplesOff } from "../journey/steps/on-hand.ts";

// The week the app takes is the browser's (UTC here): its Monday and Tuesday.
function thisWeek(): { start: string; tuesday: string } {
  const week = weekOf(new Date(new Date().toISOString().slice(0, 10) + "T12:00:00"));
  const tuesday = new Date(`${week.start}T12:00:00Z`);
  tuesday.setUTCDate(tuesday.getUTCDate() + 1);
  return { start: week.start, tuesday: tuesday.toISOString().slice(0, 10) };
}

async function lookAt(page: Page, name: string): Promise<void> {
  const files = await screenshotAtWidths(page, name, async (width) => {
    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], `${name} at ${width} px: ${describeViolations(violations)}`);
  });
  console.log(files.join("\n"));
}

browserTest("salt on hand stays off the week's list; an unticked meal's ingredients stay off too", async (run) => {
  const { page } = run;
  const person = await newPerson("on-hand", "The Stocked");
  const soup = await person.tools.recipe.create({
    title: "Onion soup",
    servings: 2,
    ingredients: [
      { name: "onion", quantity: 3, unit: "whole" },
      { name: "salt", quantity: 1, unit: "tsp" },
      { name: "butter", quantity: 1, unit: "tbsp" },
    ],
  });
  const tart = await person.tools.recipe.create({
    title: "Onion tart",
    servings: 4,
    ingredients: [
      { name: "onion", quantity: 2, unit: "whole" },
      { name: "salt", quantity: 0.5, unit: "tsp" },
      { name: "eggs", quantity: 3, unit: "whole" },
    ],
  });
  const { start: monday, tuesday } = thisWeek();
  await person.tools.planner.addMeal({ recipe_id: soup.recipe_id, date: monday, meal_type: "dinner" });
  await person.tools.planner.addMeal({ recipe_id: tart.recipe_id, date: tuesday, meal_type: "dinner" });
  const { grocery_list_id: listId } = await person.tools.grocery.createList({ name: "Weekly shop" });

  // Salt is marked on hand from the Household screen.
  await signIn(page, run.appUrl, person);
  await page.getByRole("link", { name: "Household", exact: true }).click();
  await page.getByRole("link", { name: "Ingredients on hand" }).click();
  await page.getByRole("heading", { name: "On hand", level: 1 }).waitFor();
  await page.getByText("Nothing is marked on hand yet.").waitFor();
  await page.getByLabel("Ingredient you always have").fill("salt");
  await page.getByRole("button", { name: "Mark on hand" }).click();
  const marked = page.getByRole("list", { name: "On hand" });
  await marked.getByText("salt", { exact: true }).waitFor();
  assert.deepEqual((await person.tools.household.listOnHand({})).items.map((item) => item.ingredient_name), ["salt"]);
  await lookAt(page, "household-on-hand");

  // The week's preview: salt apart, onion to add; the tart is unticked.
  await page.getByRole("link", { name: "Shopping list" }).click();
  await page.getByRole("button", { name: /^Add this week's meals/ }).click();
  const preview = page.locator(".sync-preview");
  await preview.waitFor();
  const youHave = page.getByRole("region", { name: "You have these" });
  await youHave.getByRole("checkbox", { name: /Add salt anyway/ }).waitFor();
  assert.equal(await youHave.getByRole("checkbox", { name: /Add salt anyway/ }).isChecked(), false);
  const changes = page.getByRole("region", { name: "Changes to the list" });
  assert.match(await changes.innerText(), /add 3 onions \(Onion soup/);
  assert.match(await changes.innerText(), /add 2 onions \(Onion tart/);
  assert.doesNotMatch(await changes.innerText(), /salt/);

  const tartMeal = page.getByRole("checkbox", { name: /^Onion tart/ });
  assert.equal(await tartMeal.isChecked(), true);
  await tartMeal.click();
  await page.getByRole("checkbox", { name: /^Onion tart/, checked: false }).waitFor();
  await page.locator(".sync-preview [role=status]", { hasText: "Left out 1 meal of 2." }).waitFor();
  assert.doesNotMatch(await changes.innerText(), /Onion tart|eggs/);
  assert.match(await youHave.innerText(), /1 tsp salt for Onion soup/);
  await lookAt(page, "list-week-preview-on-hand");

  await preview.getByRole("button", { name: "Apply to the list" }).click();
  await preview.waitFor({ state: "detached" });
  await page.locator('li.item[data-item="onion"]').waitFor();
  const { items } = await person.tools.grocery.getList({ grocery_list_id: listId });
  assert.deepEqual(
    items.map((item) => [item.name, item.quantity, item.unit]).sort(),
    [["butter", 1, "tbsp"], ["onion", 3, "whole"]],
    "only the soup's ingredients, without salt",
  );
  assert.equal(await page.locator('li.item[data-item="salt"]').count(), 0);
  assert.equal(await page.locator('li.item[data-item="eggs"]').count(), 0);
  assert.deepEqual(run.pageErrors, []);
});

browserTest(
  "the journey's step marks a staple on hand from the preview, then finds it under You have these",
  async (run) => {
    const { page } = run;
    const person = await newPerson("on-hand-step", "The Stepped");
    const { recipe_id: stew } = await person.tools.recipe.create({
      title: "Bean stew",
      ingredients: [{ name: "olive oil", quantity: 2, unit: "tbsp" }, { name: "carrot", quantity: 3, unit: "whole" }],
    });
    const { start: monday, tuesday } = thisWeek();
    await person.tools.planner.addMeal({ recipe_id: stew, date: monday, meal_type: "lunch" });
    const { grocery_list_id: listId } = await person.tools.grocery.createList({ name: "Stew shop" });
    await signIn(page, run.appUrl, person);
    const walker = new JourneyPerson(page, person.email);

    await leaveStaplesOff(walker, "olive oil");
    const onHand = await person.tools.household.listOnHand({});
    assert.deepEqual(onHand.items.map((item) => item.ingredient_name), ["olive oil"], "marked from the preview");
    const names = async () =>
      (await person.tools.grocery.getList({ grocery_list_id: listId })).items.map((item) => item.name).sort();
    assert.deepEqual(await names(), ["carrot"]);

    // Already on hand: a second meal's oil is shown under You have these, and still left off.
    await person.tools.planner.addMeal({ recipe_id: stew, date: tuesday, meal_type: "lunch" });
    await leaveStaplesOff(walker, "olive oil");
    assert.deepEqual(await names(), ["carrot"]);
    assert.equal((await person.tools.grocery.getList({ grocery_list_id: listId })).items[0].quantity, 6);
    assert.ok(walker.clicks >= 5, "done by clicks");
    assert.deepEqual(run.pageErrors, []);
  },
);
