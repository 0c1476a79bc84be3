// A member removed and back by link: Alice removes Bob from the household screen; Bob's open list tells him at once,
// in words; Bob opens a link still valid and is back in the household, on its list.
import type { AxeViolation } from "../../axe.ts";
import { look } from "../journey-support.ts";
import type { Person } from "../person.ts";

export async function removeAndComeBack(
  alice: Person,
  bob: Person,
  householdName: string,
  link: string,
  violations: Map<string, AxeViolation[]>,
): Promise<number> {
  await bob.open("Shopping list");
  await bob.page.locator(".connection", { hasText: "Up to date." }).waitFor();
  await alice.open("Household", householdName);
  const removed = performance.now();
  await alice.click(alice.page.getByRole("button", { name: `Remove ${bob.displayName}` }));
  await alice.click(alice.page.getByRole("dialog").getByRole("button", { name: "Remove" }));
  await bob.page.getByText(`${alice.displayName} removed you from ${householdName}.`).first().waitFor();
  const toldAfterMs = performance.now() - removed;
  await look(bob.page, "week-removed", violations);

  await bob.openLink(link);
  await bob.page.getByText(`You joined ${householdName}, invited by ${alice.displayName}.`).waitFor();
  await bob.page.getByRole("heading", { name: "Shopping list" }).waitFor();
  await bob.page.locator(".connection", { hasText: "Up to date." }).waitFor();
  await look(bob.page, "week-back-through-link", violations);
  return toldAfterMs;
}
