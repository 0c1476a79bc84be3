/// <reference lib="dom" />
// The list on a phone: 35 items at 390 px wide are compact rows (a checkbox with the item's words and one menu
// button), the row's other actions behind that button (by mouse and by keyboard, Escape closes it), ticked items
// in a "Got it" section at the end with who ticked them, for two people live; axe clean, screenshots at both widths.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { axeViolations, describeViolations } from "../axe.ts";
import { noBrowser, sharedBrowser } from "../browser.ts";
import { screenshotAtWidths } from "../screenshots.ts";
import { callToolOk } from "../../support/tools-client.ts";
import { checkbox, householdWithList, openAs } from "./shopping-pair.ts";

const options = { ignore: noBrowser !== undefined, sanitizeOps: false, sanitizeResources: false };

// A week's shop as people type it: catalog items with their aisles, amounts in every kind of unit, some bought
// in other amounts than needed ("buy 1 head garlic").
const groceries = [
  "2 l milk",
  "6 eggs",
  "250 g butter",
  "200 g cheddar",
  "500 g greek yogurt",
  "1 loaf bread",
  "3 onions",
  "2 cloves garlic",
  "1 piece ginger",
  "4 carrots",
  "2 sticks celery",
  "3 peppers",
  "1 cucumber",
  "1 lettuce",
  "200 g spinach",
  "250 g mushrooms",
  "1.5 kg potatoes",
  "6 apples",
  "5 bananas",
  "2 lemons",
  "4 oranges",
  "500 g chicken thighs",
  "2 salmon fillets",
  "400 g chickpeas",
  "2 cans chopped tomatoes",
  "500 g pasta",
  "1 kg rice",
  "500 g oats",
  "1 kg flour",
  "1 kg sugar",
  "1 jar honey",
  "500 ml olive oil",
  "80 tea bags",
  "250 g coffee",
  "1 bottle washing-up liquid",
];

const ticked = ["2 l milk", "6 eggs", "3 onions", "2 cloves garlic", "1 kg rice", "6 apples"];

/** The rows' heights at 390 px wide, summed, and the tallest. */
async function rowHeights(page: Page): Promise<{ total: number; tallest: number; rows: number; items: number }> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))");
  return await page.evaluate(() => {
    const heights = [...document.querySelectorAll<HTMLElement>("li.item")].map((row) =>
      row.getBoundingClientRect().height
    );
    return {
      items: Math.round(document.querySelector(".item-groups")!.getBoundingClientRect().height),
      total: Math.round(heights.reduce((sum, height) => sum + height, 0)),
      tallest: Math.max(...heights),
      rows: heights.length,
    };
  });
}

Deno.test({
  name: "compact list: 35 items at 390 px fit in 35 × 56 px of rows",
  ...options,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const household = await householdWithList("compact", []);
    for (let start = 0; start < groceries.length; start += 12) {
      const text = groceries.slice(start, start + 12).join("\n");
      await callToolOk(household.alice.user, "grocery.add_text", { grocery_list_id: household.listId, text });
    }
    const alice = await openAs(browser, app.url, household.alice);
    try {
      await alice.page.locator("li.item").nth(groceries.length - 1).waitFor();
      const measured = await rowHeights(alice.page);
      console.log(
        `35 rows at 390 px: ${measured.total} px in all, the tallest ${measured.tallest} px; ` +
          `the items with their aisle headings ${measured.items} px`,
      );
      assert.equal(measured.rows, groceries.length);
      assert.ok(measured.total <= groceries.length * 56, `${measured.total} px > ${groceries.length * 56} px`);
    } finally {
      await alice.context.close();
    }
  },
});

/** The names of the rows in the "Got it" section, top to bottom. */
async function gotItNames(page: Page): Promise<string[]> {
  return await page.locator(".got-it li.item").evaluateAll((rows) =>
    rows.map((row) => (row as HTMLElement).dataset.item!)
  );
}

