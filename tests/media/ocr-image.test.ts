import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql, functionsUrl } from "../support/stack.ts";
import { blankPng, enlarged, fixture, hostileImages, jpegOf, pngOf, toBase64 } from "./images.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "ocr");
const soySauce = await catalogIngredient(sql, "soy sauce");
const garlic = await catalogIngredient(sql, "garlic");

// fixtures/recipe-*.png: "Garlic Soy Noodles\nIngredients\n2 cups rice\n1 1/2 tbsp soy sauce\n3 whole garlic,
// minced\nMethod\nFry the garlic."
for (const pointSize of [24, 48] as const) {
  Deno.test(`media.ocr_image reads a recipe rendered at ${pointSize} pt into its text and draft`, async () => {
    const image = fixture(`recipe-${pointSize}pt.png`);
    const result = await callToolOk(alice, "media.ocr_image", { image: toBase64(image) });
    assert.equal(result.image.type, "image/png");
    for (const line of ["2 cups rice", "1 1/2 tbsp soy sauce", "3 whole garlic, minced"]) {
      assert.ok(result.extracted_text.includes(line), `${line} in ${JSON.stringify(result.extracted_text)}`);
    }
    assert.ok(result.confidence > 0.6 && result.confidence <= 1, `confidence ${result.confidence}`);
    assert.equal(result.recipe.draft.title, "Garlic Soy Noodles");
    assert.deepEqual(result.recipe.draft.ingredients, [
      { ingredient_id: await catalogIngredient(sql, "rice"), quantity: 2, unit: "cup", prep_state: null },
      { ingredient_id: soySauce, quantity: 1.5, unit: "tbsp", prep_state: null },
      { ingredient_id: garlic, quantity: 3, unit: "whole", prep_state: "minced" },
    ]);
    assert.equal(result.recipe.draft.instructions, "Fry the garlic.");
  });
}

Deno.test("media.ocr_image takes JPEG and WebP, told from their bytes", async () => {
  for (const [format, type] of [["jpg", "image/jpeg"], ["webp", "image/webp"]] as const) {
    const image = fixture(`rice-40pt.${format}`);
    const result = await callToolOk(alice, "media.ocr_image", { image: `data:image/png;base64,${toBase64(image)}` });
    assert.equal(result.image.type, type);
    assert.match(result.extracted_text, /2 cups rice/);
    assert.equal(result.recipe.lines[0].quantity, 2);
  }
});

Deno.test("media.ocr_image refuses what is not a whole image with 400, never 500", async () => {
  const png = fixture("two-cups-rice-30pt.png");
  const cases: [string, unknown][] = [
    ["text", toBase64(new TextEncoder().encode("2 cups rice"))],
    ["truncated PNG", toBase64(png.subarray(0, Math.floor(png.length / 2)))],
    ["PNG signature only", toBase64(png.subarray(0, 40))],
    ["not base64", "this is not base64!"],
    ["empty", ""],
    ["a number", 42],
  ];
  for (const [label, image] of cases) {
    const response = await callTool(alice, "media.ocr_image", { image });
    assert.equal(response.status, 400, label);
    assert.equal(response.body.error?.type, "VALIDATION_ERROR", label);
    assert.equal(response.body.error?.field, "image", label);
  }
});

Deno.test("media.ocr_image refuses oversized images with 413 (pixels) or 400/413 (bytes)", async () => {
  for (const [width, height] of [[5000, 4000], [9000, 10]]) {
    const response = await callTool(alice, "media.ocr_image", { image: toBase64(blankPng(width, height)) });
    assert.equal(response.status, 413, `${width}x${height}`);
    assert.equal(response.body.error?.type, "PAYLOAD_TOO_LARGE");
  }
  const tooManyBytes = await callTool(alice, "media.ocr_image", { image: "A".repeat(5_700_000) });
  assert.equal(tooManyBytes.status, 400);
  assert.equal(tooManyBytes.body.error?.field, "image");
  const tooLargeBody = await fetch(functionsUrl("media/ocr_image"), {
    method: "POST",
    headers: { authorization: `Bearer ${alice.token}`, "content-type": "application/json" },
    body: JSON.stringify({ image: "A".repeat(7_000_000) }),
  });
  assert.equal(tooLargeBody.status, 413);
  assert.equal((await tooLargeBody.json()).error.type, "PAYLOAD_TOO_LARGE");
});

Deno.test("media.ocr_image reads a 16-bit RGBA PNG, and a PNG and a JPEG past the OCR size, scaled down to grey", async () => {
  // 2160×1600 16-bit RGBA (27 MB decoded); 2700×2000 grey PNG and JPEG (5.4 megapixels, read at 4.2).
  const cases = [
    ["16-bit RGBA PNG", pngOf(enlarged("recipe-48pt.png", 4), "rgba16"), 4, "image/png"],
    ["grey PNG", pngOf(enlarged("recipe-48pt.png", 5), "grey8"), 5, "image/png"],
    ["JPEG", jpegOf(enlarged("recipe-48pt.png", 5)), 5, "image/jpeg"],
  ] as const;
  for (const [label, image, factor, type] of cases) {
    const result = await callToolOk(alice, "media.ocr_image", { image: toBase64(image) });
    assert.deepEqual(result.image, { type, width: 540 * factor, height: 400 * factor }, label);
    assert.match(result.extracted_text, /1 1\/2 tbsp soy sauce/, label);
  }
});

Deno.test("media.ocr_image refuses hostile PNGs before or while decoding them: 413 past a budget, else 400", async () => {
  const expected: Record<string, [number, RegExp]> = {
    "bomb by header": [413, /100000×100000/],
    "16-bit RGBA over the budget": [413, /4 channels of 16 bits/],
    "bomb by data": [400, /inflates past its size/],
    "truncated": [400, /truncated/],
    "corrupt IDAT": [400, /damaged/],
  };
  for (const { label, bytes } of hostileImages()) {
    if (!expected[label]) continue;
    const response = await callTool(alice, "media.ocr_image", { image: toBase64(bytes) });
    assert.equal(response.status, expected[label][0], label);
    assert.match(response.body.error?.message ?? "", expected[label][1], label);
    assert.equal(response.body.error?.field, "image", label);
  }
  // The OCR still reads after them.
  const result = await callToolOk(alice, "media.ocr_image", { image: toBase64(fixture("two-cups-rice-40pt.png")) });
  assert.match(result.extracted_text, /2 cups rice/);
});
