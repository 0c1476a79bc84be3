// Quick add: one field, read by the server as the catalog reads a recipe line, merged into a line already there.
import type { Person } from "../person.ts";

/** Types a line into the list's Item field and adds it; waits until the server's line says `said`. */
export async function quickAdd(person: Person, typed: string, item: string, said: string): Promise<void> {
  const page = person.page;
  await person.type(page.getByLabel("Item", { exact: true }), typed);
  await person.click(page.getByRole("button", { name: "Add", exact: true }));
  await page.locator(`li.item:not(.pending)[data-item="${item}"] .said`, { hasText: said }).waitFor();
}
