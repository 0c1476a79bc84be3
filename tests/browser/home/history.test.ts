// The history screen in Chromium: Alice's writes listed in words (no ids, no JSON), Undo from the list, and an
// undo that a later change blocks refused in words beside its entry.
import assert from "node:assert/strict";
import { uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";
import { assertPlainWords, checkScreen, open, signUp } from "./people.ts";

browserTest("the history lists the household's writes in words and undoes one", async (run) => {
  const { page } = run;
  await page.goto(run.appUrl);
  await signUp(page, uniqueEmail("history"), "History household");
  await open(page, "Household", "History household");
  for (const name of ["First name", "Second name"]) {
    await page.getByLabel("Household name").fill(name);
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
  }

  await open(page, "History");
  const entries = page.locator(".history-entry");
  await entries.first().waitFor();
  assert.ok(await entries.count() >= 2, "both renames are listed");
  assert.match(await entries.first().innerText(), /You/);
  await assertPlainWords(page);
  await checkScreen(page, "history");

  // The older rename cannot be undone while the newer one depends on it: refused in words beside its entry.
  const older = entries.nth(1);
  await older.getByRole("button", { name: /^Undo/ }).click();
  await older.getByRole("alert").waitFor();
  const refusal = await older.getByRole("alert").innerText();
  assert.match(refusal, /^Could not undo: .*(later|since|after)/i, refusal);
  await assertPlainWords(page);
  await checkScreen(page, "history-refused");

  // The newest entry is the second rename: undoing it brings the first name back, and is listed itself.
  await entries.first().getByRole("button", { name: /^Undo/ }).click();
  await page.locator(".history-entry.undone").first().waitFor();
  await page.locator(".household-name", { hasText: "First name" }).waitFor();
  await page.getByRole("button", { name: /^Redo/ }).waitFor();
  await assertPlainWords(page);
  assert.deepEqual(run.pageErrors, []);
});

browserTest("a change offers Undo right where it was made", async (run) => {
  const { page } = run;
  await page.goto(run.appUrl);
  await signUp(page, uniqueEmail("undo-offer"), "Before");
  await open(page, "Household", "Before");
  await page.getByLabel("Household name").fill("After");
  await page.getByRole("button", { name: "Rename" }).click();
  const offer = page.locator(".undo-offer");
  await offer.getByText("Renamed the household from Before to After.").waitFor();
  await offer.getByRole("button", { name: "Undo" }).click();
  await offer.getByText("Undone: Renamed the household from Before to After.").waitFor();
  await page.getByRole("heading", { level: 1, name: "Before" }).waitFor();
  assert.equal(await page.locator(".household-name").textContent(), "Before");
  assert.deepEqual(run.pageErrors, []);
});

browserTest("the history shows 20 changes at a time and older ones on request", async (run) => {
  const { page } = run;
  await page.goto(run.appUrl);
  await signUp(page, uniqueEmail("history-pages"), "Name 0");
  await open(page, "Household", "Name 0");
  for (let count = 1; count <= 21; count++) {
    await page.getByLabel("Household name").fill(`Name ${count}`);
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("heading", { level: 1, name: `Name ${count}` }).waitFor();
  }
  await open(page, "History");
  const entries = page.locator(".history-entry");
  await entries.first().waitFor();
  assert.equal(await entries.count(), 20);
  await page.getByRole("button", { name: "Show older changes" }).click();
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document
      .querySelectorAll(".history-entry").length > 20
  );
  assert.ok(await entries.count() >= 21);
  assert.deepEqual(run.pageErrors, []);
});
