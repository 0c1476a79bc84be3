/// <reference lib="dom" />
// Quick add by clicks in Chromium: "2 l milk" becomes 2 l of the catalog's milk, and "onions" merges into the
// 2 onions a recipe put on the list, one line of 3; the screen is checked with axe and photographed at 390 px.
import assert from "node:assert/strict";
import { noBrowser, sharedBrowser } from "../browser.ts";
import { axeViolations, describeViolations } from "../axe.ts";
import { screenshotAtWidths } from "../screenshots.ts";
import { callToolOk } from "../../support/tools-client.ts";
import { householdWithList, openAs } from "./shopping-pair.ts";

Deno.test({
  name: "quick add: 2 l milk and onions, typed and added by clicks, merge with the recipe's onions",
  ignore: noBrowser !== undefined,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const { alice, listId } = await householdWithList("quick-add", []);
    const recipe = await callToolOk(alice.user, "recipe.create", {
      title: "Onion soup",
      ingredients: [{ name: "onion", quantity: 2, unit: "whole" }],
    }, { idempotencyKey: crypto.randomUUID() });
    await callToolOk(alice.user, "grocery.push_recipe", { grocery_list_id: listId, recipe_id: recipe.recipe_id });
    const member = await openAs(browser, app.url, alice);
    const { page } = member;
    try {
      await page.locator('li.item[data-item="onion"] .said', { hasText: "2 onions" }).waitFor();
      const item = page.getByLabel("Item", { exact: true });
      const add = page.getByRole("button", { name: "Add", exact: true });

      // The autocomplete completes the last thing named, by words in any order and the catalog's other names.
      await item.fill("2 l milk, minced beef");
      await page.locator('#ingredient-suggestions option[value="2 l milk, ground beef"]').waitFor({
        state: "attached",
      });
      await item.fill("2 l milk");
      await add.click();
      await page.locator('li.item:not(.pending)[data-item="milk"] .said', { hasText: "2 l milk" }).waitFor();
      assert.equal(await item.inputValue(), "", "the field is cleared for the next item");

      await item.fill("onions");
      await add.click();
      await page.locator('li.item:not(.pending)[data-item="onion"] .said', { hasText: "3 onions" }).waitFor();
      await page.locator('li.item[data-item="onions"]').waitFor({ state: "detached" });
      await page.locator(".connection", { hasText: "Up to date." }).waitFor();
      assert.equal(await page.locator('li.item[data-item="onion"]').count(), 1, "one onion line");

      const { items } = await callToolOk(alice.user, "grocery.get_list", { grocery_list_id: listId });
      assert.deepEqual(
        items.map((shown) => `${shown.quantity} ${shown.unit} ${shown.name} (${shown.category})`).sort(),
        ["2 l milk (dairy)", "3 whole onion (produce)"],
      );

      const files = await screenshotAtWidths(page, "list-quick-add", async (width) => {
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `at ${width} px: ${describeViolations(violations)}`);
      });
      console.log(files.join("\n"));
    } finally {
      await member.context.close();
    }
  },
});
