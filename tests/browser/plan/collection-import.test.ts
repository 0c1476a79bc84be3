// Bringing recipes from another app in Chromium: a person picks a collection file (schema.org JSON-LD, built here),
// sees its drafts (two ready, one needing attention and why), saves the ready ones through recipe.create_many with
// progress, and finds them in the recipe list. The first save's reply is lost on the way (the request reaches the
// server, the answer never reaches the page): "Try again" sends the same Idempotency-Key and nothing is saved twice.
// The same file again, saved with "skip", doubles nothing; a changed file saved with "update" updates in place.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { axeViolations, describeViolations } from "../axe.ts";
import { browserTest } from "../browser.ts";
import { join } from "node:path";
import { projectRoot } from "../../../supabase/local/stack/stack-config.ts";
import { newPerson, type Person, screenshots, signIn } from "./plan-support.ts";

const screenshotDirectory = join(projectRoot, ".local/screenshots/plan");

function collectionFile(label: string, omeletteMethod: string) {
  const recipes = [
    {
      "@context": "https://schema.org",
      "@type": "Recipe",
      identifier: `${label}-omelette`,
      name: "Cheese omelette",
      recipeIngredient: ["3 eggs", "1 tbsp butter", "50 g cheddar cheese"],
      recipeInstructions: omeletteMethod,
      recipeYield: "1",
    },
    {
      "@context": "https://schema.org",
      "@type": "Recipe",
      identifier: `${label}-pancakes`,
      name: "Milk pancakes",
      recipeIngredient: ["200 g plain flour", "2 eggs", "300 ml milk"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Whisk." }, { "@type": "HowToStep", text: "Fry." }],
    },
    {
      "@context": "https://schema.org",
      "@type": "Recipe",
      identifier: `${label}-stew`,
      name: "Mystery stew",
      recipeIngredient: ["2 cups zorblax root", "1 onion"],
    },
  ];
  return {
    name: "my-recipes.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(recipes)),
  };
}

async function noSeriousViolations(page: Page, screen: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `${screen} at ${width} px:\n${describeViolations(violations)}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function readFile(page: Page, appUrl: string, file: ReturnType<typeof collectionFile>) {
  await page.goto(`${appUrl}#/recipes/import`);
  await page.getByRole("radio", { name: "Another app" }).check();
  await page.getByLabel("Collection file").setInputFiles(file);
  await page.getByRole("button", { name: "Read the file" }).click();
  await page.getByRole("heading", { name: /^3 recipes from / }).waitFor();
}

async function savedTitles(person: Person): Promise<string[]> {
  const { recipes } = await person.tools.recipe.list({ limit: 100 });
  return recipes.map((recipe) => recipe.title);
}

browserTest("a collection file's ready recipes are saved once, and a second import doubles nothing", async (run) => {
  const { page } = run;
  const person = await newPerson("collection", "The Collectors");
  const label = crypto.randomUUID();
  await signIn(page, run.appUrl, person, "#/recipes");
  await readFile(page, run.appUrl, collectionFile(label, "Whisk the eggs. Cook in butter. Add the cheese."));

  const read = page.getByRole("region", { name: /^3 recipes from / });
  await read.getByText("2 ready to save, 1 need attention.").waitFor();
  assert.equal(await page.getByRole("checkbox", { name: "Cheese omelette" }).isChecked(), true);
  assert.equal(await page.getByRole("checkbox", { name: "Mystery stew" }).isDisabled(), true);
  const stew = page.locator(".collection-draft", { hasText: "Mystery stew" });
  assert.match(await stew.locator(".collection-draft-status").innerText(), /^Needs attention: 1 line$/);
  await stew.getByText("What needs attention").click();
  await stew.getByText(/“2 cups zorblax root”: the ingredient is not in the catalog/).waitFor();
  await noSeriousViolations(page, "collection drafts");
  await screenshots(page, "collection-drafts");

  // The first reply is lost: the server saves the chunk, the page hears nothing.
  let lost = 0;
  await page.route("**/functions/v1/recipe/create_many", async (route) => {
    if (route.request().method() !== "POST" || lost > 0) return await route.continue();
    lost += 1;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.getByRole("button", { name: "Save 2 ready recipes" }).click();
  await page.getByText("Saving stopped after 0 of 2. Trying again saves nothing twice.").waitFor();
  assert.deepEqual((await savedTitles(person)).sort(), ["Cheese omelette", "Milk pancakes"]);
  await page.getByRole("button", { name: "Try again" }).click();
  await page.locator(".collection-result").getByText("Saved 2 recipes (2 new).").waitFor();
  await page.locator(".collection-progress").getByText("Saved 2 of 2").waitFor();
  assert.equal(lost, 1);
  assert.deepEqual((await savedTitles(person)).sort(), ["Cheese omelette", "Milk pancakes"]);
  assert.match(await stew.locator(".collection-draft-status").innerText(), /^Needs attention/);
  await noSeriousViolations(page, "collection saved");
  await screenshots(page, "collection-saved");

  await page.getByRole("link", { name: "See your recipes" }).click();
  await page.getByRole("link", { name: "Cheese omelette" }).waitFor();
  await page.getByRole("link", { name: "Milk pancakes" }).waitFor();

  // The same file again: skipped, nothing doubled.
  await readFile(page, run.appUrl, collectionFile(label, "Whisk the eggs. Cook in butter. Add the cheese."));
  await page.getByRole("button", { name: "Save 2 ready recipes" }).click();
  await page.locator(".collection-result").getByText("Saved no recipe; 2 skipped, already saved.").waitFor();
  assert.match(
    await page.locator(".collection-draft", { hasText: "Milk pancakes" }).locator(".collection-draft-status")
      .innerText(),
    /^Skipped: already saved$/,
  );
  assert.deepEqual((await savedTitles(person)).sort(), ["Cheese omelette", "Milk pancakes"]);

  // The app's export changed one recipe: "update" changes it in place, and still doubles nothing.
  await readFile(page, run.appUrl, collectionFile(label, "Whisk the eggs well. Cook slowly in butter."));
  await page.getByRole("radio", { name: /^Update them from the file/ }).check();
  await page.getByRole("button", { name: "Save 2 ready recipes" }).click();
  await page.locator(".collection-result").getByText("Saved 1 recipe (1 updated); 1 skipped, already saved.").waitFor();
  const titles = await savedTitles(person);
  assert.deepEqual(titles.sort(), ["Cheese omelette", "Milk pancakes"]);
  const { recipes } = await person.tools.recipe.list({ query: "Cheese omelette" });
  const omelette = await person.tools.recipe.get({ recipe_id: recipes[0].id });
  assert.match(omelette.recipe.instructions ?? "", /Cook slowly in butter/);
  await noSeriousViolations(page, "collection updated");
  await screenshots(page, "collection-updated");
  assert.deepEqual(run.pageErrors, []);
});

browserTest(
  "a draft is fixed and saved with the rest; a file longer than a page is read and saved in parts",
  async (run) => {
    const { page } = run;
    const person = await newPerson("collection-large", "The Large Collectors");
    const label = crypto.randomUUID();
    const dishes = Array.from({ length: 104 }, (_, index) => ({
      "@context": "https://schema.org",
      "@type": "Recipe",
      identifier: `${label}-${index}`,
      name: `Batch dish ${String(index + 1).padStart(3, "0")}`,
      recipeIngredient: ["2 eggs", `${index + 1} g butter`],
    }));
    const tart = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      identifier: `${label}-tart`,
      name: "Moonberry tart",
      recipeIngredient: ["2 tbsp moonberry syrup", "1 cup milk"],
    };
    const file = {
      name: "everything.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify([...dishes, tart])),
    };
    const calls = { importFile: 0, createMany: 0 };
    page.on("request", (request) => {
      if (request.method() !== "POST") return;
      if (request.url().endsWith("/recipe/import_file")) calls.importFile += 1;
      if (request.url().endsWith("/recipe/create_many")) calls.createMany += 1;
    });

    await signIn(page, run.appUrl, person, "#/recipes");
    await page.goto(`${run.appUrl}#/recipes/import`);
    await page.getByRole("radio", { name: "Another app" }).check();
    await page.getByLabel("Collection file").setInputFiles(file);
    await page.getByRole("button", { name: "Read the file" }).click();
    await page.getByRole("heading", { name: /^105 recipes from / }).waitFor({ timeout: 20_000 });
    assert.equal(calls.importFile, 2, "100 drafts a page: two pages");
    await page.getByText("104 ready to save, 1 need attention.").waitFor();

    const tartRow = page.locator(".collection-draft", { hasText: "Moonberry tart" });
    await tartRow.getByText("What needs attention").click();
    await tartRow.getByRole("button", { name: "Fix “Moonberry tart”" }).click();
    const line = tartRow.getByRole("group", { name: "Ingredient 1", exact: true });
    const name = line.getByRole("combobox", { name: "Ingredient" });
    await name.fill("");
    await name.pressSequentially("moonberry syrup");
    await line.getByRole("option", { name: "Add “moonberry syrup” as a new ingredient" }).click();
    await line.getByText("✓ in the catalog").waitFor();
    await noSeriousViolations(page, "collection draft being fixed");
    // The whole page is 105 rows long: the row being fixed is the part to look at.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await tartRow.screenshot({ path: `${screenshotDirectory}/collection-fix-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await tartRow.getByRole("button", { name: "Use these changes" }).click();
    await tartRow.getByText("Ready (fixed)").waitFor();
    assert.equal(await page.getByRole("checkbox", { name: "Moonberry tart" }).isChecked(), true);

    await page.getByRole("button", { name: "Save 105 ready recipes" }).click();
    const result = page.locator(".collection-result");
    await result.getByText("Saved 105 recipes (105 new).").waitFor({ timeout: 20_000 });
    await page.locator(".collection-progress").getByText("Saved 105 of 105").waitFor();
    assert.equal(calls.createMany, 5, "25 recipes a call: five calls");
    const first = await person.tools.recipe.list({ limit: 100 });
    const second = await person.tools.recipe.list({ limit: 100, cursor: first.next_cursor! });
    assert.equal(first.recipes.length + second.recipes.length, 105);
    const saved = [...first.recipes, ...second.recipes].find((recipe) => recipe.title === "Moonberry tart")!;
    const held = await person.tools.recipe.get({ recipe_id: saved.id });
    assert.deepEqual(held.recipe.ingredients.map((item) => [item.ingredient_name, item.quantity, item.unit]), [
      ["moonberry syrup", 2, "tbsp"],
      ["milk", 1, "cup"],
    ]);

    // The same file again: the tart, now matched, is the one saved before (it kept the file's identity).
    await page.goto(`${run.appUrl}#/recipes/import`);
    await page.getByRole("radio", { name: "Another app" }).check();
    await page.getByLabel("Collection file").setInputFiles(file);
    await page.getByRole("button", { name: "Read the file" }).click();
    await page.getByRole("heading", { name: /^105 recipes from / }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Save 105 ready recipes" }).click();
    await result.getByText("Saved no recipe; 105 skipped, already saved.").waitFor({ timeout: 20_000 });
    const again = await person.tools.recipe.list({ limit: 100 });
    const rest = await person.tools.recipe.list({ limit: 100, cursor: again.next_cursor! });
    assert.equal(again.recipes.length + rest.recipes.length, 105);
    assert.deepEqual(run.pageErrors, []);
  },
);
