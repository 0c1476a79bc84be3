// Importing recipes in Chromium: from a recipe page (schema.org Recipe JSON-LD) served by this test on 127.0.0.1,
// and from pasted text; in each draft the person fixes an unmatched line (a suggestion, or a new ingredient) before
// saving, and the server then holds the corrected recipe.
import assert from "node:assert/strict";
import type { Route } from "playwright-core";
import { browserTest } from "../browser.ts";
import { ownGroupFunction } from "../../support/own-group-function.ts";
import { stackEnv } from "../../support/stack.ts";
import { newPerson, screenshots, signIn } from "./plan-support.ts";
import { allowImportHost } from "../../support/allow-import-host.ts";

const pancakes = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Sunday pancakes",
  recipeIngredient: ["2 cups plain flour", "1 1/2 cups milk", "2 large eggs", "1 cup smoky lentil mix"],
  recipeInstructions: [{ "@type": "HowToStep", text: "Whisk everything." }, { "@type": "HowToStep", text: "Fry." }],
};
const site = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  (request) =>
    new URL(request.url).pathname === "/pancakes"
      ? new Response(
        `<html><head><script type="application/ld+json">${
          JSON.stringify(pancakes)
        }</script></head><body></body></html>`,
        { headers: { "content-type": "text/html" } },
      )
      : new Response("not here", { status: 404 }),
);
const siteUrl = `http://127.0.0.1:${site.addr.port}`;

// The stack's recipe function may not read private addresses; this test's own copy of it (the same handler, on
// the stack's database) may read this one local site, as in tests/media/import-url.test.ts. The page's calls to
// recipe/import_url are handed to it; every other call goes to the stack.
allowImportHost(`127.0.0.1:${site.addr.port}`);
const recipeFunction = ownGroupFunction("recipe", stackEnv().databaseUrl, { DB_POOL_MAX: "2" });
Deno.test.afterAll(async () => {
  await site.shutdown();
  await recipeFunction.pool.end();
});

async function toOwnRecipeFunction(route: Route): Promise<void> {
  const request = route.request();
  const response = await recipeFunction.handler(
    new Request("http://localhost/recipe/import_url", {
      method: request.method(),
      headers: await request.allHeaders(),
      body: request.method() === "POST" ? request.postData() : undefined,
    }),
  );
  await route.fulfill({
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  });
}

browserTest("a recipe page is imported, an unmatched line fixed with a suggestion, and saved", async (run) => {
  const { page } = run;
  await page.route(`${stackEnv().apiUrl}/functions/v1/recipe/import_url`, toOwnRecipeFunction);
  const person = await newPerson("import-url", "The Importers");
  await signIn(page, run.appUrl, person, "#/recipes");
  await page.getByRole("link", { name: "Import a recipe" }).click();
  await page.getByRole("heading", { name: "Import a recipe" }).waitFor();
  await page.getByLabel("Recipe page address").fill(`${siteUrl}/pancakes`);
  await page.getByRole("button", { name: "Read the page" }).click();

  await page.getByRole("heading", { name: "Check the draft" }).waitFor();
  assert.match(await page.locator(".import-draft").innerText(), /3 of 4 ingredient lines were read and matched/);
  assert.equal(await page.getByLabel("Title").inputValue(), "Sunday pancakes");
  const unmatched = page.getByRole("group", { name: "Ingredient 4", exact: true });
  assert.match(await unmatched.innerText(), /Read from: 1 cup smoky lentil mix/);
  assert.match(await unmatched.innerText(), /not in the catalog/);
  await screenshots(page, "import-url-draft");
  // Saving before the fix is refused in words, beside the button.
  await page.getByRole("button", { name: "Save recipe" }).click();
  assert.match(await page.getByRole("alert").first().innerText(), /Ingredient 4: choose an ingredient/);
  await unmatched.getByRole("button", { name: "lentils" }).click();
  assert.equal(await unmatched.getByRole("combobox", { name: "Ingredient" }).inputValue(), "lentils");
  await page.getByRole("button", { name: "Save recipe" }).click();

  await page.getByRole("heading", { name: "Sunday pancakes" }).waitFor();
  const [saved] = (await person.tools.recipe.list()).recipes;
  const held = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
  assert.deepEqual(
    held.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit]),
    [["all-purpose flour", 2, "cup"], ["milk", 1.5, "cup"], ["eggs", 2, "whole"], ["lentils", 1, "cup"]],
  );
  assert.match(held.instructions ?? "", /Whisk everything/);
  assert.deepEqual(run.pageErrors, []);
});

