// Recipes with a method, by hand, and dinners planned on the week screen, some for more people than the recipe.
import type { Person } from "../person.ts";

export interface RecipeByHand {
  title: string;
  servings: number;
  /** [typed, the catalog's ingredient picked, amount, unit] */
  lines: [string, string, number, string][];
  /** One step a line. */
  method: string;
}

export async function createRecipeWithMethod(person: Person, recipe: RecipeByHand): Promise<void> {
  const page = person.page;
  await person.open("Recipes");
  await person.click(page.getByRole("link", { name: "New recipe" }));
  await page.getByRole("heading", { name: "New recipe" }).waitFor();
  await person.type(page.getByLabel("Title"), recipe.title);
  await person.type(page.getByLabel("Servings"), String(recipe.servings));
  for (const [index, [typed, ingredient, amount, unit]] of recipe.lines.entries()) {
    if (index > 0) await person.click(page.getByRole("button", { name: "Add an ingredient" }));
    const line = page.getByRole("group", { name: `Ingredient ${index + 1}`, exact: true });
    await person.pick(line.getByRole("combobox", { name: "Ingredient" }), typed, ingredient);
    await person.type(line.getByLabel("Amount"), String(amount));
    await person.choose(line.getByLabel("Unit"), unit);
  }
  await person.type(page.getByLabel("Instructions"), recipe.method);
  await person.click(page.getByRole("button", { name: "Save recipe" }));
  await page.getByRole("heading", { level: 1, name: recipe.title, exact: true }).waitFor();
}

/** A dinner on the week screen's nth day (0: Monday), for `servings` people or as the recipe serves. */
export async function planDinner(person: Person, dayIndex: number, title: string, servings?: number): Promise<void> {
  const page = person.page;
  const add = page.getByRole("button", { name: /^Add dinner on / }).nth(dayIndex);
  // The day's region is named by its heading ("Monday 23 Nov", with "today" after it on today).
  const day = (await add.getAttribute("aria-label"))!.replace("Add dinner on ", "");
  await person.click(add);
  await person.choose(page.getByLabel("Recipe"), title);
  if (servings !== undefined) await person.type(page.getByLabel("Servings"), String(servings));
  await person.click(page.getByRole("button", { name: "Add to the plan" }));
  await page.getByRole("region", { name: new RegExp(`^${day}`) }).getByRole("link", { name: title }).waitFor();
}
