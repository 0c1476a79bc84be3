// A person using the app in Chromium: every step is a click or keystroke in the page.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { axeViolations, describeViolations } from "../axe.ts";
import { screenshotAtWidths } from "../screenshots.ts";

export const password = "correct horse battery";

/** Signs up through the sign-in screen: names a household, or (after an invite link) joins one. */
export async function signUp(page: Page, email: string, householdName?: string): Promise<void> {
  await page.getByLabel("Email").waitFor();
  if (await page.getByRole("button", { name: "Create an account" }).isVisible()) {
    await page.getByRole("button", { name: "Create an account" }).click();
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (householdName) await page.getByLabel("Household name").fill(householdName);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
}

/** Opens a screen from the nav. */
export async function open(page: Page, label: string, heading: string | RegExp = label): Promise<void> {
  await page.getByRole("navigation", { name: "Screens" }).getByRole("link", { name: label }).click();
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

/** No serious or critical axe violation at 1280 and 390 px, and a screenshot at each into .local/screenshots/. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshotAtWidths(page, name, async (width) => {
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `${name} at ${width} px:\n${describeViolations(violations)}`);
  });
}

const toolName = /\b(recipe|planner|grocery|household|history|ingredient|media)\.[a-z_]+\b/;
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The screen's text holds no raw id and no JSON. */
export async function assertPlainWords(page: Page): Promise<void> {
  const text = await page.locator("main").innerText();
  assert.doesNotMatch(text, uuid, `a raw id on screen:\n${text}`);
  assert.doesNotMatch(text, /[{}]|":/, `JSON on screen:\n${text}`);
  assert.doesNotMatch(text, toolName, `a tool's name on screen:\n${text}`);
}
