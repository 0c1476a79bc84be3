/// <reference lib="dom" />
// A journey step: a recipe read in the kitchen with no network. By clicks only: the person opens the recipe while
// online (the page keeps a copy), the browser goes offline, the page is reloaded (the service worker's shell, the
// recipe from this device), the recipe is opened again from the recipe list; its title and an ingredient line show,
// with the words that this is the copy kept on this device. The browser is back online at the end, whatever happened,
// and the recipe is then the server's again.
import assert from "node:assert/strict";
import type { Person } from "../person.ts";

export async function readRecipeOffline(person: Person, recipeTitle: string): Promise<void> {
  const page = person.page;
  const context = page.context();
  const title = page.getByRole("heading", { level: 1, name: recipeTitle, exact: true });
  const ingredientLine = page.locator("ul.ingredients li").first();

  await person.open("Recipes");
  await person.click(page.getByRole("link", { name: recipeTitle, exact: true }));
  await title.waitFor();
  await ingredientLine.waitFor();
  // The service worker holds the shell before the network goes (it installs on the first visit).
  await page.evaluate(() => navigator.serviceWorker.ready);

  await context.setOffline(true);
  try {
    await person.reload();
    await title.waitFor();
    await person.open("Recipes");
    await page.locator(".offline-note", { hasText: "copy of the recipe list" }).waitFor();
    await person.click(page.getByRole("link", { name: recipeTitle, exact: true }));
    await title.waitFor();
    await page.locator(".offline-note", { hasText: "You are offline." }).waitFor();
    const line = (await ingredientLine.innerText()).trim();
    assert.ok(line.length > 0, `an ingredient line of ${recipeTitle} is shown offline`);
  } finally {
    await context.setOffline(false);
  }
  // Back online the recipe is read from the server again, and the offline words go.
  // (The page tries the server again every 3 s while it shows a copy.)
  await page.locator(".offline-note").waitFor({ state: "detached", timeout: 10_000 });
  await title.waitFor();
}
