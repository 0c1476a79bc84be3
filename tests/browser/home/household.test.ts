// The household screen in Chromium: an invite link made by Alice, opened by Bob who has no account, who signs up
// through it and lands in Alice's household (and no household of his own); both then see each other as members.
/// <reference lib="dom" />
import assert from "node:assert/strict";
import { uniqueEmail } from "../../auth/auth-client.ts";
import type { Page } from "playwright-core";
import { browserTest } from "../browser.ts";
import { assertPlainWords, checkScreen, open, password, signUp } from "./people.ts";

browserTest("invite by link: a person without an account signs up through it and joins the household", async (run) => {
  const alice = run.page;
  const aliceEmail = uniqueEmail("alice-invite");
  const bobEmail = uniqueEmail("bob-invite");
  await alice.goto(run.appUrl);
  await signUp(alice, aliceEmail, "The Invite Household");
  await open(alice, "Household", "The Invite Household");
  await alice.getByRole("button", { name: "Create invite link" }).click();
  const link = await alice.getByLabel("Invite link").inputValue();
  assert.match(link, new RegExp(`^${run.appUrl.replace(/\/$/, "")}/#/join/\\S+$`));
  await alice.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(run.appUrl).origin });
  await alice.getByRole("button", { name: "Copy link", exact: true }).click();
  await alice.getByRole("button", { name: "Copied" }).waitFor();
  assert.equal(await alice.evaluate("navigator.clipboard.readText()"), link);

  const bob = await run.newPage();
  await bob.goto(link);
  await bob.getByRole("heading", { name: "Join The Invite Household", exact: true }).waitFor();
  await checkScreen(bob, "sign-up-invited");
  await signUp(bob, bobEmail);
  // One household, Alice's: the header names it rather than offering a choice.
  assert.equal(await bob.locator(".household-name").textContent(), "The Invite Household");
  await open(bob, "Household", "The Invite Household");
  await bob.getByText(aliceEmail).waitFor();
  assert.equal(await bob.locator(".household-list li").count(), 1, "Bob has no household of his own");
  assert.equal(await bob.getByRole("button", { name: "Create invite link" }).count(), 0, "members do not invite");

  await alice.reload();
  await alice.getByText(bobEmail).waitFor();
  assert.match(await alice.locator(".member", { hasText: bobEmail }).innerText(), /Member/);
  await assertPlainWords(alice);
  await alice.getByRole("button", { name: "Create invite link" }).click();
  assert.notEqual(await alice.getByLabel("Invite link").inputValue(), link, "each link is a new code");
  await checkScreen(alice, "household-owner");
  await checkScreen(bob, "household-member");
  assert.deepEqual(run.pageErrors, []);
});

