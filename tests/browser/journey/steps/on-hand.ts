// A staple stays off the week's list: from the shopping list, with a week already planned, the person opens the
// week-to-list preview, marks the staple on hand there (or finds it under "You have these" when the household
// already marked it), applies, and the staple is not on the list. Clicks only.
import assert from "node:assert/strict";
import type { Person } from "../person.ts";

export async function leaveStaplesOff(person: Person, staple: string): Promise<void> {
  const page = person.page;
  await person.click(page.getByRole("button", { name: /^Add this week.s meals/ }));
  const preview = page.locator(".sync-preview");
  await preview.waitFor();
  const youHave = preview.getByRole("region", { name: "You have these" });
  const addAnyway = youHave.getByRole("checkbox", { name: `Add ${staple} anyway`, exact: false });
  const onList = page.locator(`li.item[data-item="${staple}"]`);

  if (await addAnyway.count() === 0) {
    // Not on hand yet: the preview would add it, and offers to mark it.
    await person.click(preview.getByRole("button", { name: `Mark ${staple} on hand`, exact: true }));
    await addAnyway.waitFor();
  }
  assert.equal(await addAnyway.isChecked(), false, `${staple} is left off, not added anyway`);
  const changes = preview.getByRole("region", { name: "Changes to the list" });
  if (await changes.count() > 0) {
    assert.doesNotMatch(await changes.innerText(), new RegExp(`^add [^(]*\\b${staple}\\b`, "im"));
  }

  const apply = preview.getByRole("button", { name: "Apply to the list" });
  await person.click(await apply.count() > 0 ? apply : preview.getByRole("button", { name: "Close" }));
  await preview.waitFor({ state: "detached" });
  await page.locator(".connection", { hasText: "Up to date." }).waitFor();
  assert.equal(await onList.count(), 0, `${staple} is not on the list`);
}
