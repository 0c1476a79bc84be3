// A new, empty list, named from the list screen: the week goes to it next (leaveStaplesOff in on-hand.ts opens the
// week's preview, leaves the staples off and applies it).
import type { Person } from "../person.ts";

export async function createList(person: Person, listName: string): Promise<void> {
  const page = person.page;
  await person.open("Shopping list");
  await person.type(page.getByLabel("New list's name"), listName);
  await person.click(page.getByRole("button", { name: "Create list" }));
  await page.getByText("Nothing on this list yet.").waitFor();
}
