// The lines a collection import set aside from a recipe's ingredients, in Chromium: a Paprika export (built here)
// whose pancakes list a step and a note among their ingredients and have no method of their own. Their draft is
// ready, and its row says "2 lines set aside", closed, in words a screen reader hears with the checkbox; opened (by
// the keyboard), it lists each line after its reason as recipe.import_file words it. A draft with one note says
// "1 line set aside", one with none says nothing. The ready drafts still save, the step becoming the pancakes'
// method and neither line an ingredient. The single-page import lists its lines not used with the same component.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { paprikaArchive } from "../../recipe-collections/fixtures/build-collections.ts";
import type { SampleRecipe } from "../../recipe-collections/fixtures/sample-recipes.ts";
import { axeViolations, describeViolations } from "../axe.ts";
import { browserTest } from "../browser.ts";
import { screenshotAtWidths } from "../screenshots.ts";
import { newPerson, signIn } from "./plan-support.ts";

const recipe = (title: string, lines: string[], steps: string[]): SampleRecipe => ({
  id: crypto.randomUUID().toUpperCase(),
  title,
  lines,
  parts: [],
  steps,
  servings: 2,
  tags: [],
  notes: "",
  url: "",
});

const pancakes = recipe("Pasted pancakes", [
  "Pre-heat the pan over medium heat",
  "2 cups all-purpose flour",
  "2 tsp baking powder",
  "1 1/2 cups buttermilk",
  "Not included",
], []);
const omelette = recipe(
  "Cheese omelette",
  ["3 eggs", "1 tbsp butter", "Tip: use a small non-stick pan"],
  ["Whisk the eggs.", "Cook in the butter."],
);
const toast = recipe("Plain toast", ["2 slices bread", "1 tbsp butter"], ["Toast the bread."]);

browserTest("a collection draft shows the lines set aside from its ingredients, and still saves", async (run) => {
  const { page } = run;
  const person = await newPerson("collection-set-aside", "The Set Aside Cooks");
  const file = {
    name: "kitchen.paprikarecipes",
    mimeType: "application/zip",
    buffer: Buffer.from(await paprikaArchive([pancakes, omelette, toast], null)),
  };
  await signIn(page, run.appUrl, person, "#/recipes");
  await page.goto(`${run.appUrl}#/recipes/import`);
  await page.getByRole("radio", { name: "Another app" }).check();
  await page.getByLabel("Collection file").setInputFiles(file);
  await page.getByRole("button", { name: "Read the file" }).click();
  await page.getByRole("heading", { name: "3 recipes from Paprika" }).waitFor();
  await page.getByText("3 ready to save.", { exact: true }).waitFor();

  const row = (title: string) => page.locator(".collection-draft", { hasText: title });
  const pancakeRow = row("Pasted pancakes");
  assert.equal(await pancakeRow.locator(".collection-draft-status").innerText(), "Ready");
  const setAside = pancakeRow.getByText("2 lines set aside", { exact: true });
  await setAside.waitFor();
  const step = pancakeRow.getByText(
    "Not an ingredient (a step of the method): Pre-heat the pan over medium heat",
    { exact: true },
  );
  const note = pancakeRow.getByText("Not an ingredient (a note): Not included", { exact: true });
  assert.equal(await note.isVisible(), false, "closed until the person opens it");
  // Heard with the checkbox: a person going down the list by Tab learns of the lines before choosing.
  const checkbox = page.getByRole("checkbox", { name: "Pasted pancakes" });
  const description = await checkbox.evaluate((element) => {
    const input = element as unknown as {
      getAttribute(name: string): string | null;
      ownerDocument: { getElementById(id: string): { textContent: string | null } | null };
    };
    return (input.getAttribute("aria-describedby") ?? "").split(" ")
      .map((id: string) => input.ownerDocument.getElementById(id)?.textContent ?? `(no #${id})`).join(" ");
  });
  assert.equal(description, "Ready 2 lines set aside");

  await setAside.focus();
  await page.keyboard.press("Enter");
  await step.waitFor();
  await note.waitFor();
  assert.deepEqual(await pancakeRow.locator(".lines-not-used li").allInnerTexts(), [
    "Not an ingredient (a step of the method): Pre-heat the pan over medium heat",
    "Not an ingredient (a note): Not included",
  ]);

  const omeletteRow = row("Cheese omelette");
  await omeletteRow.getByText("1 line set aside", { exact: true }).click();
  await omeletteRow.getByText("Not an ingredient (a note): Tip: use a small non-stick pan", { exact: true }).waitFor();
  assert.equal(await row("Plain toast").locator(".lines-not-used").count(), 0);
  assert.doesNotMatch(await row("Plain toast").innerText(), /set aside/);

  await screenshotAtWidths(page, "collection-set-aside", async (width) => {
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `collection drafts at ${width} px:\n${describeViolations(violations)}`);
  });

  await page.getByRole("button", { name: "Save 3 ready recipes" }).click();
  await page.locator(".collection-result").getByText("Saved 3 recipes (3 new).").waitFor();
  const { recipes } = await person.tools.recipe.list({ query: "Pasted pancakes" });
  const saved = await person.tools.recipe.get({ recipe_id: recipes[0].id });
  assert.deepEqual(saved.recipe.ingredients.map((line) => line.ingredient_name), [
    "all-purpose flour",
    "baking powder",
    "buttermilk",
  ]);
  assert.equal(saved.recipe.instructions, "Pre-heat the pan over medium heat");
  // The lines stay in sight after the save, for the person who wants to add a note by hand.
  await pancakeRow.getByText("2 lines set aside", { exact: true }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});

// The single-page import shows its lines through the same component: the reason first, the count in the summary.
browserTest("a pasted recipe's lines not used are listed with their reasons", async (run) => {
  const { page } = run;
  const person = await newPerson("import-not-used", "The Pasting Cooks");
  await signIn(page, run.appUrl, person, "#/recipes/import");
  await page.getByLabel("Pasted text").check();
  await page.getByLabel("Recipe text").fill(
    "Pasted pancakes\nIngredients\n2 cups all-purpose flour\n1 1/2 cups buttermilk\nNot included\nMethod\nFry.",
  );
  await page.getByRole("button", { name: "Read the text" }).click();
  await page.getByRole("heading", { name: "Check the draft" }).waitFor();
  const notUsed = page.locator(".import-draft .lines-not-used");
  await notUsed.getByText("Lines not used (1)", { exact: true }).click();
  assert.deepEqual(await notUsed.locator("li").allInnerTexts(), ["Not an ingredient (a note): Not included"]);
  assert.equal(await notUsed.locator(".line-reason").innerText(), "Not an ingredient (a note):");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `import draft at ${width} px:\n${describeViolations(violations)}`);
  }
  assert.deepEqual(run.pageErrors, []);
});