browserTest("an owner makes a member an owner, undoes it, and is refused leaving as the last owner", async (run) => {
  const alice = run.page;
  const bobEmail = uniqueEmail("bob-roles");
  await alice.goto(run.appUrl);
  await signUp(alice, uniqueEmail("alice-roles"), "Roles household");
  await open(alice, "Household", "Roles household");
  await alice.getByRole("button", { name: "Create invite link" }).click();
  const link = await alice.getByLabel("Invite link").inputValue();
  const bob = await run.newPage();
  await bob.goto(link);
  await signUp(bob, bobEmail);

  await alice.reload();
  await alice.getByRole("button", { name: `Make owner: ${bobEmail}` }).click();
  await alice.getByText(`Made ${bobEmail} an owner.`).first().waitFor();
  await alice.locator(".member", { hasText: bobEmail }).getByText("Owner", { exact: true }).waitFor();
  await alice.locator(".undo-offer").getByRole("button", { name: "Undo" }).click();
  await alice.locator(".undo-offer", { hasText: "Undone:" }).waitFor();
  await alice.locator(".member", { hasText: bobEmail }).getByText("Member", { exact: true }).waitFor();

  await alice.getByRole("button", { name: "Leave Roles household" }).click();
  await alice.getByRole("dialog", { name: "Leave Roles household?" }).getByRole("button", { name: "Leave" }).click();
  await alice.locator(".leave [role=alert]").waitFor();
  assert.match(await alice.locator(".leave [role=alert]").innerText(), /owner/i);

  await alice.getByLabel("Household name").fill("Renamed household");
  await alice.getByRole("button", { name: "Rename" }).click();
  await alice.getByRole("heading", { level: 1, name: "Renamed household" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});

browserTest(
  "a signed-in person opens an invite link, joins, switches households and chooses the one that opens",
  async (run) => {
    const alice = run.page;
    await alice.goto(run.appUrl);
    await signUp(alice, uniqueEmail("alice-switch"), "Alice's kitchen");
    await open(alice, "Household", "Alice's kitchen");
    await alice.getByRole("button", { name: "Create invite link" }).click();
    const link = await alice.getByLabel("Invite link").inputValue();

    const bob = await run.newPage();
    await bob.goto(run.appUrl);
    const bobEmail = uniqueEmail("bob-switch");
    await signUp(bob, bobEmail, "Bob's flat");
    await bob.goto(link);
    // Joined: the app opens the joined household, and the header now offers a choice of two.
    await bob.getByText("You joined Alice's kitchen.").waitFor();
    await bob.getByRole("heading", { name: "Shopping list" }).waitFor();
    assert.equal(await chosenHousehold(bob), "Alice's kitchen");
    assert.deepEqual(
      (await bob.getByRole("combobox", { name: "Household" }).locator("option").allTextContents()).sort(),
      ["Alice's kitchen", "Bob's flat"],
    );

    await open(bob, "Household", "Alice's kitchen");
    await bob.getByRole("button", { name: "Switch to Bob's flat" }).click();
    await bob.getByRole("heading", { level: 1, name: "Bob's flat" }).waitFor();
    await bob.getByRole("button", { name: "Switch to Alice's kitchen" }).click();
    await bob.getByRole("heading", { level: 1, name: "Alice's kitchen" }).waitFor();
    await checkScreen(bob, "household-two");

    // Joining made Alice's kitchen Bob's default; he chooses his own flat to open at sign-in instead.
    await bob.getByRole("button", { name: "Switch to Bob's flat" }).click();
    await bob.getByRole("heading", { level: 1, name: "Bob's flat" }).waitFor();
    await bob.getByRole("button", { name: "Open this one at sign-in" }).click();
    await bob.getByText("Bob's flat now opens when you sign in.").first().waitFor();
    await bob.getByRole("button", { name: "Sign out" }).click();
    await bob.getByLabel("Email").fill(bobEmail);
    await bob.getByLabel("Password").fill(password);
    await bob.getByRole("button", { name: "Sign in" }).click();
    await bob.getByRole("heading", { level: 1, name: "Bob's flat" }).waitFor();
    assert.equal(await chosenHousehold(bob), "Bob's flat");
    assert.deepEqual(run.pageErrors, []);
  },
);

/** The household the header's choice shows. */
function chosenHousehold(page: Page): Promise<string> {
  return page.getByRole("combobox", { name: "Household" }).evaluate((select) =>
    (select as unknown as { selectedOptions: { text: string }[] }).selectedOptions[0].text
  );
}

browserTest("an owner removes a member and undoes it; the member then leaves on their own", async (run) => {
  const alice = run.page;
  const bobEmail = uniqueEmail("bob-leaves");
  await alice.goto(run.appUrl);
  await signUp(alice, uniqueEmail("alice-removes"), "Leaving household");
  await open(alice, "Household", "Leaving household");
  await alice.getByRole("button", { name: "Create invite link" }).click();
  const link = await alice.getByLabel("Invite link").inputValue();
  const bob = await run.newPage();
  await bob.goto(link);
  await signUp(bob, bobEmail);

  await alice.reload();
  // Asked first, in the page's own dialog: Escape keeps Bob, and the focus goes back to the button.
  const remove = alice.getByRole("button", { name: `Remove ${bobEmail}` });
  const asked = alice.getByRole("dialog", { name: `Remove ${bobEmail} from the household?` });
  await remove.click();
  await asked.waitFor();
  assert.equal(
    await asked.getByRole("button", { name: "Cancel" }).evaluate((button) => button === document.activeElement),
    true,
    "the dialog opens on Cancel",
  );
  await checkScreen(alice, "household-remove-asked");
  await alice.keyboard.press("Escape");
  await asked.waitFor({ state: "hidden" });
  assert.equal(await remove.evaluate((button) => button === document.activeElement), true);
  await alice.locator(".member", { hasText: bobEmail }).waitFor();
  await remove.click();
  await asked.getByRole("button", { name: "Remove" }).click();
  await alice.locator(".member", { hasText: bobEmail }).waitFor({ state: "detached" });
  // Bob's open page is told at once, in words.
  await bob.getByText(/ removed you from Leaving household\./).first().waitFor();
  await alice.locator(".undo-offer").getByRole("button", { name: "Undo" }).click();
  await alice.locator(".member", { hasText: bobEmail }).waitFor();
  // Put back: his page finds the household again when it loads.
  await bob.reload();

  await open(bob, "Household", "Leaving household");
  await bob.getByRole("button", { name: "Leave Leaving household" }).click();
  await bob.getByRole("dialog", { name: "Leave Leaving household?" }).getByRole("button", { name: "Leave" }).click();
  await bob.getByText("You are not in a household.").waitFor();
  await alice.reload();
  await alice.getByRole("heading", { name: "Members (1)" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});
