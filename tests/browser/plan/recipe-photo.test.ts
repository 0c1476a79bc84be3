// A recipe photo in Chromium against the test stack: a person adds a photo (a large PNG made here) from the recipe
// screen; the browser makes it smaller and uploads it as a JPEG to Storage; it shows on the recipe and as the list's
// thumbnail, both through signed URLs; a member of another household cannot read it by its path.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator } from "playwright-core";
import { checkImage } from "../../../shared/images/image-type.ts";
import { encodeGreyPng } from "../../../shared/images/png-encode.ts";
import { appClient, uniqueEmail } from "../../auth/auth-client.ts";
import { axeViolations, describeViolations } from "../axe.ts";
import { browserTest } from "../browser.ts";
import { newPerson, screenshots, signIn } from "./plan-support.ts";

/** A 2400 × 1200 grey PNG, larger than the 1,600 px the app shrinks a photo to. */
function largePng(): Uint8Array {
  const width = 2400, height = 1200;
  const pixels = new Uint8Array(width * height).map((_, index) => Math.round((index % width) * 200 / width) + 30);
  return encodeGreyPng(pixels, width, height);
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
  const source = await image.getAttribute("src");
  const response = source ? await fetch(source) : undefined;
  throw new Error(
    `the image at ${source} did not load: ${response?.status} ${response?.headers.get("content-type")} ` +
      `${response ? (await response.arrayBuffer()).byteLength : 0} bytes`,
  );
}

async function noSeriousViolations(page: Parameters<typeof axeViolations>[0], where: string) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

browserTest(
  "a person adds a recipe photo; it shows on the recipe and in the list, to the household only",
  async (run) => {
    const { page } = run;
    const person = await newPerson("photo", "The Photo House");
    const { recipe_id: recipeId } = await person.tools.recipe.create({
      title: "Tomato soup",
      servings: 4,
      ingredients: [{ name: "onion", quantity: 1, unit: "whole" }],
    });
    await signIn(page, run.appUrl, person, "#/recipes");
    await page.getByRole("link", { name: "Tomato soup" }).click();
    await page.getByRole("heading", { name: "Tomato soup", exact: true }).waitFor();

    const picker = page.getByLabel("Add a photo");
    assert.equal(await picker.getAttribute("accept"), "image/*");
    assert.equal(await picker.getAttribute("capture"), "environment", "a phone offers its camera");
    await picker.setInputFiles({ name: "soup.png", mimeType: "image/png", buffer: Buffer.from(largePng()) });
    const photo = page.getByRole("img", { name: "Photo of Tomato soup" });
    await photo.waitFor({ timeout: 15000 });
    await loaded(photo);
    await page.getByRole("status").filter({ hasText: "Added a photo." }).waitFor();
    const source = await photo.getAttribute("src");
    assert.match(source ?? "", /\/storage\/v1\/object\/sign\/recipe-photos\/.+\.jpg\?token=/, "a signed URL");

    // What the server holds: the recipe names the object under its household's folder, and the object is the
    // shrunk JPEG, not the 2400 px PNG.
    const held = (await person.tools.recipe.get({ recipe_id: recipeId })).recipe;
    const [household] = (await person.tools.household.list({})).households;
    assert.match(held.photo_path ?? "", new RegExp(`^${household.id}/${recipeId}/[0-9a-f-]{36}\\.jpg$`));
    const served = new Uint8Array(await (await fetch(source!)).arrayBuffer());
    const image = checkImage(served);
    assert.ok(image.ok && image.type === "image/jpeg", "stored as a JPEG");
    assert.deepEqual(image.ok ? [image.width, image.height] : [], [1600, 800], "longest side 1,600 px");
    assert.equal(await page.getByLabel("Replace photo").count(), 1, "the picker now replaces the photo");
    await noSeriousViolations(page, "the recipe with its photo");
    await screenshots(page, "recipe-photo");

    await page.getByRole("link", { name: "Recipe list" }).click();
    const card = page.locator(".recipe-card", { hasText: "Tomato soup" });
    const thumbnail = card.locator("img.recipe-thumb");
    await thumbnail.waitFor();
    assert.match((await thumbnail.getAttribute("src")) ?? "", /\/object\/sign\/recipe-photos\//);
    await loaded(thumbnail);
    await noSeriousViolations(page, "the list with a thumbnail");
    await screenshots(page, "recipe-photo-list");

    // Another household's member, signed in with supabase-js, asks Storage for the photo by its path.
    const outsider = appClient();
    const signedUp = await outsider.auth.signUp({ email: uniqueEmail("photo-outsider"), password: "correct horse" });
    assert.equal(signedUp.error, null);
    const download = await outsider.storage.from("recipe-photos").download(held.photo_path!);
    assert.equal((download.error as { statusCode?: string } | null)?.statusCode, "404");
    const signed = await outsider.storage.from("recipe-photos").createSignedUrl(held.photo_path!, 60);
    assert.ok(signed.error, "nor can they have it signed");
    assert.deepEqual(run.pageErrors, []);
  },
);
