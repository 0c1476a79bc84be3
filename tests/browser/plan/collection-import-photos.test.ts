// A collection file's photos in Chromium: a schema.org JSON-LD file built here, one recipe carrying its photo as a
// data: PNG, is read and saved; the browser makes the photo smaller, uploads it to the household's folder for the new
// recipe and records it, and the recipe screen shows it through a signed URL. The same file again is skipped, and
// adds no second photo object. A photo Storage refuses is said in the result, and its recipe is saved all the same.
// A photo on a later page of the file is read again from that page alone.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator } from "playwright-core";
import { checkImage } from "../../../shared/images/image-type.ts";
import { encodeGreyPng } from "../../../shared/images/png-encode.ts";
import { appClient } from "../../auth/auth-client.ts";
import { axeViolations, describeViolations } from "../axe.ts";
import { browserTest } from "../browser.ts";
import { newPerson, password, screenshots, signIn } from "./plan-support.ts";

/** A 2000 × 1000 grey PNG, larger than the 1,600 px the app shrinks a photo to. */
function photoPng(): Uint8Array {
  const width = 2000, height = 1000;
  const pixels = new Uint8Array(width * height).map((_, index) => Math.round((index % width) * 200 / width) + 30);
  return encodeGreyPng(pixels, width, height);
}

function collectionFile(label: string) {
  const recipes = [
    {
      "@context": "https://schema.org",
      "@type": "Recipe",
      identifier: `${label}-soup`,
      name: "Photographed soup",
      image: `data:image/png;base64,${Buffer.from(photoPng()).toString("base64")}`,
      recipeIngredient: ["1 onion", "500 ml milk"],
      recipeInstructions: "Simmer.",
    },
    {
      "@context": "https://schema.org",
      "@type": "Recipe",
      identifier: `${label}-toast`,
      name: "Plain toast",
      recipeIngredient: ["2 eggs"],
    },
  ];
  return { name: "photos.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(recipes)) };
}

/** Waits until the image has been fetched and decoded (a signed URL Storage refused would never decode). */
async function loaded(image: Locator): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const decoded = await image.evaluate((element) => {
      const { complete, naturalWidth } = element as unknown as { complete: boolean; naturalWidth: number };
      return complete && naturalWidth > 0;
    });
    if (decoded) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the image at ${await image.getAttribute("src")} did not load`);
}

async function noSeriousViolations(page: Parameters<typeof axeViolations>[0], where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `${where} at ${width} px:\n${describeViolations(violations)}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

browserTest("a collection's photo is saved with its new recipe, and once only", async (run) => {
  const { page } = run;
  const person = await newPerson("collection-photos", "The Photo Collectors");
  const label = crypto.randomUUID();
  const file = collectionFile(label);
  const readAndSave = async () => {
    await page.goto(`${run.appUrl}#/recipes/import`);
    await page.getByRole("radio", { name: "Another app" }).check();
    await page.getByLabel("Collection file").setInputFiles(file);
    await page.getByRole("button", { name: "Read the file" }).click();
    await page.getByRole("heading", { name: /^2 recipes from / }).waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Save 2 ready recipes" }).click();
  };

  await signIn(page, run.appUrl, person, "#/recipes");
  await readAndSave();
  const result = page.locator(".collection-result");
  await result.getByText("Saved 2 recipes (2 new).", { exact: true }).waitFor({ timeout: 15_000 });
  await page.locator(".collection-progress").getByText("Saved 2 of 2 recipes, 1 of 1 photo", { exact: true })
    .waitFor();
  await noSeriousViolations(page, "collection saved with a photo");
  await screenshots(page, "collection-photos-saved");

  // What the server holds: the soup names an object in its household's folder, the shrunk JPEG; the toast has none.
  const { recipes } = await person.tools.recipe.list({ limit: 10 });
  const soup = recipes.find((recipe) => recipe.title === "Photographed soup")!;
  const toast = recipes.find((recipe) => recipe.title === "Plain toast")!;
  const [household] = (await person.tools.household.list({})).households;
  const held = (await person.tools.recipe.get({ recipe_id: soup.id })).recipe;
  assert.match(held.photo_path ?? "", new RegExp(`^${household.id}/${soup.id}/[0-9a-f-]{36}\\.jpg$`));
  assert.equal((await person.tools.recipe.get({ recipe_id: toast.id })).recipe.photo_path, null);
  const storage = appClient();
  assert.equal((await storage.auth.signInWithPassword({ email: person.email, password })).error, null);
  const bucket = storage.storage.from("recipe-photos");
  const downloaded = await bucket.download(held.photo_path!);
  assert.equal(downloaded.error, null);
  const image = checkImage(new Uint8Array(await downloaded.data!.arrayBuffer()));
  assert.ok(image.ok && image.type === "image/jpeg", "stored as a JPEG");
  assert.deepEqual(image.ok ? [image.width, image.height] : [], [1600, 800], "longest side 1,600 px");

  // The recipe screen shows it through a signed URL.
  await page.getByRole("link", { name: "See your recipes" }).click();
  await page.getByRole("link", { name: "Photographed soup" }).click();
  const photo = page.getByRole("img", { name: "Photo of Photographed soup" });
  await photo.waitFor({ timeout: 15_000 });
  await loaded(photo);
  assert.match((await photo.getAttribute("src")) ?? "", /\/storage\/v1\/object\/sign\/recipe-photos\/.+\.jpg\?token=/);
  await noSeriousViolations(page, "the imported recipe with its photo");
  await screenshots(page, "collection-photos-recipe");

  // The same file again: both skipped, and the soup keeps its one photo object.
  await readAndSave();
  await result.getByText("Saved no recipe; 2 skipped, already saved.", { exact: true }).waitFor({ timeout: 15_000 });
  const listed = await bucket.list(`${household.id}/${soup.id}`);
  assert.equal(listed.error, null);
  assert.deepEqual(listed.data!.map((entry) => entry.name), [held.photo_path!.split("/").pop()]);
  assert.equal((await person.tools.recipe.get({ recipe_id: soup.id })).recipe.photo_path, held.photo_path);
  assert.deepEqual(run.pageErrors, []);
});

browserTest("a photo Storage refuses is said in the result, and its recipe is saved", async (run) => {
  const { page } = run;
  const person = await newPerson("collection-photo-refused", "The Refused Photos");
  let refused = 0;
  await page.route("**/storage/v1/object/recipe-photos/**", async (route) => {
    if (route.request().method() !== "POST") return await route.continue();
    refused += 1;
    await route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"broken","message":"down"}' });
  });
  await signIn(page, run.appUrl, person, "#/recipes");
  await page.goto(`${run.appUrl}#/recipes/import`);
  await page.getByRole("radio", { name: "Another app" }).check();
  await page.getByLabel("Collection file").setInputFiles(collectionFile(crypto.randomUUID()));
  await page.getByRole("button", { name: "Read the file" }).click();
  await page.getByRole("heading", { name: /^2 recipes from / }).waitFor({ timeout: 15_000 });
  await page.getByRole("button", { name: "Save 2 ready recipes" }).click();
  await page.locator(".collection-result")
    .getByText("Saved 2 recipes (2 new). 1 photo could not be saved.", { exact: true })
    .waitFor({ timeout: 15_000 });
  assert.equal(refused, 1);
  const { recipes } = await person.tools.recipe.list({ limit: 10 });
  assert.deepEqual(recipes.map((recipe) => [recipe.title, recipe.photo_path]).sort(), [
    ["Photographed soup", null],
    ["Plain toast", null],
  ]);
  assert.deepEqual(run.pageErrors, []);
});

