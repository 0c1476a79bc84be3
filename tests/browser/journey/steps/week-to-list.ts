// The week goes to a new list: the preview says what would be added, a step may change what goes (staples left
// off), then it is applied.
import assert from "node:assert/strict";
import type { Person } from "../person.ts";

export async function weekToNewList(
  person: Person,
  listName: string,
  expectedInPreview: RegExp[],
  beforeApplying?: () => Promise<void>,
): Promise<void> {
  const page = person.page;
  await person.open("Shopping list");
  await person.type(page.getByLabel("New list's name"), listName);
  await person.click(page.getByRole("button", { name: "Create list" }));
  await page.getByText("Nothing on this list yet.").waitFor();
  await person.click(page.getByRole("button", { name: /^Add this week's meals/ }));
  const preview = page.locator(".sync-preview");
  await preview.waitFor();
  for (const expected of expectedInPreview) assert.match(await preview.innerText(), expected);
  await beforeApplying?.();
  await person.click(page.locator(".sync-preview").getByRole("button", { name: "Apply to the list" }));
  await page.locator(".sync-preview").waitFor({ state: "detached" });
}
