// Display names where members meet: a refused offline change names who overtook it, the members list shows names
// and no emails, the history says who ticked what.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { AxeViolation } from "../../axe.ts";
import { look } from "../journey-support.ts";
import type { Person } from "../person.ts";
import type { Connection } from "./network.ts";

export const itemCheckbox = (page: Page, item: string) =>
  page.locator(`li.item[data-item="${item}"] input[type="checkbox"]`);

/**
 * Bob, offline, ticks an item; meanwhile Alice ticks and unticks it. Back online, Bob's tick is refused in words
 * that name Alice, never "someone else", and the item is as Alice left it.
 */
export async function offlineTickOvertaken(
  bob: Person,
  bobConnection: Connection,
  alice: Person,
  item: string,
  listName: string,
  violations: Map<string, AxeViolation[]>,
): Promise<void> {
  await bob.page.locator(".connection", { hasText: "Up to date." }).waitFor();
  await bobConnection.goOffline();
  await bob.page.locator(".connection.offline").waitFor();
  await bob.click(itemCheckbox(bob.page, item));
  await alice.click(itemCheckbox(alice.page, item));
  await alice.page.locator(`li.item.checked:not(.pending)[data-item="${item}"]`).waitFor();
  await alice.click(itemCheckbox(alice.page, item));
  await alice.page.locator(`li.item:not(.checked):not(.pending)[data-item="${item}"]`).waitFor();
  await bobConnection.goOnline();
  const refusal = `"${item}" was unticked by ${alice.displayName} after you last read ${listName}`;
  // Sent again within seconds of the network coming back (the list retries every 2 s while calls wait); on a machine
  // busy with the other tests that can take a while, so the wait is long, and a miss says what Bob's list showed.
  await bob.page.getByText(refusal).first().waitFor({ timeout: 30_000 }).catch(async (error) => {
    const row = await bob.page.locator(`li.item[data-item="${item}"]`).innerText().catch(() => "(no row)");
    const status = await bob.page.locator(".connection").innerText().catch(() => "(no status)");
    throw new Error(`no refusal naming ${alice.displayName}; Bob's row: ${row}; status: ${status}`, { cause: error });
  });
  assert.doesNotMatch(await bob.page.locator("main").innerText(), /someone else/);
  await bob.page.locator(`li.item:not(.checked):not(.pending)[data-item="${item}"]`).waitFor();
  await bob.page.locator(".connection", { hasText: "Up to date." }).waitFor();
  await look(bob.page, "week-conflict-named", violations);
  // Read, the refusal is put away.
  await bob.click(bob.page.locator(`li.item[data-item="${item}"]`).getByRole("button", { name: "Dismiss" }));
  await bob.page.getByText(refusal).waitFor({ state: "detached" });
}

/** The members list as `viewer` sees it: each member's display name, and no email anywhere on it. */
export async function membersByName(viewer: Person, householdName: string, members: Person[]): Promise<void> {
  await viewer.open("Household", householdName);
  const list = viewer.page.locator(".member-list");
  for (const member of members) await list.locator(".member-name", { hasText: member.displayName! }).waitFor();
  const text = await list.innerText();
  for (const member of members) assert.ok(!text.includes(member.email), `the members list shows ${member.email}`);
}

/**
 * The history, as `viewer` reads it, says who ticked the item by their name, never their email. The history's
 * sentence is the describer's ("Check milk on Weekly shop"), the name beside it ("Alice · today, 16:19").
 */
export async function historyNamesWhoTicked(
  viewer: Person,
  ticker: Person,
  item: string,
  listName: string,
  violations: Map<string, AxeViolation[]>,
): Promise<void> {
  await viewer.open("History");
  const entry = viewer.page.locator(".history-entry").filter({
    has: viewer.page.locator(".history-sentence", { hasText: `Check ${item} on ${listName}` }),
  }).first();
  await entry.waitFor();
  assert.match(await entry.locator(".history-meta").innerText(), new RegExp(`^${ticker.displayName} · `));
  assert.ok(!(await entry.innerText()).includes(ticker.email), `the history shows ${ticker.email}`);
  await look(viewer.page, "week-history-named", violations);
}