browserTest(
  "pasted text is read into a draft; an unknown ingredient is added to the catalog and saved",
  async (run) => {
    const { page } = run;
    const person = await newPerson("import-text", "The Pasters");
    await signIn(page, run.appUrl, person, "#/recipes/import");
    await page.getByRole("heading", { name: "Import a recipe" }).waitFor();
    await page.getByLabel("Pasted text").check();
    await page.getByLabel("Recipe text").fill(
      "Lentil soup\nIngredients\n1 cup red lentils\n1 onion, chopped\n2 tbsp moonberry syrup\nsalt to taste\n" +
        "Method\nSimmer the lentils with the onion.",
    );
    await page.getByRole("button", { name: "Read the text" }).click();
    await page.getByRole("heading", { name: "Check the draft" }).waitFor();
    const unmatched = page.getByRole("group", { name: "Ingredient 3", exact: true });
    assert.match(await unmatched.innerText(), /not in the catalog/);
    await screenshots(page, "import-text-draft");

    const name = unmatched.getByRole("combobox", { name: "Ingredient" });
    await name.fill("");
    await name.pressSequentially("moonberry syrup");
    await unmatched.getByRole("option", { name: "Add “moonberry syrup” as a new ingredient" }).click();
    await unmatched.getByText("✓ in the catalog").waitFor();
    await page.getByRole("button", { name: "Save recipe" }).click();

    await page.getByRole("heading", { name: "Lentil soup" }).waitFor();
    assert.match(await page.getByRole("region", { name: "Ingredients" }).innerText(), /2 tbsp moonberry syrup/);
    assert.match(await page.getByRole("region", { name: "Ingredients" }).innerText(), /^salt, to taste$/m);
    const [saved] = (await person.tools.recipe.list()).recipes;
    const held = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
    assert.deepEqual(
      held.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit, line.prep_state]),
      [
        ["red lentils", 1, "cup", null],
        ["onion", 1, "whole", "chopped"],
        ["moonberry syrup", 2, "tbsp", null],
        ["salt", null, null, null],
      ],
    );
    const [created] = (await person.tools.ingredient.search({ query: "moonberry syrup" })).ingredients;
    assert.deepEqual([created.name, created.household_specific], ["moonberry syrup", true]);
    assert.deepEqual(run.pageErrors, []);
  },
);

browserTest(
  "a range is read as its larger amount: the draft is ready, the line marked as worth a look",
  async (run) => {
    const { page } = run;
    const person = await newPerson("import-range", "The Rangers");
    await signIn(page, run.appUrl, person, "#/recipes/import");
    await page.getByRole("heading", { name: "Import a recipe" }).waitFor();
    await page.getByLabel("Pasted text").check();
    await page.getByLabel("Recipe text").fill(
      "Garlic toast\nIngredients\n2-3 cloves garlic\n1 cup milk\nMethod\nToast.",
    );
    await page.getByRole("button", { name: "Read the text" }).click();
    await page.getByRole("heading", { name: "Check the draft" }).waitFor();
    assert.match(
      await page.locator(".import-draft").innerText(),
      /2 of 2 ingredient lines were read and matched\. It is ready to save; the lines marked below are worth a look\./,
    );
    const ranged = page.getByRole("group", { name: "Ingredient 1", exact: true });
    assert.match(await ranged.innerText(), /the recipe gives a range: the larger amount is kept/);
    assert.equal(await ranged.getByLabel("Amount").inputValue(), "3");
    await page.getByRole("button", { name: "Save recipe" }).click();
    await page.getByRole("heading", { name: "Garlic toast" }).waitFor();
    const [saved] = (await person.tools.recipe.list()).recipes;
    const held = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
    assert.deepEqual(
      held.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit, line.note]),
      [["garlic", 3, "piece", "2-3 cloves"], ["milk", 1, "cup", null]],
    );
    assert.deepEqual(run.pageErrors, []);
  },
);

browserTest("a photo of a printed recipe is read with OCR into a draft and saved", async (run) => {
  const { page } = run;
  // The "photo": printed text rendered by the browser and captured as a PNG (setup, not a step).
  const sheet = await page.context().newPage();
  await sheet.setContent(
    `<pre style="font: 32px/1.5 sans-serif; padding: 24px; margin: 0; background: #fff; color: #000">` +
      "Tomato rice\n\nIngredients\n2 cups rice\n1 onion\n3 tomatoes\n\nMethod\nCook the rice with the tomatoes.</pre>",
  );
  const photo = await sheet.locator("pre").screenshot();
  await sheet.close();

  const person = await newPerson("import-photo", "The Photographers");
  await signIn(page, run.appUrl, person, "#/recipes/import");
  await page.getByLabel("A photo").check();
  await page.getByLabel("Photo of a printed recipe").setInputFiles({
    name: "recipe.png",
    mimeType: "image/png",
    buffer: photo,
  });
  await page.getByRole("button", { name: "Read the photo" }).click();
  // OCR starts its worker on the first image: give it longer than a click.
  await page.getByRole("heading", { name: "Check the draft" }).waitFor({ timeout: 60_000 });
  assert.equal(await page.getByLabel("Title").inputValue(), "Tomato rice");
  assert.match(await page.locator(".import-source").innerText(), /Read with \d+% confidence/);
  await screenshots(page, "import-photo-draft");
  await page.getByRole("button", { name: "Save recipe" }).click();
  await page.getByRole("heading", { name: "Tomato rice" }).waitFor();
  const [saved] = (await person.tools.recipe.list()).recipes;
  const held = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
  assert.deepEqual(
    held.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit]),
    [["rice", 2, "cup"], ["onion", 1, "whole"], ["tomato", 3, "whole"]],
  );
  assert.deepEqual(run.pageErrors, []);
});
