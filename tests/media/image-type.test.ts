import assert from "node:assert/strict";
import { checkImage, decodedBytes } from "../../shared/images/image-type.ts";
import { fixture, pngWith } from "./images.ts";
import { deflateSync } from "node:zlib";

Deno.test("checkImage reads type and size from PNG, JPEG and WebP bytes", () => {
  for (const [format, type] of [["png", "image/png"], ["jpg", "image/jpeg"], ["webp", "image/webp"]] as const) {
    const check = checkImage(fixture(`two-cups-rice-40pt.${format}`));
    assert.ok(check.ok, format);
    assert.equal(check.type, type);
    assert.deepEqual([check.width, check.height], [219, 49], format);
  }
});

Deno.test("checkImage reads channels and bits per sample from the header, so the decoded size is known first", () => {
  const grey = checkImage(fixture("two-cups-rice-40pt.png"));
  assert.ok(grey.ok);
  assert.deepEqual([grey.channels, grey.bitDepth, decodedBytes(grey)], [1, 8, 219 * 49]);
  const jpeg = checkImage(fixture("two-cups-rice-40pt.jpg"));
  assert.ok(jpeg.ok);
  assert.deepEqual([jpeg.channels, jpeg.bitDepth], [1, 8]);
  const webp = checkImage(fixture("two-cups-rice-40pt.webp"));
  assert.ok(webp.ok);
  assert.equal(webp.bitDepth, 8);
  const rgba16 = checkImage(
    pngWith({ width: 4000, height: 4000, bitDepth: 16, colorType: 6 }, deflateSync(new Uint8Array(9))),
  );
  assert.ok(rgba16.ok);
  assert.deepEqual([rgba16.channels, rgba16.bitDepth, decodedBytes(rgba16)], [4, 16, 4000 * 4000 * 8]);
});

Deno.test("checkImage refuses a PNG header the specification does not allow", () => {
  for (const [bitDepth, colorType] of [[16, 3], [4, 2], [3, 0], [8, 5]]) {
    const check = checkImage(pngWith({ width: 10, height: 10, bitDepth, colorType }, deflateSync(new Uint8Array(9))));
    assert.equal(check.ok, false, `bit depth ${bitDepth}, colour type ${colorType}`);
  }
});

Deno.test("checkImage refuses other bytes, and truncated files of each type", () => {
  assert.equal(checkImage(new TextEncoder().encode("2 cups rice")).ok, false);
  assert.equal(checkImage(new Uint8Array()).ok, false);
  assert.equal(checkImage(new Uint8Array([0xff, 0xd8, 0xff])).ok, false);
  for (const format of ["png", "jpg", "webp"] as const) {
    const image = fixture(`two-cups-rice-40pt.${format}`);
    for (const length of [8, 20, 40, image.length - 5]) {
      const check = checkImage(image.subarray(0, length));
      assert.equal(check.ok, false, `${format} cut to ${length} bytes`);
    }
  }
});
