/// <reference lib="dom" />
// The order of the aisles, by keyboard in Chromium: from the Household screen, "Move dairy and eggs up" pressed until dairy
// is first (the focus stays on the moved aisle), saved; the server holds the order and the list groups dairy
// first; another change is undone from the same screen. The screen is checked with axe and photographed at 390 px.
import assert from "node:assert/strict";
import { noBrowser, sharedBrowser } from "../browser.ts";
import { axeViolations, describeViolations } from "../axe.ts";
import { screenshotAtWidths } from "../screenshots.ts";
import { callToolOk } from "../../support/tools-client.ts";
import { householdWithList, openAs } from "../list/shopping-pair.ts";

Deno.test({
  name: "aisle order: dairy moved first by keyboard and saved; the list groups dairy first; undo puts it back",
  ignore: noBrowser !== undefined,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const { alice, listId } = await householdWithList("aisle-order", ["onion", "milk"]);
    const serverOrder = async () =>
      (await callToolOk(alice.user, "grocery.get_list", { grocery_list_id: listId })).aisle_order.map((aisle) =>
        aisle.category
      );
    const usual = await serverOrder();
    assert.equal(usual[0], "produce");
    const member = await openAs(browser, app.url, alice);
    const { page } = member;
    try {
      const groups = page.locator(".item-groups section.aisle h2");
      assert.deepEqual(await groups.allTextContents(), ["Fruit and vegetables", "Dairy and eggs"], "the usual order");

      await page.getByRole("link", { name: "Household", exact: true }).click();
      await page.getByRole("link", { name: "Order of the aisles" }).click();
      await page.getByRole("heading", { name: "Order of the aisles" }).waitFor();
      const names = page.locator(".aisle-rows .aisle-name");
      await names.first().waitFor();
      assert.equal(await names.first().textContent(), "Fruit and vegetables");
      assert.equal(await names.count(), usual.length, "every aisle is listed");

      const up = page.getByRole("button", { name: "Move dairy and eggs up" });
      await up.focus();
      const steps = usual.indexOf("dairy");
      for (let step = 0; step < steps; step++) await page.keyboard.press("Enter");
      const shown = await page.locator(".aisle-rows .aisle-row").evaluateAll((rows) =>
        rows.map((row) => (row as HTMLElement).dataset.aisle)
      );
      assert.deepEqual(shown, ["dairy", ...usual.filter((category) => category !== "dairy")]);
      // The app moves the focus after it has drawn the move: wait for it (at most 5 s), then say where it is.
      await page.waitForFunction(() => document.activeElement?.textContent === "Move dairy and eggs down", null, {
        timeout: 5_000,
      }).catch(() => {});
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        "Move dairy and eggs down",
        "at the top, the focus moves to the aisle's other button",
      );
      assert.equal(await up.isDisabled(), true);

      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("button", { name: "Undo" }).waitFor();
      assert.deepEqual(await serverOrder(), shown, "the server holds the order saved");

      const files = await screenshotAtWidths(page, "household-aisle-order", async (width) => {
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `at ${width} px: ${describeViolations(violations)}`);
      });
      console.log(files.join("\n"));

      await page.getByRole("link", { name: "Shopping list" }).click();
      await page.locator(".connection", { hasText: "Up to date." }).waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".item-groups section.aisle h2")].map((h) => h.textContent).join() ===
          "Dairy and eggs,Fruit and vegetables"
      );

      // Another change, undone where it was made: the order saved before comes back.
      await page.getByRole("link", { name: "Household", exact: true }).click();
      await page.getByRole("link", { name: "Order of the aisles" }).click();
      await names.first().waitFor();
      assert.equal(await names.first().textContent(), "Dairy and eggs");
      await page.getByRole("button", { name: "Move fruit and vegetables up" }).click();
      assert.equal(await names.first().textContent(), "Fruit and vegetables");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("button", { name: "Undo" }).click();
      await page.getByRole("button", { name: "Undo" }).waitFor({ state: "detached" });
      assert.deepEqual(await serverOrder(), shown, "undo put the saved order back");
      await page.waitForFunction(() =>
        document.querySelector(".aisle-rows .aisle-name")?.textContent === "Dairy and eggs"
      );
    } finally {
      await member.context.close();
    }
  },
});
