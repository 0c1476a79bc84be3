// The household screen in Chromium: an invite link made by Alice, opened by Bob who has no account, who signs up
// through it and lands in Alice's household (and no household of his own); both then see each other as members.
import assert from "node:assert/strict";
import { uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";
import { assertPlainWords, checkScreen, open, signUp } from "./people.ts";

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

  const bob = await run.newPage();
  await bob.goto(link);
  await bob.getByRole("heading", { name: "Create your account to join the household" }).waitFor();
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
  assert.match(await alice.locator(".member", { hasText: bobEmail }).innerText(), /Owner/);
  await alice.locator(".undo-offer").getByRole("button", { name: "Undo" }).click();
  await alice.locator(".undo-offer", { hasText: "Undone:" }).waitFor();
  await alice.locator(".member", { hasText: bobEmail }).getByText("Member", { exact: true }).waitFor();

  alice.on("dialog", (dialog) => dialog.accept());
  await alice.getByRole("button", { name: "Leave Roles household" }).click();
  await alice.locator(".leave [role=alert]").waitFor();
  assert.match(await alice.locator(".leave [role=alert]").innerText(), /owner/i);

  await alice.getByLabel("Household name").fill("Renamed household");
  await alice.getByRole("button", { name: "Rename" }).click();
  await alice.getByRole("heading", { level: 1, name: "Renamed household" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});
