// The recipes screens in Chromium against the test stack: a recipe made by hand with the ingredient autocomplete,
// edited, put back to its first revision, deleted and restored; searched in the list. Each step is a click or a
// keystroke; what the server holds is read back through the tools.
import assert from "node:assert/strict";
import { ToolError } from "../../../shared/client/errors.ts";
import { browserTest } from "../browser.ts";
import { newPerson, screenshots, signIn } from "./plan-support.ts";

browserTest("a recipe made by hand with autocomplete is edited, reverted, deleted and restored", async (run) => {
  const { page } = run;
  const person = await newPerson("recipes", "The Recipe House");
  await signIn(page, run.appUrl, person, "#/recipes");
  await page.getByRole("heading", { name: "Recipes" }).waitFor();
  await page.getByText("No recipes yet").waitFor();

  await page.getByRole("link", { name: "New recipe" }).click();
  await page.getByRole("heading", { name: "New recipe" }).waitFor();
  await page.getByLabel("Title").fill("Weeknight chilli");
  await page.getByLabel("Servings").fill("4");
  await page.getByLabel("Rating").selectOption("4");
  await page.getByLabel("Tags").fill("quick, spicy");
  const first = page.getByRole("group", { name: "Ingredient 1", exact: true });
  await first.getByRole("combobox", { name: "Ingredient" }).pressSequentially("kidney b");
  await first.getByRole("option", { name: "kidney beans" }).click();
  await first.getByLabel("Amount").fill("2");
  await first.getByLabel("Unit").selectOption("can");
  await page.getByRole("button", { name: "Add an ingredient" }).click();
  const second = page.getByRole("group", { name: "Ingredient 2", exact: true });
  await second.getByRole("combobox", { name: "Ingredient" }).pressSequentially("onio");
  // The keyboard picks too: the first match is "onion".
  await second.getByRole("option", { name: "onion", exact: true }).waitFor();
  await second.getByRole("combobox", { name: "Ingredient" }).press("Enter");
  assert.equal(await second.getByRole("combobox", { name: "Ingredient" }).inputValue(), "onion");
  await second.getByLabel("Amount").fill("1");
  await second.getByLabel("Unit").selectOption("whole");
  await second.getByLabel("Preparation").fill("chopped");
  // A line without an amount: amount and unit left empty, the words in the note.
  await page.getByRole("button", { name: "Add an ingredient" }).click();
  const third = page.getByRole("group", { name: "Ingredient 3", exact: true });
  await third.getByRole("combobox", { name: "Ingredient" }).pressSequentially("salt");
  await third.getByRole("option", { name: "salt", exact: true }).click();
  await third.getByLabel("Note").fill("to taste");
  assert.match(
    await third.locator(".hint").innerText(),
    /Saved without an amount, as “salt, to taste”; it is not added to grocery lists/,
  );
  await page.getByLabel("Instructions").fill("Fry the onion. Add the beans. Simmer for 20 minutes.");
  await screenshots(page, "recipe-new");
  await page.getByRole("button", { name: "Save recipe" }).click();

  await page.getByRole("heading", { name: "Weeknight chilli", exact: true }).waitFor();
  const ingredients = page.getByRole("region", { name: "Ingredients" });
  assert.match(await ingredients.innerText(), /2 cans kidney beans/);
  assert.match(await ingredients.innerText(), /1 onion, chopped/);
  assert.match(await ingredients.innerText(), /^salt, to taste$/m);
  assert.match(await page.locator(".recipe-meta").innerText(), /Serves 4/);
  const [saved] = (await person.tools.recipe.list({ query: "chilli" })).recipes;
  const held = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
  assert.deepEqual(
    held.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit, line.prep_state]),
    [["kidney beans", 2, "can", null], ["onion", 1, "whole", "chopped"], ["salt", null, null, null]],
  );
  assert.equal(held.ingredients[2].note, "to taste");
  assert.deepEqual([held.servings, held.rating, held.tags], [4, 4, ["quick", "spicy"]]);
  await page.getByText("No earlier versions").waitFor();
  await screenshots(page, "recipe-view");

  await page.getByRole("link", { name: "Edit recipe" }).click();
  await page.getByRole("heading", { name: "Edit recipe" }).waitFor();
  await screenshots(page, "recipe-edit");
  // The API's refusal shows in words beside the button, and nothing changes.
  await page.getByLabel("Title").fill("x".repeat(201));
  await page.getByRole("button", { name: "Save changes" }).click();
  assert.match(await page.locator(".recipe-form").getByRole("alert").innerText(), /title.*200/i);
  assert.equal((await person.tools.recipe.get({ recipe_id: saved.id })).recipe.title, "Weeknight chilli");
  await page.getByLabel("Title").fill("Weeknight chilli for six");
  await page.getByLabel("Servings").fill("6");
  await page.getByRole("group", { name: "Ingredient 2", exact: true }).getByLabel("Amount").fill("2");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("heading", { name: "Weeknight chilli for six" }).waitFor();
  const edited = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
  assert.deepEqual([edited.servings, edited.ingredients[1].quantity], [6, 2]);
  // Only what was changed is sent, so the history tells this edit and nothing it did not do.
  const [update] = (await person.tools.history.list({ limit: 1 })).entries;
  assert.equal(update.tool, "recipe.update");
  assert.doesNotMatch(update.summary, /clear|rating|tags|method|notes/i, update.summary);
  assert.match(update.summary, /6 servings/, update.summary);

  // The revision holds the recipe before the edit; reverting to it puts title, servings and lines back.
  await page.getByRole("button", { name: "Revert to revision 1" }).click();
  await page.getByRole("heading", { name: "Weeknight chilli", exact: true }).waitFor();
  assert.match(await page.locator(".recipe-meta").innerText(), /Serves 4/);
  const reverted = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
  assert.deepEqual([reverted.title, reverted.servings, reverted.ingredients[1].quantity], ["Weeknight chilli", 4, 1]);
  await page.getByRole("button", { name: "Revert to revision 2" }).waitFor();
  await screenshots(page, "recipe-revisions");

  await page.getByRole("button", { name: "Delete recipe" }).click();
  await page.getByText("This recipe is deleted.").waitFor();
  assert.deepEqual((await person.tools.recipe.list()).recipes, []);
  await assert.rejects(
    person.tools.recipe.get({ recipe_id: saved.id }),
    (error) => error instanceof ToolError && error.type === "NOT_FOUND",
  );
  await page.getByRole("button", { name: "Restore recipe" }).click();
  await page.getByRole("link", { name: "Edit recipe" }).waitFor();
  assert.deepEqual((await person.tools.recipe.list()).recipes.map((recipe) => recipe.title), ["Weeknight chilli"]);

  await page.getByRole("link", { name: "Recipe list" }).click();
  await page.getByLabel("Title contains").fill("chil");
  await page.getByLabel("Rated at least").selectOption("4");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("list", { name: "Recipes found" }).getByRole("link", { name: "Weeknight chilli" }).waitFor();
  await screenshots(page, "recipes-list");
  await page.getByLabel("Rated at least").selectOption("5");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("No recipes match the search").waitFor();
  assert.deepEqual(run.pageErrors, []);
});