browserTest("a photo on the file's second page is read again from that page alone", async (run) => {
  const { page } = run;
  const person = await newPerson("collection-photo-pages", "The Paged Photos");
  const label = crypto.randomUUID();
  const dishes = Array.from({ length: 100 }, (_, index) => ({
    "@context": "https://schema.org",
    "@type": "Recipe",
    identifier: `${label}-${index}`,
    name: `Paged dish ${String(index + 1).padStart(3, "0")}`,
    recipeIngredient: ["2 eggs", `${index + 1} g butter`],
  }));
  const last = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    identifier: `${label}-last`,
    name: "Last page pie",
    image: `data:image/png;base64,${Buffer.from(photoPng()).toString("base64")}`,
    recipeIngredient: ["1 onion"],
  };
  const file = {
    name: "paged.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify([...dishes, last])),
  };
  const cursors: (string | null)[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/recipe/import_file")) {
      cursors.push((request.postDataJSON() as { cursor?: string }).cursor ?? null);
    }
  });
  await signIn(page, run.appUrl, person, "#/recipes");
  await page.goto(`${run.appUrl}#/recipes/import`);
  await page.getByRole("radio", { name: "Another app" }).check();
  await page.getByLabel("Collection file").setInputFiles(file);
  await page.getByRole("button", { name: "Read the file" }).click();
  await page.getByRole("heading", { name: /^101 recipes from / }).waitFor({ timeout: 20_000 });
  await page.getByRole("button", { name: "Save 101 ready recipes" }).click();
  await page.locator(".collection-result").getByText("Saved 101 recipes (101 new).", { exact: true })
    .waitFor({ timeout: 30_000 });
  await page.locator(".collection-progress").getByText("Saved 101 of 101 recipes, 1 of 1 photo", { exact: true })
    .waitFor();
  // Two pages read, then the second page again for its photo (the first page has none to read).
  assert.equal(cursors.length, 3);
  assert.equal(cursors[0], null);
  assert.ok(cursors[1]);
  assert.equal(cursors[2], cursors[1]);
  const { recipes } = await person.tools.recipe.list({ query: "Last page pie" });
  const pie = (await person.tools.recipe.get({ recipe_id: recipes[0].id })).recipe;
  assert.match(pie.photo_path ?? "", new RegExp(`/${pie.id}/[0-9a-f-]{36}\\.jpg$`));
  assert.deepEqual(run.pageErrors, []);
});
