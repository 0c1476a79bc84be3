/// <reference lib="dom" />
// Every screen by keyboard alone: Tab (or Shift+Tab, back up from the screen) to its link in the nav, Enter opens
// it; then the shopping list by keyboard: a list made, an item added and ticked with Space. The household, history,
// assistant, recipe and week screens have keyboard tests of their own (tests/browser/home, tests/browser/plan).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { uniqueEmail } from "../auth/auth-client.ts";
import { browserTest } from "./browser.ts";
import { routeAssistant } from "./home/assistant-server.ts";
import { signUp } from "./home/people.ts";

/** The focused element's accessible text (its aria-label, its label's text, else its own), "" on the body. */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element || element.tagName === "BODY") return "";
    return (element.getAttribute("aria-label") ?? element.labels?.[0]?.textContent ?? element.textContent ?? "")
      .trim();
  });
}

/** Presses Tab (Shift+Tab backwards) until the focused element has this text; fails after 60 presses. */
async function tabTo(page: Page, text: string, backwards = false): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (await focusedText(page) === text) return;
  }
  throw new Error(`${backwards ? "Shift+Tab" : "Tab"} never reached ${text}`);
}

/** The focused element is the input labelled so. */
async function focusedLabel(page: Page): Promise<string> {
  return await page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return element?.labels?.[0]?.textContent?.trim() ?? "";
  });
}

async function tabToField(page: Page, label: string): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if ((await focusedLabel(page)).startsWith(label)) return;
  }
  throw new Error(`Tab never reached the field ${label}`);
}

browserTest("by keyboard: every screen opens from the nav; a list is made, an item added and ticked", async (run) => {
  const { page } = run;
  // The Assistant tab shows only where a model is configured: this one, against the fake model API.
  const assistant = await routeAssistant(page.context());
  try {
    await page.goto(run.appUrl);
    await signUp(page, uniqueEmail("keyboard-screens"), "Keyboard screens");

    const screens: [string, RegExp][] = [
      ["Week", /^Week of/],
      ["Recipes", /^Recipes$/],
      ["History", /^History$/],
      ["Household", /^Keyboard screens$/],
      ["Assistant", /^Assistant$/],
      ["Shopping list", /^Shopping list$/],
    ];
    for (const [label, heading] of screens) {
      // From the open screen, the nav is above: Shift+Tab goes back up to it.
      await tabTo(page, label, true);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      assert.equal(
        await page.getByRole("navigation", { name: "Screens" }).getByRole("link", { name: label })
          .getAttribute("aria-current"),
        "page",
      );
    }

    // The list: no list yet, so its name is asked for first.
    await tabToField(page, "New list's name");
    await page.keyboard.type("Keys shop");
    await page.keyboard.press("Enter");
    await page.getByText("Nothing on this list yet.").waitFor();
    await tabToField(page, "Item");
    await page.keyboard.type("rice");
    await tabTo(page, "Add");
    await page.keyboard.press("Enter");
    // Until the server has the item it shows as pending, among the items of no aisle; once confirmed it moves to its
    // aisle, a new row, so the keys go to it after that (a checkbox focused before would be gone).
    await page.locator('li.item:not(.pending)[data-item="rice"]').waitFor();
    // The checkbox is labelled by the row's whole phrase (its amount in words, then the name).
    const phrase = (await page.locator('li.item[data-item="rice"] label.tick').textContent())?.trim() ?? "";
    assert.match(phrase, /rice$/);
    await tabTo(page, phrase);
    await page.keyboard.press("Space");
    await page.locator('li.item.checked[data-item="rice"]').waitFor();
    assert.deepEqual(run.pageErrors, []);
  } finally {
    await assistant.close();
  }
});
