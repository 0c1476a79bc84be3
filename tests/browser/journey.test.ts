/// <reference lib="dom" />
// The whole-household journey in Chromium, two people in two browser contexts. After the stack starts, every step
// is a click or a keystroke in the app (no tool calls; the only things arranged from outside are a recipe page on
// 127.0.0.1 to import from, and what the fake model API will say, as a real model would have read a recipe's id from
// an earlier tool result). Every screen is checked with axe (no serious or critical violation) and photographed at
// 1280 and 390 px into .local/screenshots/journey/. What the server holds at the end is read through the tools.
// It prints the clicks and keystrokes the journey took, the app's script size gzipped without supabase-js, and the
// time from navigation to the first list rendered with data.
import assert from "node:assert/strict";
import type { Route } from "playwright-core";
import { uniqueEmail } from "../auth/auth-client.ts";
import { ownGroupFunction } from "../support/own-group-function.ts";
import { stackEnv } from "../support/stack.ts";
import { type AxeViolation, describeViolations } from "./axe.ts";
import { browserTest } from "./browser.ts";
import { routeAssistant } from "./home/assistant-server.ts";
import { appScriptGzipBytes, look, thisWeek, toolsAs } from "./journey/journey-support.ts";
import { Person } from "./journey/person.ts";
import { allowImportHost } from "../support/allow-import-host.ts";

// The recipe page Alice imports from, served on 127.0.0.1 (its ingredient lines all match the catalog).
const pancakes = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Sunday pancakes",
  recipeIngredient: ["2 cups plain flour", "1 1/2 cups milk", "2 large eggs"],
  recipeInstructions: [{ "@type": "HowToStep", text: "Whisk everything." }, { "@type": "HowToStep", text: "Fry." }],
};
const site = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  (request) =>
    new URL(request.url).pathname === "/pancakes"
      ? new Response(
        `<html><head><script type="application/ld+json">${JSON.stringify(pancakes)}</script></head></html>`,
        { headers: { "content-type": "text/html" } },
      )
      : new Response("not here", { status: 404 }),
);
const siteUrl = `http://127.0.0.1:${site.addr.port}`;

// As in plan/import.test.ts: the stack's recipe function may not read private addresses; this test's own copy (the
// same handler, on the stack's database) may read this one local site. The page's import_url calls go to it.
allowImportHost(`127.0.0.1:${site.addr.port}`);
const recipeFunction = ownGroupFunction("recipe", stackEnv().databaseUrl, { DB_POOL_MAX: "2" });
Deno.test.afterAll(async () => {
  await site.shutdown();
  await recipeFunction.pool.end();
});

async function toOwnRecipeFunction(route: Route): Promise<void> {
  const request = route.request();
  const response = await recipeFunction.handler(
    new Request("http://localhost/recipe/import_url", {
      method: request.method(),
      headers: await request.allHeaders(),
      body: request.method() === "POST" ? request.postData() : undefined,
    }),
  );
  await route.fulfill({
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  });
}

