// The household, history and assistant screens by keyboard alone: Tab to a control, Enter or Space to use it.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";
import { signUp } from "./people.ts";

/** Presses Tab (Shift+Tab backwards) until the focused element has this accessible text, at most 40 times. */
async function tabTo(page: Page, text: string | RegExp, backwards = false): Promise<void> {
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const focused = await page.evaluate(() => {
      // deno-lint-ignore no-explicit-any
      const element = (globalThis as any).document.activeElement;
      if (!element || element.tagName === "BODY") return "";
      return (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
    });
    if (typeof text === "string" ? focused === text : text.test(focused)) return;
  }
  throw new Error(`Tab never reached ${text}`);
}

browserTest("by keyboard: open the household, make an invite link, rename, undo it from the history", async (run) => {
  const { page } = run;
  await page.goto(run.appUrl);
  await signUp(page, uniqueEmail("keyboard"), "Keys household");

  await tabTo(page, "Household");
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: "Keys household" }).waitFor();
  await tabTo(page, "Create invite link");
  await page.keyboard.press("Enter");
  await page.getByLabel("Invite link").waitFor();

  await page.getByLabel("Household name").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Typed name");
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: "Typed name" }).waitFor();
  await tabTo(page, /^Undo/);
  await page.keyboard.press("Space");
  await page.getByRole("heading", { level: 1, name: "Keys household" }).waitFor();
  // Focus stays on what was undone rather than falling back to the top of the page.
  await page.locator(".undo-sentence:focus", { hasText: "Undone:" }).waitFor();

  // The nav is above: Shift+Tab goes back up to it.
  await tabTo(page, "History", true);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: "History" }).waitFor();
  await page.locator(".history-entry").first().waitFor();
  await tabTo(page, /^Redo/);
  await page.keyboard.press("Enter");
  await page.locator(".household-name", { hasText: "Typed name" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});
