// Alice invites Bob by a link made on the household screen; Bob, with no account, opens it: the page names the
// household and Alice before he signs up, and signing up puts him in it.
import assert from "node:assert/strict";
import type { AxeViolation } from "../../axe.ts";
import { look } from "../journey-support.ts";
import type { Person } from "../person.ts";

/** Alice, on her household screen, makes a link (the input shows it) and copies it. */
export async function makeInviteLink(alice: Person, householdName: string): Promise<string> {
  await alice.open("Household", householdName);
  await alice.click(alice.page.getByRole("button", { name: /^Create (another )?invite link$/ }));
  return await alice.page.getByLabel("Invite link").inputValue();
}

export async function joinThroughLink(
  bob: Person,
  link: string,
  expected: { household: string; invitedBy: string; displayName: string },
  violations: Map<string, AxeViolation[]>,
): Promise<void> {
  await bob.openLink(link);
  const heading = `Join ${expected.household} — ${expected.invitedBy} invited you`;
  await bob.page.getByRole("heading", { level: 2, name: heading, exact: true }).waitFor();
  await look(bob.page, "week-join-invited", violations);
  await bob.signUpAs(expected.displayName);
  assert.equal(await bob.page.locator(".household-name").textContent(), expected.household);
}
