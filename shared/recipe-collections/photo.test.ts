// A photo is judged by its bytes: its type, its size in bytes and the pixels its header claims (a small file can claim
// an image the browser would take hundreds of megabytes to decode before shrinking it).
import assert from "node:assert/strict";
import { encodeGreyPng } from "../images/png-encode.ts";
import { collectionLimits } from "./collection-limits.ts";
import { checkedPhoto, checkedPhotoBytes, maxPhotoPixels } from "./photo.ts";

/** A whole, small PNG whose header says it is width × height (its pixel data is a 1 × 1 image's). */
function claimingPng(width: number, height: number): Uint8Array {
  const png = new Uint8Array(encodeGreyPng(new Uint8Array([128]), 1, 1));
  const view = new DataView(png.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return png;
}

Deno.test("a photo within the pixels is kept; one whose header claims more is left out, with why", () => {
  const small = claimingPng(4000, 3000);
  const kept = checkedPhotoBytes(small);
  assert.equal(typeof kept === "string" ? kept : kept.type, "image/png");
  const bomb = claimingPng(10_000, 10_000);
  assert.equal(checkedPhotoBytes(bomb), `it is 10000×10000 pixels, over ${maxPhotoPixels} in all`);
  const warnings: string[] = [];
  assert.equal(checkedPhoto(bomb, warnings), null);
  assert.deepEqual(warnings, [`the photo was left out: it is 10000×10000 pixels, over ${maxPhotoPixels} in all`]);
});

Deno.test("a photo over the bytes or of no image type is left out, with why", () => {
  const large = new Uint8Array(collectionLimits.maxPhotoBytes + 1);
  assert.equal(checkedPhotoBytes(large), `it is over ${collectionLimits.maxPhotoBytes} bytes`);
  assert.equal(
    checkedPhotoBytes(new TextEncoder().encode("<html></html>")),
    "it is not a PNG, JPEG or WebP image (judged from its bytes)",
  );
});
