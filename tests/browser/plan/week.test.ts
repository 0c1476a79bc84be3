// The week planner in Chromium: plan meals, move one to another day with the date picker, change servings, remove
// and restore, and a repeating meal (its servings changed for all, then stopped by another member of the household
// in a browser of their own); next and previous weeks. The recipes and the second member are set up through the API;
// every step after is a click or a keystroke, and the server is read after.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest } from "../browser.ts";
import { newPerson, type Person, screenshots, signIn } from "./plan-support.ts";

// A week well in the future, so that "today" never falls in it: Monday 4 March 2030.
const monday = "2030-03-04";

const day = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function mealsHeld(person: Person, start = monday, end = "2030-03-24") {
  const { meals } = await person.tools.planner.listMeals({ start_date: start, end_date: end });
  return meals.map((meal) => [meal.recipe_title, meal.date, meal.meal_type, meal.servings]).sort();
}

browserTest("meals are planned, moved, given servings, removed and restored, and repeated weekly", async (run) => {
  const { page } = run;
  const person = await newPerson("week", "The Planners");
  const line = (name: string) => ({ name, quantity: 1, unit: "cup" as const });
  await person.tools.recipe.create({ title: "Weeknight chilli", ingredients: [line("kidney beans")], servings: 4 });
  await person.tools.recipe.create({ title: "Lentil soup", ingredients: [line("red lentils")] });

  await signIn(page, run.appUrl, person, `#/week/${monday}`);
  await page.getByRole("heading", { name: "Week of 4 March 2030" }).waitFor();
  await page.getByRole("button", { name: "Add dinner on Monday 4 Mar" }).click();
  await page.getByLabel("Recipe").selectOption({ label: "Weeknight chilli" });
  await page.getByLabel("Servings").fill("3");
  await screenshots(page, "week-add-meal");
  await page.getByRole("button", { name: "Add to the plan" }).click();
  await day(page, "Monday 4 Mar").getByRole("link", { name: "Weeknight chilli" }).waitFor();

  await page.getByRole("button", { name: "Add lunch on Wednesday 6 Mar" }).click();
  await page.getByLabel("Recipe").selectOption({ label: "Lentil soup" });
  await page.getByRole("button", { name: "Add to the plan" }).click();
  await day(page, "Wednesday 6 Mar").getByRole("link", { name: "Lentil soup" }).waitFor();
  assert.match(await day(page, "Wednesday 6 Mar").innerText(), /as the recipe serves/);
  assert.deepEqual(await mealsHeld(person), [
    ["Lentil soup", "2030-03-06", "lunch", null],
    ["Weeknight chilli", "2030-03-04", "dinner", 3],
  ]);

  // Move the chilli to Tuesday with the date picker; give the soup six servings.
  await page.getByRole("button", { name: "Change Weeknight chilli" }).click();
  await page.getByLabel("Date").fill("2030-03-05");
  await page.getByRole("button", { name: "Save" }).click();
  await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).waitFor();
  assert.equal(await day(page, "Monday 4 Mar").getByRole("link", { name: "Weeknight chilli" }).count(), 0);
  await page.getByRole("button", { name: "Change Lentil soup" }).click();
  await page.getByLabel("Servings").fill("6");
  await page.getByRole("button", { name: "Save" }).click();
  await day(page, "Wednesday 6 Mar").getByText("for 6").waitFor();
  assert.deepEqual(await mealsHeld(person), [
    ["Lentil soup", "2030-03-06", "lunch", 6],
    ["Weeknight chilli", "2030-03-05", "dinner", 3],
  ]);

  await page.getByRole("button", { name: "Remove Weeknight chilli" }).click();
  await page.getByRole("button", { name: "Restore Weeknight chilli" }).waitFor();
  assert.equal(await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).count(), 0);
  assert.deepEqual(await mealsHeld(person), [["Lentil soup", "2030-03-06", "lunch", 6]]);
  await page.getByRole("button", { name: "Restore Weeknight chilli" }).click();
  await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).waitFor();
  assert.deepEqual(await mealsHeld(person), [
    ["Lentil soup", "2030-03-06", "lunch", 6],
    ["Weeknight chilli", "2030-03-05", "dinner", 3],
  ]);
  // Dragging works too: the soup goes to Thursday's dinner.
  await day(page, "Wednesday 6 Mar").getByRole("listitem", { name: "Lentil soup, lunch" })
    .dragTo(day(page, "Thursday 7 Mar").locator(".slot").nth(2));
  await day(page, "Thursday 7 Mar").getByRole("link", { name: "Lentil soup" }).waitFor();
  assert.deepEqual(await mealsHeld(person), [
    ["Lentil soup", "2030-03-07", "dinner", 6],
    ["Weeknight chilli", "2030-03-05", "dinner", 3],
  ]);
  await screenshots(page, "week-planned");

  // Chilli every Friday for three weeks, from this Monday.
  await page.getByRole("button", { name: "Add dinner on Monday 4 Mar" }).click();
  await page.getByLabel("Recipe").selectOption({ label: "Weeknight chilli" });
  await page.getByLabel("Repeat it").check();
  await page.getByLabel("Monday", { exact: true }).uncheck();
  await page.getByLabel("Friday", { exact: true }).check();
  await page.getByLabel("How many times in all").fill("3");
  await page.getByRole("button", { name: "Add to the plan" }).click();
  const friday = day(page, "Friday 8 Mar");
  await friday.getByRole("link", { name: "Weeknight chilli" }).waitFor();
  assert.match(await friday.innerText(), /repeats/);
  const fridays = [["Weeknight chilli", "2030-03-08", "dinner", null], [
    "Weeknight chilli",
    "2030-03-15",
    "dinner",
    null,
  ], [
    "Weeknight chilli",
    "2030-03-22",
    "dinner",
    null,
  ]];
  assert.deepEqual(await mealsHeld(person, "2030-03-08"), fridays);

  const series = page.getByRole("region", { name: "Repeating meals" });
  await series.getByLabel("Servings each time").fill("2");
  await series.getByRole("button", { name: "Change all" }).click();
  await friday.getByText("for 2").waitFor();
  assert.deepEqual(await mealsHeld(person, "2030-03-08"), fridays.map(([title, date, type]) => [title, date, type, 2]));
  await screenshots(page, "week-repeating");

  await page.getByRole("link", { name: "Next", exact: true }).click();
  await page.getByRole("heading", { name: "Week of 11 March 2030" }).waitFor();
  await day(page, "Friday 15 Mar").getByRole("link", { name: "Weeknight chilli" }).waitFor();

  // Another member of the household, in a browser of their own, sees the series the server holds and stops it.
  const partner = await newPerson("week-partner", "The Partner's");
  const { code } = await person.tools.household.createInvite({});
  await partner.tools.household.join({ code });
  const partnerPage = await run.newPage();
  await signIn(partnerPage, run.appUrl, partner, "#/week/2030-03-11");
  await partnerPage.getByRole("heading", { name: "Week of 11 March 2030" }).waitFor();
  const partnerSeries = partnerPage.getByRole("region", { name: "Repeating meals" });
  await partnerSeries.getByRole("listitem", { name: "Weeknight chilli (dinner on Friday)" }).waitFor();
  assert.match(await partnerSeries.innerText(), /3 times, Fri 8 – Fri 22 Mar 2030/);
  assert.match(await day(partnerPage, "Friday 15 Mar").innerText(), /repeats/);
  await screenshots(partnerPage, "week-repeating-partner");
  await partnerSeries.getByRole("button", { name: "Stop repeating" }).click();
  await partnerPage.getByText("Repeating meals").waitFor({ state: "detached" });
  await day(partnerPage, "Friday 15 Mar").getByRole("link", { name: "Weeknight chilli" })
    .waitFor({ state: "detached" });
  assert.deepEqual(await mealsHeld(person, "2030-03-08"), []);

  // The first member's screen reads the series again with the next week it shows: the stopped one is gone.
  await page.getByRole("link", { name: "Previous", exact: true }).click();
  await page.getByRole("heading", { name: "Week of 4 March 2030" }).waitFor();
  await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).waitFor();
  await page.getByText("Repeating meals").waitFor({ state: "detached" });
  assert.equal(await day(page, "Friday 8 Mar").getByRole("link", { name: "Weeknight chilli" }).count(), 0);
  assert.deepEqual(run.pageErrors, []);
});
