import assert from "node:assert/strict";
import { checkImage } from "../../shared/media/image-type.ts";
import { renderText } from "./render.ts";

Deno.test("checkImage reads type and size from PNG, JPEG and WebP bytes", async () => {
  for (const [format, type] of [["png", "image/png"], ["jpg", "image/jpeg"], ["webp", "image/webp"]] as const) {
    const image = await renderText("2 cups rice", 40, format);
    const check = checkImage(image);
    assert.ok(check.ok, format);
    assert.equal(check.type, type);
    assert.ok(check.width > check.height && check.height > 20, `${format}: ${check.width}×${check.height}`);
  }
});

Deno.test("checkImage refuses other bytes, and truncated files of each type", async () => {
  assert.equal(checkImage(new TextEncoder().encode("2 cups rice")).ok, false);
  assert.equal(checkImage(new Uint8Array()).ok, false);
  assert.equal(checkImage(new Uint8Array([0xff, 0xd8, 0xff])).ok, false);
  for (const format of ["png", "jpg", "webp"] as const) {
    const image = await renderText("2 cups rice", 40, format);
    for (const length of [8, 20, 40, image.length - 5]) {
      const check = checkImage(image.subarray(0, length));
      assert.equal(check.ok, false, `${format} cut to ${length} bytes`);
    }
  }
});