browserTest(
  "journey: a household signs up, invites, plans a week, shops together, undoes, asks the assistant",
  async (run) => {
    const alice = new Person(run.page, uniqueEmail("journey-alice"));
    const bob = new Person(await run.newPage(), uniqueEmail("journey-bob"));
    await alice.page.route(`${stackEnv().apiUrl}/functions/v1/recipe/import_url`, toOwnRecipeFunction);
    const assistant = await routeAssistant(alice.page.context());
    const violations = new Map<string, AxeViolation[]>();
    const started = performance.now();
    try {
      // Alice signs up and names the household.
      await alice.page.goto(run.appUrl);
      await alice.page.getByLabel("Email").waitFor();
      await look(alice.page, "sign-in", violations);
      await alice.signUp("The Journeys");

      // She invites Bob by link; he has no account, signs up through it and joins.
      await alice.open("Household", "The Journeys");
      await alice.click(alice.page.getByRole("button", { name: "Create invite link" }));
      const link = await alice.page.getByLabel("Invite link").inputValue();
      await bob.page.goto(link);
      await bob.signUp();
      assert.equal(await bob.page.locator(".household-name").textContent(), "The Journeys");
      await alice.reload();
      await alice.page.getByText(bob.email).waitFor();
      await look(alice.page, "household", violations);

      // Two recipes by hand, their ingredients picked from the autocomplete.
      await alice.open("Recipes");
      await alice.page.getByText("No recipes yet").waitFor();
      await alice.createRecipe("Weeknight chilli", 4, [["kidney b", "kidney beans", 2, "can"], [
        "onio",
        "onion",
        1,
        "whole",
      ]]);
      await look(alice.page, "recipe-view", violations);
      await alice.open("Recipes");
      await alice.createRecipe("Lentil soup", 2, [["red lent", "red lentils", 1, "cup"], [
        "carr",
        "carrot",
        2,
        "whole",
      ]]);
      // She makes the soup for four.
      await alice.click(alice.page.getByRole("link", { name: "Edit recipe" }));
      await alice.page.getByRole("heading", { name: "Edit recipe" }).waitFor();
      await look(alice.page, "recipe-edit", violations);
      await alice.type(alice.page.getByLabel("Servings"), "4");
      await alice.click(alice.page.getByRole("button", { name: "Save changes" }));
      await alice.page.locator(".recipe-meta", { hasText: "Serves 4" }).waitFor();

      // One imported from a recipe page.
      await alice.open("Recipes");
      await alice.click(alice.page.getByRole("link", { name: "Import a recipe" }));
      await alice.page.getByRole("heading", { name: "Import a recipe" }).waitFor();
      await alice.type(alice.page.getByLabel("Recipe page address"), `${siteUrl}/pancakes`);
      await alice.click(alice.page.getByRole("button", { name: "Read the page" }));
      // The first import starts this test's copy of the recipe function (cold, on a loaded machine): longer than a click.
      await alice.page.getByRole("heading", { name: "Check the draft" }).waitFor({ timeout: 20_000 }).catch(
        async (error) => {
          const alerts = await alice.page.getByRole("alert").allInnerTexts();
          throw new Error(`no draft; the page says: ${alerts.join(" | ") || "nothing"}`, { cause: error });
        },
      );
      assert.match(
        await alice.page.locator(".import-draft").innerText(),
        /3 of 3 ingredient lines were read and matched/,
      );
      await look(alice.page, "import-draft", violations);
      await alice.click(alice.page.getByRole("button", { name: "Save recipe" }));
      await alice.page.getByRole("heading", { level: 1, name: "Sunday pancakes" }).waitFor();
      await alice.open("Recipes");
      await alice.page.getByRole("link", { name: "Sunday pancakes" }).waitFor();
      await look(alice.page, "recipes-list", violations);
      // The search's controls side by side are of one height (text inputs were taller than search inputs and selects).
      const heights = await Promise.all(
        ["Title contains", "Tags", "Rated at least"].map(async (label) =>
          (await alice.page.getByLabel(label).boundingBox())!.height
        ),
      );
      assert.deepEqual(new Set(heights).size, 1, `the search's controls are ${heights.join(", ")} px high`);

      // Five dinners, Monday to Friday of this week.
      await alice.open("Week", /^Week of/);
      const dinners = ["Weeknight chilli", "Lentil soup", "Sunday pancakes", "Weeknight chilli", "Lentil soup"];
      for (const [index, title] of dinners.entries()) {
        const add = alice.page.getByRole("button", { name: /^Add dinner on / }).nth(index);
        // The day's region is named by its heading ("Thursday 26 Nov", with "today" after it on today).
        const day = (await add.getAttribute("aria-label"))!.replace("Add dinner on ", "");
        await alice.click(add);
        await alice.choose(alice.page.getByLabel("Recipe"), title);
        await alice.click(alice.page.getByRole("button", { name: "Add to the plan" }));
        await alice.page.getByRole("region", { name: new RegExp(`^${day}`) }).getByRole("link", { name: title })
          .waitFor();
      }
      await look(alice.page, "week", violations);

      // The week goes to a new list: first what would change, then applied.
      await alice.open("Shopping list");
      await alice.type(alice.page.getByLabel("New list's name"), "Weekly shop");
      await alice.click(alice.page.getByRole("button", { name: "Create list" }));
      await alice.page.getByText("Nothing on this list yet.").waitFor();
      await alice.click(alice.page.getByRole("button", { name: /^Add this week's meals/ }));
      const preview = alice.page.locator(".sync-preview");
      await preview.waitFor();
      assert.match(await preview.innerText(), /add 2 cans kidney beans \(Weeknight chilli/);
      await alice.click(preview.getByRole("button", { name: "Apply to the list" }));
      await alice.page.locator('li.item[data-item="milk"]').waitFor();

      // Bob looks at the week, then both shop, live: each sees the other's tick without reloading.
      await bob.open("Week", /^Week of/);
      await bob.page.getByRole("link", { name: "Sunday pancakes" }).waitFor();
      await bob.open("Shopping list");
      await bob.click(bob.page.getByRole("checkbox", { name: /milk/i }));
      await alice.page.locator('li.item.checked[data-item="milk"]').waitFor({ timeout: 5000 });
      await alice.click(alice.page.getByRole("checkbox", { name: /eggs/i }));
      await bob.page.locator('li.item.checked[data-item="eggs"]').waitFor({ timeout: 5000 });
      await look(alice.page, "list", violations);
      // The picker counts what is left to buy on the open list as it is now (7 pushed, 2 ticked).
      await alice.page.getByRole("combobox", { name: "List" }).locator("option", { hasText: "Weekly shop (5 to buy)" })
        .waitFor({ state: "attached" });

      // Alice undoes Bob's tick from the history.
      await alice.open("History");
      const ticked = alice.page.locator(".history-entry", { hasText: /milk/i }).first();
      await alice.click(ticked.getByRole("button", { name: /^Undo/ }));
      await alice.page.locator(".history-entry.undone", { hasText: /milk/i }).waitFor();
      await look(alice.page, "history", violations);
      // What was undone is said in the history's words, not with the tool's name.
      const status = await alice.page.locator("p.status").innerText();
      assert.match(status, /^Undone: /);
      assert.doesNotMatch(status, /grocery\.|check_item/);
      await bob.page.locator('li.item[data-item="milk"]:not(.checked)').waitFor({ timeout: 5000 });

      // The assistant proposes Saturday's dinner; Alice confirms it and it shows in the week.
      await alice.open("Assistant");
      await look(alice.page, "assistant", violations);
      const tools = await toolsAs(alice.email);
      const chilli = (await tools.recipe.list({ query: "chilli" })).recipes[0];
      assistant.fake.script(
        {
          kind: "message",
          content: [{
            type: "tool_use",
            id: "toolu_meal",
            name: "planner__add_meal",
            input: { recipe_id: chilli.id, date: thisWeek(5), meal_type: "dinner" },
          }],
        },
        { kind: "message", content: [{ type: "text", text: "Chilli on Saturday is waiting for you to confirm." }] },
      );
      await alice.askAssistant("Plan chilli for Saturday dinner");
      await look(alice.page, "assistant-proposal", violations);
      await alice.confirmProposal();
      await alice.open("Week", /^Week of/);
      const saturday = alice.page.locator(".day").nth(5);
      await saturday.getByRole("link", { name: "Weeknight chilli" }).waitFor();

      // The time from navigation to the first list rendered with data, on a fresh load of the list.
      await alice.open("Shopping list");
      await alice.reload();
      await alice.page.locator('li.item[data-item="milk"]').waitFor();
      const listRendered = await alice.page.evaluate(() => performance.getEntriesByName("list-rendered")[0]?.startTime);
      assert.ok(listRendered !== undefined, "the list screen marks list-rendered");
      const journeySeconds = (performance.now() - started) / 1000;

      // What the server holds.
      const household = (await tools.household.get()).households[0];
      assert.equal(household.name, "The Journeys");
      assert.deepEqual(household.members.map((member) => member.email).sort(), [alice.email, bob.email].sort());
      assert.deepEqual(
        (await tools.recipe.list()).recipes.map((recipe) => recipe.title).sort(),
        ["Lentil soup", "Sunday pancakes", "Weeknight chilli"],
      );
      const { meals } = await tools.planner.listMeals({ start_date: thisWeek(0), end_date: thisWeek(6) });
      assert.deepEqual(
        meals.map((meal) => [meal.date, meal.meal_type, meal.recipe_title]).sort(),
        [...dinners, "Weeknight chilli"].map((title, index) => [thisWeek(index), "dinner", title]),
      );
      const [list] = (await tools.grocery.listLists({})).lists;
      const { items } = await tools.grocery.getList({ grocery_list_id: list.id });
      const held = Object.fromEntries(items.map((item) => [item.name, [item.quantity, item.unit, item.checked]]));
      assert.deepEqual(held["kidney beans"], [4, "can", false]);
      assert.deepEqual(held.milk, [1.5, "cup", false], "Bob's tick is undone");
      assert.deepEqual(held.eggs, [2, "whole", true], "Alice's tick stays");
      // The week was synced before the assistant's Saturday chilli: the list has the five dinners' ingredients only.
      assert.deepEqual(Object.keys(held).sort(), [
        "all-purpose flour",
        "carrot",
        "eggs",
        "kidney beans",
        "milk",
        "onion",
        "red lentils",
      ]);

      assert.equal(
        violations.size,
        0,
        [...violations].map(([screen, found]) => `${screen}:\n${describeViolations(found)}`).join("\n"),
      );
      assert.deepEqual(run.pageErrors, []);
      const script = await appScriptGzipBytes();
      console.log(
        `journey: Alice ${alice.clicks} clicks, ${alice.keystrokes} keystrokes; ` +
          `Bob ${bob.clicks} clicks, ${bob.keystrokes} keystrokes; ` +
          `total ${alice.clicks + bob.clicks} clicks, ${alice.keystrokes + bob.keystrokes} keystrokes ` +
          `(${journeySeconds.toFixed(1)} s)`,
      );
      console.log(
        `journey: app script without supabase-js (bundled with it external) ${
          (script.minified / 1024).toFixed(1)
        } KB ` +
          `minified, ${(script.gzipped / 1024).toFixed(1)} KB gzipped`,
      );
      console.log(`journey: navigation to the first list rendered with data: ${listRendered.toFixed(0)} ms`);
      assert.ok(script.gzipped < 150 * 1024, `the app's script is ${script.gzipped} bytes gzipped`);
    } finally {
      await assistant.close();
    }
  },
);
