// A JPEG is refused on the size its header claims when its bytes cannot hold that many pixels: a few hundred bytes
// claiming 5000×3200 (within the pixel budget) would otherwise have jpeg-js allocate for 16 megapixels.
import assert from "node:assert/strict";
import { AppError } from "../../shared/errors.ts";
import { checkImage } from "../../shared/images/image-type.ts";
import { checkOcrImage } from "../../shared/tools/media/tools.ts";
import { ocrLimits } from "../../shared/tools/media/docs.ts";
import { fixture } from "./images.ts";

/** The JPEG with its frame header (SOF) rewritten to claim `width`×`height`; nothing else changed. */
function claiming(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const copy = jpeg.slice();
  const view = new DataView(copy.buffer);
  for (let offset = 2; offset + 9 < copy.length;) {
    const marker = copy[offset + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      view.setUint16(offset + 5, height);
      view.setUint16(offset + 7, width);
      return copy;
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  throw new Error("no frame header");
}

Deno.test("a small JPEG whose header claims 5000×3200 is refused with 400 before it is decoded", () => {
  const real = fixture("two-cups-rice-40pt.jpg");
  const crafted = claiming(real, 5000, 3200);
  assert.ok(crafted.length < 4000, `${crafted.length} bytes`);
  const header = checkImage(crafted);
  assert.ok(header.ok && header.width === 5000 && header.height === 3200, "the header claims 5000×3200");
  assert.ok(5000 * 3200 <= ocrLimits.maxPixels, "within the pixel budget: the size alone does not refuse it");
  assert.throws(() => checkOcrImage(crafted), (error) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.type, "VALIDATION_ERROR");
    assert.equal(error.status, 400);
    assert.equal(error.field, "image");
    assert.match(error.message, /claims 5000×3200 pixels, which take at least \d+ bytes; it has \d+$/);
    return true;
  });
});

Deno.test("a JPEG whose bytes can hold the pixels it claims passes the header check", () => {
  const real = fixture("two-cups-rice-40pt.jpg");
  assert.deepEqual(
    [checkOcrImage(real).width, checkOcrImage(real).height],
    [219, 49],
  );
  // Claiming more pixels than its bytes hold at one bit per 8×8 block is refused; as many as they hold is not.
  const channels = (checkImage(real) as { channels: number }).channels;
  const width = 8 * 64;
  const rows = Math.floor((real.length * 8) / (64 * channels)) - 1;
  assert.equal(checkOcrImage(claiming(real, width, rows * 8)).height, rows * 8);
  assert.throws(() => checkOcrImage(claiming(real, width * 4, rows * 8 * 4)), AppError);
});
