// Importing recipes in Chromium: from a recipe page (schema.org Recipe JSON-LD) served by this test on 127.0.0.1,
// and from pasted text; in each draft the person fixes an unmatched line (a suggestion, or a new ingredient) before
// saving, and the server then holds the corrected recipe.
import assert from "node:assert/strict";
import type { Page, Route } from "playwright-core";
import { browserTest } from "../browser.ts";
import { ownGroupFunction } from "../../support/own-group-function.ts";
import { stackEnv } from "../../support/stack.ts";
import { newPerson, screenshots, signIn } from "./plan-support.ts";
import { allowImportHost } from "../../support/allow-import-host.ts";
import { checkImage } from "../../../shared/images/image-type.ts";
import { encodeGreyPng } from "../../../shared/images/png-encode.ts";
import { appClient } from "../../auth/auth-client.ts";
import { axeViolations, describeViolations } from "../axe.ts";
import { password } from "./plan-support.ts";

const pancakes = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Sunday pancakes",
  recipeIngredient: ["2 cups plain flour", "1 1/2 cups milk", "2 large eggs", "1 cup smoky lentil mix"],
  recipeInstructions: [{ "@type": "HowToStep", text: "Whisk everything." }, { "@type": "HowToStep", text: "Fry." }],
};
// A page whose Recipe names its photo (a 900 × 600 grey PNG beside it), and one whose photo is gone.
const photoPng = encodeGreyPng(
  new Uint8Array(900 * 600).map((_, index) => Math.round((index % 900) * 200 / 900) + 30),
  900,
  600,
);
const withPhoto = (name: string, image: string) => ({
  "@context": "https://schema.org",
  "@type": "Recipe",
  name,
  image: { "@type": "ImageObject", url: image },
  recipeIngredient: ["2 cups plain flour", "1 1/2 cups milk"],
  recipeInstructions: "Bake.",
});
const recipePage = (recipe: unknown) =>
  new Response(`<html><head><script type="application/ld+json">${JSON.stringify(recipe)}</script></head></html>`, {
    headers: { "content-type": "text/html" },
  });
const sitePages = new Map<string, () => Response>([
  ["/pancakes", () => recipePage(pancakes)],
  ["/flatbread", () => recipePage(withPhoto("Photographed flatbread", "/images/flatbread.png"))],
  [
    "/images/flatbread.png",
    () => new Response(photoPng as Uint8Array<ArrayBuffer>, { headers: { "content-type": "image/png" } }),
  ],
  ["/gone-photo", () => recipePage(withPhoto("Scone without a photo", "/images/gone.png"))],
]);
const site = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  (request) => sitePages.get(new URL(request.url).pathname)?.() ?? new Response("not here", { status: 404 }),
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

async function noSeriousViolations(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `${where} at ${width} px:\n${describeViolations(violations)}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

browserTest("a recipe page's photo is shown under the draft and saved with the recipe", async (run) => {
  const { page } = run;
  await page.route(`${stackEnv().apiUrl}/functions/v1/recipe/import_url`, toOwnRecipeFunction);
  const person = await newPerson("import-url-photo", "The Page Photographers");
  await signIn(page, run.appUrl, person, "#/recipes/import");
  await page.getByRole("heading", { name: "Import a recipe" }).waitFor();
  const readPage = async (path: string) => {
    await page.getByLabel("Recipe page address").fill(`${siteUrl}${path}`);
    await page.getByRole("button", { name: "Read the page" }).click();
    await page.getByRole("heading", { name: "Check the draft" }).waitFor();
  };

  // A photo the page names but that is gone: said in words, and the recipe can still be saved.
  await readPage("/gone-photo");
  assert.match(
    await page.locator(".draft-photo-note").innerText(),
    /^The page's photo could not be brought in: the photo at http:\/\/127\.0\.0\.1:\d+\/images\/gone\.png was not fetched: the image answered 404\.$/,
  );
  assert.equal(await page.getByRole("checkbox", { name: "Save this photo with the recipe" }).count(), 0);
  await screenshots(page, "import-url-photo-gone");

  await readPage("/flatbread");
  const preview = page.getByRole("img", { name: "The photo from the recipe page" });
  await preview.waitFor();
  // Decoded (a preview the page's rules refused would never be): the image's own size once it has loaded.
  await page.waitForFunction(
    (element) => (element as unknown as { complete: boolean; naturalWidth: number }).naturalWidth === 900,
    await preview.elementHandle(),
  );
  const keep = page.getByRole("checkbox", { name: "Save this photo with the recipe" });
  assert.equal(await keep.isChecked(), true);
  await noSeriousViolations(page, "a draft with the page's photo");
  await screenshots(page, "import-url-photo-draft");
  await page.getByRole("button", { name: "Save recipe" }).click();
  await page.getByRole("heading", { name: "Photographed flatbread" }).waitFor();

  // The server holds the photo in the household's folder for the new recipe, made smaller as a JPEG of the same shape,
  // and the recipe screen shows it through a signed URL.
  const [saved] = (await person.tools.recipe.list()).recipes;
  const held = (await person.tools.recipe.get({ recipe_id: saved.id })).recipe;
  const [household] = (await person.tools.household.list({})).households;
  assert.match(held.photo_path ?? "", new RegExp(`^${household.id}/${saved.id}/[0-9a-f-]{36}\\.jpg$`));
  const storage = appClient();
  assert.equal((await storage.auth.signInWithPassword({ email: person.email, password })).error, null);
  const downloaded = await storage.storage.from("recipe-photos").download(held.photo_path!);
  assert.equal(downloaded.error, null);
  const stored = checkImage(new Uint8Array(await downloaded.data!.arrayBuffer()));
  assert.ok(stored.ok && stored.type === "image/jpeg", "stored as a JPEG");
  assert.deepEqual(stored.ok ? [stored.width, stored.height] : [], [900, 600]);
  const shown = page.getByRole("img", { name: "Photo of Photographed flatbread" });
  await shown.waitFor({ timeout: 15_000 });
  assert.match((await shown.getAttribute("src")) ?? "", /\/storage\/v1\/object\/sign\/recipe-photos\/.+\.jpg\?token=/);
  await screenshots(page, "import-url-photo-saved");

  // Unticked, the photo is left out: the next recipe from the same page is saved without one.
  await page.goto(`${run.appUrl}#/recipes/import`);
  await page.getByRole("heading", { name: "Import a recipe" }).waitFor();
  await readPage("/flatbread");
  await page.getByRole("checkbox", { name: "Save this photo with the recipe" }).uncheck();
  await page.getByLabel("Title").fill("Flatbread without its photo");
  await page.getByRole("button", { name: "Save recipe" }).click();
  await page.getByRole("heading", { name: "Flatbread without its photo" }).waitFor();
  const second = (await person.tools.recipe.list()).recipes.find((recipe) =>
    recipe.title === "Flatbread without its photo"
  )!;
  assert.equal((await person.tools.recipe.get({ recipe_id: second.id })).recipe.photo_path, null);
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
