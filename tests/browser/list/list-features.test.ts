/// <reference lib="dom" />
// The list screen's own features, by clicks in Chromium: create and rename a list, add an item picked from the
// ingredient suggestions, change its amount, remove it and undo, tick and clear ticked items and undo, push this
// week's plan after its preview, delete the list and undo; errors and ids never show as raw ids.
import assert from "node:assert/strict";
import { noBrowser, sharedBrowser } from "../browser.ts";
import { callToolOk } from "../../support/tools-client.ts";
import { weekOf } from "../../../examples/web/src/screens/list/sync-week.tsx";
import { checkbox, householdWithList, openAs, serverList } from "./shopping-pair.ts";

Deno.test({
  name: "list screen: lists, autocomplete, amounts, remove and clear with undo, and this week pushed after a preview",
  ignore: noBrowser !== undefined,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const household = await householdWithList("features", ["paper towels"]);
    const { alice } = household;
    const recipe = await callToolOk(alice.user, "recipe.create", {
      title: "Garlic bread",
      ingredients: [{ name: "garlic", quantity: 2, unit: "whole" }],
    }, { idempotencyKey: crypto.randomUUID() });
    await callToolOk(alice.user, "planner.add_meal", {
      recipe_id: recipe.recipe_id,
      date: weekOf(new Date()).start,
      meal_type: "dinner",
    }, { idempotencyKey: crypto.randomUUID() });
    const member = await openAs(browser, app.url, alice);
    const { page } = member;
    try {
      await page.getByRole("button", { name: "New list" }).click();
      await page.getByLabel("New list's name").fill("Weekend");
      await page.getByRole("button", { name: "Create list" }).click();
      await page.getByRole("combobox", { name: "List" }).locator("option", { hasText: "Weekend" }).waitFor({
        state: "attached",
      });
      await page.getByRole("button", { name: "Rename list" }).click();
      await page.getByLabel("List's new name").fill("Saturday");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByText("Renamed Weekend to Saturday.").waitFor();

      // The suggestion comes from ingredient.search: picked, the item is the catalog's ingredient.
      await page.getByLabel("Item", { exact: true }).fill("tomat");
      await page.locator('#ingredient-suggestions option[value="tomato"]').waitFor({ state: "attached" });
      await page.getByLabel("Item", { exact: true }).fill("3 tomato");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.locator('li.item:not(.pending)[data-item="tomato"]').waitFor();

      await page.getByRole("button", { name: "Options for tomato" }).click();
      await page.getByRole("button", { name: "Change amount of tomato" }).click();
      await page.getByRole("form", { name: "Amount of tomato" }).getByLabel("Amount").fill("5");
      await page.getByRole("button", { name: "Save amount" }).click();
      await page.locator('li.item:not(.pending)[data-item="tomato"] .said', { hasText: "5 tomatoes" }).waitFor();

      await page.getByRole("button", { name: "Options for tomato" }).click();
      await page.getByRole("button", { name: "Remove tomato" }).click();
      await page.locator('li.item[data-item="tomato"]').waitFor({ state: "detached" });
      await page.locator(".connection", { hasText: "Up to date." }).waitFor();
      await page.getByRole("button", { name: "Undo remove" }).click();
      await page.locator('li.item[data-item="tomato"] .said', { hasText: "5 tomatoes" }).waitFor();

      await checkbox(page, "tomato").check();
      await page.locator(".connection", { hasText: "Up to date." }).waitFor();
      await page.getByRole("button", { name: /Clear ticked items/ }).click();
      await page.locator('li.item[data-item="tomato"]').waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Undo clear" }).click();
      await page.locator('li.item.checked[data-item="tomato"]').waitFor();

      await page.getByRole("button", { name: /^Add this week.s meals/ }).click();
      await page.getByText(/add 2 heads garlic \(Garlic bread/).waitFor();
      await page.getByRole("button", { name: "Apply to the list" }).click();
      await page.locator('li.item[data-item="garlic"]').waitFor();

      const listId = page.url().split("/").pop()!;
      assert.deepEqual(await serverList(alice.user, listId), { garlic: false, tomato: true });
      const text = await page.locator("main").textContent() ?? "";
      assert.doesNotMatch(text, /[0-9a-f]{8}-[0-9a-f]{4}-/, "no raw ids on screen");

      await page.getByRole("button", { name: "Delete list" }).click();
      await page.getByRole("button", { name: "Undo delete" }).waitFor();
      await page.getByRole("combobox", { name: "List" }).locator("option", { hasText: "Saturday" }).waitFor({
        state: "detached",
      });
      await page.getByRole("button", { name: "Undo delete" }).click();
      await page.getByRole("combobox", { name: "List" }).locator("option", { hasText: "Saturday" }).waitFor({
        state: "attached",
      });
    } finally {
      await member.context.close();
    }
  },
});