Deno.test({
  name: "compact list: the menu by mouse and keys, ticks move to Got it with who ticked, live for two people",
  ...options,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const household = await householdWithList("got-it", []);
    const text = groceries.slice(0, 12).join("\n");
    await callToolOk(household.alice.user, "grocery.add_text", { grocery_list_id: household.listId, text });
    await callToolOk(household.alice.user, "household.set_display_name", { display_name: "Alice" });
    await callToolOk(household.bob.user, "household.set_display_name", { display_name: "Bob" });
    const alice = await openAs(browser, app.url, household.alice);
    const bob = await openAs(browser, app.url, household.bob);
    try {
      const page = alice.page;
      // By mouse: the menu opens under its button, its actions name the item; a click outside closes it.
      const menuButton = page.getByRole("button", { name: "Options for onion" });
      assert.equal(await menuButton.getAttribute("aria-expanded"), "false");
      await menuButton.click();
      assert.equal(await menuButton.getAttribute("aria-expanded"), "true");
      const panel = page.locator(`#${await menuButton.getAttribute("aria-controls")}`);
      await panel.getByRole("button", { name: "Change amount of onion" }).waitFor();
      await panel.getByRole("button", { name: "Remove onion" }).waitFor();
      await page.getByRole("heading", { name: "Shopping list" }).click();
      await panel.waitFor({ state: "hidden" });
      assert.equal(await menuButton.getAttribute("aria-expanded"), "false");

      // By keys: Enter opens it, Tab reaches its actions, Escape closes it and gives the focus back to its button.
      await menuButton.focus();
      await page.keyboard.press("Enter");
      await panel.waitFor({ state: "visible" });
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Change amount of onion");
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "hidden" });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Options for onion");
      // Enter, then the action by keys: the amount's field has the focus, a new amount is saved.
      await page.keyboard.press("Enter");
      await panel.waitFor({ state: "visible" });
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      const amount = page.getByRole("form", { name: "Amount of onion" }).getByLabel("Amount");
      // The field takes the focus once it is drawn, which a loaded machine can delay past the next line.
      await page.waitForFunction((input) => input === document.activeElement, await amount.elementHandle());
      await amount.fill("4");
      await page.keyboard.press("Enter");
      await page.locator('li.item:not(.pending)[data-item="onion"] .said', { hasText: "4 onions" }).waitFor();
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
        "Options for onion",
        "saved, the keys are back on the row's menu button",
      );

      // Ticks by both: each moves to Got it on both screens, latest first, saying who got it.
      await checkbox(page, "milk").check();
      // Alice's tick reaches the server before Bob's: on a loaded machine her call could still be waiting when his is
      // sent, and his would then not be the latest.
      await page.locator('li.item.checked:not(.pending)[data-item="milk"]').waitFor();
      await checkbox(bob.page, "eggs").check();
      for (const screen of [page, bob.page]) {
        await screen.locator('.got-it li.item[data-item="eggs"]').waitFor();
        await screen.locator('.got-it li.item[data-item="milk"]').waitFor();
        assert.deepEqual(await gotItNames(screen), ["eggs", "milk"]);
        assert.equal(await screen.locator('.aisle li.item[data-item="milk"]').count(), 0, "no longer among the aisles");
      }
      assert.equal(await page.locator('.got-it li[data-item="eggs"] .ticked-by').textContent(), "got by Bob");
      assert.equal(await page.locator('.got-it li[data-item="milk"] .ticked-by').textContent(), "got by you");
      assert.equal(await bob.page.locator('.got-it li[data-item="milk"] .ticked-by').textContent(), "got by Alice");
      assert.equal(await page.getByRole("button", { name: "Got it (2)" }).getAttribute("aria-expanded"), "true");

      // Unticked from Got it by Bob: back among the aisles on Alice's screen too.
      await checkbox(bob.page, "milk").uncheck();
      await page.locator('.aisle li.item:not(.checked)[data-item="milk"]').waitFor();
      assert.deepEqual(await gotItNames(page), ["eggs"]);

      // Folded away and back.
      await page.getByRole("button", { name: "Got it (1)" }).click();
      await page.locator('.got-it li[data-item="eggs"]').waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Got it (1)" }).click();
      await page.locator('.got-it li[data-item="eggs"]').waitFor({ state: "visible" });

      // A tick by keys: Space, and the focus goes on to the next thing to buy, not to the top of the page.
      const rowsLeft = await page.locator(".aisle li.item").evaluateAll((rows) =>
        rows.map((row) => (row as HTMLElement).dataset.item!)
      );
      const [first, second] = rowsLeft;
      await checkbox(page, first).focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Space");
      await page.locator(`.got-it li.item[data-item="${first}"]`).waitFor();
      assert.equal(
        await page.evaluate(() => document.activeElement?.closest<HTMLElement>("li.item")?.dataset.item),
        second,
      );

      // Removed by keys from its menu: the keys go to Undo remove.
      await page.keyboard.press("Tab");
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
        `Options for ${second}`,
      );
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.locator(`li.item[data-item="${second}"]`).waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Undo remove" }).waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Undo remove");
    } finally {
      await Promise.all([alice.context.close(), bob.context.close()]);
    }
  },
});

Deno.test({
  name: "compact list: 35 items with some got, axe clean and screenshots at 390 and 1280 px",
  ...options,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const household = await householdWithList("compact-shots", []);
    for (let start = 0; start < groceries.length; start += 12) {
      const text = groceries.slice(start, start + 12).join("\n");
      await callToolOk(household.alice.user, "grocery.add_text", { grocery_list_id: household.listId, text });
    }
    await callToolOk(household.bob.user, "household.set_display_name", { display_name: "Bob" });
    const { items } = await callToolOk(household.alice.user, "grocery.get_list", { grocery_list_id: household.listId });
    for (const [index, line] of ticked.entries()) {
      const name = line.replace(/^[\d.]+ (l |g |kg |cloves )?/, "");
      const item = items.find((candidate) => name.startsWith(candidate.name) || candidate.name.startsWith(name))!;
      await callToolOk(index % 2 ? household.alice.user : household.bob.user, "grocery.check_item", {
        grocery_item_id: item.id,
      });
    }
    const alice = await openAs(browser, app.url, household.alice);
    try {
      const page = alice.page;
      await page.locator(".got-it li.item").nth(ticked.length - 1).waitFor();
      await page.getByRole("button", { name: "Options for potato" }).click();
      const files = await screenshotAtWidths(page, "list/compact-list", async (width) => {
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `at ${width} px:\n${describeViolations(violations)}`);
      });
      // Close up at a phone's width: the first rows with the open menu, and the "Got it" section.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [part, selector] of [["rows", ".aisle >> nth=0"], ["got-it", ".got-it"]] as const) {
        const path = files[0].replace("-1280.png", `-${part}-390.png`);
        await page.locator(selector).screenshot({ path });
        files.push(path);
      }
      console.log(`screenshots: ${files.join(", ")}`);
    } finally {
      await alice.context.close();
    }
  },
});
