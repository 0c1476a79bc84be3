/// <reference lib="dom" />
// The recipes and the week offline in Chromium: Alice reads the recipe list, two recipes and a week online; offline
// (the API, the Realtime socket and the app's origin cut, and the browser told it is offline) she reloads and reads
// them all again from this device, a planned meal's recipe scaled to its servings too; she plans a meal offline,
// reloads, comes back: the server holds it once and Bob sees it. A reply lost after the server applied a plan is
// sent again under the same key and plans nothing twice.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { axeViolations, describeViolations } from "../axe.ts";
import { noBrowser, sharedBrowser } from "../browser.ts";
import { screenshotAtWidths } from "../screenshots.ts";
import { callToolOk } from "../../support/tools-client.ts";
import type { TestUser } from "../../support/stack.ts";
import { householdWithList, type Member, openAs } from "../list/shopping-pair.ts";

const options = { ignore: noBrowser !== undefined, sanitizeOps: false, sanitizeResources: false };
// A week well in the future, so that "today" never falls in it: Monday 4 March 2030.
const monday = "2030-03-04";

async function pairWithRecipes(label: string) {
  const { browser, app } = await sharedBrowser();
  const household = await householdWithList(label, ["milk"]);
  const alice = household.alice.user;
  await callToolOk(alice, "recipe.create", {
    title: "Lentil soup",
    servings: 4,
    ingredients: [{ name: "red lentils", quantity: 200, unit: "g" }],
    instructions: "Simmer the lentils.",
  });
  await callToolOk(alice, "recipe.create", {
    title: "Pea soup",
    servings: 2,
    ingredients: [{ name: "peas", quantity: 300, unit: "g" }],
  });
  const chilli = await callToolOk(alice, "recipe.create", {
    title: "Weeknight chilli",
    servings: 4,
    ingredients: [{ name: "kidney beans", quantity: 400, unit: "g" }],
  });
  await callToolOk(alice, "planner.add_meal", {
    recipe_id: chilli.recipe_id,
    date: "2030-03-05",
    meal_type: "dinner",
    servings: 6,
  });
  const members = await Promise.all([household.alice, household.bob].map((one) => openAs(browser, app.url, one)));
  await members[0].page.evaluate(() => navigator.serviceWorker.ready);
  return { alice: members[0], bob: members[1], close: () => Promise.all(members.map((one) => one.context.close())) };
}

async function offline(member: Member) {
  await member.network.goOffline();
  await member.context.setOffline(true);
}

async function online(member: Member) {
  member.network.goOnline();
  await member.context.setOffline(false);
}

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Screens" }).getByRole("link", { name, exact: true });
const day = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function openWeek(page: Page) {
  await page.evaluate((date) => location.hash = `#/week/${date}`, monday);
  await page.getByRole("heading", { name: "Week of 4 March 2030" }).waitFor();
  // The heading comes before the week is read: going offline before that leaves nothing to show.
  await page.locator(".week p.loading").waitFor({ state: "detached" });
}

async function lentilMeals(user: TestUser) {
  const { meals } = await callToolOk(user, "planner.list_meals", { start_date: monday, end_date: "2030-03-10" });
  return meals.filter((meal) => meal.recipe_title === "Lentil soup").map((meal) => [meal.date, meal.meal_type]);
}

async function axeClean(page: Page, name: string) {
  await screenshotAtWidths(page, name, async (width) => {
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `${name} at ${width} px:\n${describeViolations(violations)}`);
  });
}

