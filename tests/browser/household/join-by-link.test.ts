// An invite link opened by someone who is not signed in, in Chromium: the page names the household and who invited
// ("Join The Journeys — Alice invited you") before any account exists, read with the link's code alone; signing up
// or signing in through it puts the person in that household. A revoked link says it does not work, and the page
// becomes a plain sign-up with a household of one's own.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";
import { checkScreen, open, password, signUp } from "../home/people.ts";

async function signUpNamed(page: Page, email: string, displayName: string, householdName?: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Your name, as members see it").fill(displayName);
  if (householdName) await page.getByLabel("Household name").fill(householdName);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
}

async function inviteLink(page: Page): Promise<string> {
  await open(page, "Household", "The Journeys");
  await page.getByRole("button", { name: "Create invite link" }).click();
  return await page.getByLabel("Invite link").inputValue();
}

browserTest(
  "an invite link names the household and who invited before sign-up, and signing up joins it",
  async (run) => {
    const alice = run.page;
    await alice.goto(run.appUrl);
    await alice.getByRole("button", { name: "Create an account" }).click();
    await signUpNamed(alice, uniqueEmail("join-alice"), "Alice", "The Journeys");
    const link = await inviteLink(alice);

    const bob = await run.newPage();
    await bob.goto(link);
    await bob.getByRole("heading", { level: 2, name: "Join The Journeys — Alice invited you" }).waitFor();
    await bob.getByText("Create your account to join, or sign in if you have one.").waitFor();
    assert.equal(await bob.getByLabel("Household name").count(), 0, "no household of his own to name");
    await checkScreen(bob, "join-invited-sign-up");
    await signUpNamed(bob, uniqueEmail("join-bob"), "Bob");
    assert.equal(await bob.locator(".household-name").textContent(), "The Journeys");
    await open(bob, "Household", "The Journeys");
    await bob.locator(".member-name", { hasText: "Alice" }).waitFor();
    assert.equal(await bob.locator(".household-list li").count(), 1, "Bob has no household of his own");
    assert.deepEqual(run.pageErrors, []);
  },
);

browserTest("someone with an account signs in through the link and is in the household", async (run) => {
  const alice = run.page;
  await alice.goto(run.appUrl);
  await alice.getByRole("button", { name: "Create an account" }).click();
  await signUpNamed(alice, uniqueEmail("join-alice"), "Alice", "The Journeys");
  const link = await inviteLink(alice);

  const carolEmail = uniqueEmail("join-carol");
  const carol = await run.newPage();
  await carol.goto(run.appUrl);
  await signUp(carol, carolEmail, "Carol's kitchen");
  await carol.getByRole("button", { name: "Sign out" }).click();
  // Signed out before the link is opened: a sign-out still under way could otherwise land after the link's page.
  await carol.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
  await carol.goto(link);
  await carol.getByRole("heading", { level: 2, name: "Join The Journeys — Alice invited you" }).waitFor()
    .catch(async (error) => {
      throw new Error(`${error}\nThe page said: ${(await carol.locator("body").innerText()).slice(0, 1500)}`);
    });
  // Signed out in this tab, the page may still be the sign-in form, or open on the sign-up the link offers.
  const signInInstead = carol.getByRole("button", { name: "Sign in with a password" });
  if (await signInInstead.isVisible()) await signInInstead.click();
  await carol.getByRole("heading", { level: 2, name: "Join The Journeys — Alice invited you" }).waitFor();
  await carol.getByText("Sign in to join, or create an account.").waitFor();
  await checkScreen(carol, "join-invited-sign-in");
  await carol.getByLabel("Email").fill(carolEmail);
  await carol.getByLabel("Password").fill(password);
  await carol.getByRole("button", { name: "Sign in", exact: true }).click();
  await carol.getByText("You joined The Journeys, invited by Alice.").waitFor();
  await open(carol, "Household", /The Journeys/);
  await carol.locator(".member-name", { hasText: "Alice" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});

browserTest("a revoked link says it does not work, and the sign-up makes a household of one's own", async (run) => {
  const alice = run.page;
  await alice.goto(run.appUrl);
  await alice.getByRole("button", { name: "Create an account" }).click();
  await signUpNamed(alice, uniqueEmail("join-alice"), "Alice", "The Journeys");
  const link = await inviteLink(alice);
  await alice.getByRole("button", { name: "Revoke link 1" }).click();
  await alice.getByText("Revoked an invite link; it no longer works.").first().waitFor();

  const dan = await run.newPage();
  await dan.goto(link);
  await dan.getByRole("alert").filter({ hasText: "This invite link does not work" }).waitFor();
  assert.doesNotMatch(await dan.locator("main").innerText(), /The Journeys|Alice/, "nothing of the household");
  await checkScreen(dan, "join-link-refused");
  await signUpNamed(dan, uniqueEmail("join-dan"), "Dan", "Dan's own");
  assert.equal(await dan.locator(".household-name").textContent(), "Dan's own");
  assert.deepEqual(run.pageErrors, []);
});