Deno.test({
  name: "offline week: recipes, a scaled recipe and the week read offline; a meal planned offline lands once",
  ...options,
  fn: async () => {
    const { alice, bob, close } = await pairWithRecipes("offline-week");
    const page = alice.page;
    try {
      // Online: the recipe list, both recipes, the week.
      await nav(page, "Recipes").click();
      for (const title of ["Lentil soup", "Weeknight chilli"]) {
        await page.getByRole("link", { name: title }).click();
        await page.getByRole("heading", { level: 1, name: title }).waitFor();
        await page.getByRole("link", { name: "Recipe list" }).click();
        await page.getByRole("heading", { level: 1, name: "Recipes" }).waitFor();
      }
      await openWeek(page);
      await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).waitFor();
      assert.equal(await page.locator(".offline-note").count(), 0, "online: no offline note");

      await offline(alice);
      const cutBefore = alice.network.shellRequestsCut;
      await page.reload();
      await page.getByRole("heading", { name: "Week of 4 March 2030" }).waitFor();
      assert.ok(alice.network.shellRequestsCut > cutBefore, "the shell came from the service worker's cache");
      await page.locator(".offline-note", { hasText: /You are offline\. This is the copy of this week saved/ })
        .waitFor();
      await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).click();
      await page.getByRole("heading", { level: 1, name: "Weeknight chilli" }).waitFor();
      await page.getByText("Scaled to 6 servings (the recipe serves 4)").waitFor();
      assert.match(await page.locator("ul.ingredients").innerText(), /600 g kidney beans/);
      await page.locator(".offline-note", { hasText: "copy of this recipe" }).waitFor();
      await axeClean(page, "offline-recipe-scaled");
      await page.getByRole("link", { name: "Start cooking" }).click();
      await page.getByRole("heading", { level: 1, name: "Cooking Weeknight chilli" }).waitFor();
      await page.locator(".offline-note", { hasText: "copy of this recipe" }).waitFor();
      assert.match(await page.locator("ul.cook-checklist").innerText(), /600 g kidney beans/);

      await nav(page, "Recipes").click();
      await page.locator(".offline-note", { hasText: "copy of the recipe list" }).waitFor();
      await axeClean(page, "offline-recipe-list");
      const card = (title: string) => page.locator("li.recipe-card", { hasText: title });
      await card("Lentil soup").getByText("On this device").waitFor();
      await card("Pea soup").getByText("Opens once online").waitFor();
      await card("Pea soup").getByRole("link", { name: "Pea soup" }).click();
      await page.getByText("You are offline, and this recipe was not opened on this device before").waitFor();
      await page.getByRole("link", { name: "Back to the recipe list" }).click();
      await page.getByRole("link", { name: "Lentil soup" }).click();
      await page.getByRole("heading", { level: 1, name: "Lentil soup" }).waitFor();
      assert.match(await page.locator("ul.ingredients").innerText(), /200 g red lentils/);

      // Plan a meal offline: it waits on this device, through a reload too.
      await openWeek(page);
      await page.getByRole("button", { name: "Add lunch on Wednesday 6 Mar" }).click();
      await page.getByLabel("Recipe").selectOption({ label: "Lentil soup" });
      await page.getByRole("button", { name: "Add to the plan" }).click();
      const planned = day(page, "Wednesday 6 Mar").locator("li.meal.pending", { hasText: "Lentil soup" });
      await planned.getByText("waiting to be sent").waitFor();
      await page.getByText("1 change waits to be sent.").waitFor();
      await page.reload();
      await page.getByRole("heading", { name: "Week of 4 March 2030" }).waitFor();
      await planned.waitFor();
      await axeClean(page, "offline-week-pending");
      assert.deepEqual(await lentilMeals(alice.user), [], "nothing reached the server while offline");

      await online(alice);
      await day(page, "Wednesday 6 Mar").locator("li.meal:not(.pending)", { hasText: "Lentil soup" }).waitFor();
      await page.locator("p.status", { hasText: "Sent the change made offline." }).waitFor();
      await page.locator(".offline-note").waitFor({ state: "detached" });
      assert.deepEqual(await lentilMeals(alice.user), [["2030-03-06", "lunch"]]);

      await openWeek(bob.page);
      await day(bob.page, "Wednesday 6 Mar").getByRole("link", { name: "Lentil soup" }).waitFor();
      // A while later (the retry timer has run again): still once.
      await page.waitForTimeout(2500);
      assert.deepEqual(await lentilMeals(bob.user), [["2030-03-06", "lunch"]]);
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "offline week: a plan whose reply is lost is sent again under its key and planned once",
  ...options,
  fn: async () => {
    const { alice, close } = await pairWithRecipes("lost-reply-week");
    const page = alice.page;
    try {
      await openWeek(page);
      let lost = 0;
      await page.route("**/functions/v1/planner/add_meal", async (route) => {
        if (lost > 0) return await route.continue();
        lost += 1;
        // The server applies it; the reply never reaches the page.
        await route.fetch();
        await route.abort("connectionreset");
      });
      await page.getByRole("button", { name: "Add lunch on Thursday 7 Mar" }).click();
      await page.getByLabel("Recipe").selectOption({ label: "Lentil soup" });
      await page.getByRole("button", { name: "Add to the plan" }).click();
      await day(page, "Thursday 7 Mar").locator("li.meal:not(.pending)", { hasText: "Lentil soup" }).waitFor();
      assert.equal(lost, 1);
      assert.deepEqual(await lentilMeals(alice.user), [["2030-03-07", "lunch"]]);
      await page.reload();
      await day(page, "Thursday 7 Mar").getByRole("link", { name: "Lentil soup" }).waitFor();
      assert.equal(await day(page, "Thursday 7 Mar").getByRole("link", { name: "Lentil soup" }).count(), 1);
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "offline week: signing out deletes the recipes and weeks kept on this device",
  ...options,
  fn: async () => {
    const { alice, close } = await pairWithRecipes("sign-out-copies");
    const page = alice.page;
    const keptDatabases = () =>
      page.evaluate(async () =>
        (await indexedDB.databases()).map((database) => database.name ?? "").filter((name) =>
          name.startsWith("meal-planner-copies-")
        )
      );
    try {
      await openWeek(page);
      await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).click();
      await page.getByRole("heading", { level: 1, name: "Weeknight chilli" }).waitFor();
      assert.equal((await keptDatabases()).length, 1, "the week and the recipe are kept while signed in");
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      await page.waitForFunction(async () =>
        !(await indexedDB.databases()).some((database) => database.name?.startsWith("meal-planner-copies-"))
      );
      assert.deepEqual(await keptDatabases(), []);
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "offline week: a change made offline to a meal another member removed meanwhile is refused in words",
  ...options,
  fn: async () => {
    const { alice, bob, close } = await pairWithRecipes("refused-week");
    const page = alice.page;
    try {
      await openWeek(page);
      await openWeek(bob.page);
      await offline(alice);
      await page.getByRole("button", { name: "Change Weeknight chilli" }).click();
      await page.getByLabel("Servings").fill("2");
      await page.getByRole("button", { name: "Save" }).click();
      const chilli = day(page, "Tuesday 5 Mar").locator("li.meal.pending", { hasText: "Weeknight chilli" });
      await chilli.getByText("for 2").waitFor();

      await bob.page.getByRole("button", { name: "Remove Weeknight chilli" }).click();
      await bob.page.getByRole("button", { name: "Restore Weeknight chilli" }).waitFor();

      await online(alice);
      const refusal = page.locator(".problem", { hasText: /^Changing Weeknight chilli: / });
      await refusal.waitFor();
      await day(page, "Tuesday 5 Mar").getByRole("link", { name: "Weeknight chilli" }).waitFor({ state: "detached" });
      await axeClean(page, "offline-week-refused");
      const { meals } = await callToolOk(alice.user, "planner.list_meals", {
        start_date: monday,
        end_date: "2030-03-10",
      });
      assert.deepEqual(meals, [], "the removal stands; the change was not applied");
      await refusal.getByRole("button", { name: "Dismiss" }).click();
      await refusal.waitFor({ state: "detached" });
    } finally {
      await close();
    }
  },
});
