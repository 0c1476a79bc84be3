import assert from "node:assert/strict";
import { exifOrientation, upright } from "./jpeg-grey.ts";
import { prepareForOcr } from "./ocr-prepare.ts";
import { checkImage } from "./image-type.ts";
import { decodePngToGrey } from "./png-decode.ts";
import { enlarged, jpegOf, turnedCounterClockwise } from "../../tests/media/images.ts";

const square = { width: 3, height: 2, pixels: new Uint8Array([1, 2, 3, 4, 5, 6]) };

Deno.test("upright turns and mirrors as each EXIF orientation says", () => {
  const shown = (orientation: number) => {
    const image = upright(square, orientation);
    return [image.width, image.height, ...image.pixels];
  };
  assert.deepEqual(shown(1), [3, 2, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(shown(2), [3, 2, 3, 2, 1, 6, 5, 4]);
  assert.deepEqual(shown(3), [3, 2, 6, 5, 4, 3, 2, 1]);
  assert.deepEqual(shown(4), [3, 2, 4, 5, 6, 1, 2, 3]);
  assert.deepEqual(shown(5), [2, 3, 1, 4, 2, 5, 3, 6]);
  assert.deepEqual(shown(6), [2, 3, 4, 1, 5, 2, 6, 3]);
  assert.deepEqual(shown(7), [2, 3, 6, 3, 5, 2, 4, 1]);
  assert.deepEqual(shown(8), [2, 3, 3, 6, 2, 5, 1, 4]);
});

Deno.test("prepareForOcr scales a JPEG past the OCR size down to grey, upright by its EXIF orientation", () => {
  const text = enlarged("two-cups-rice-40pt.png", 10); // 2190×490
  const plain = jpegOf(text);
  const header = checkImage(plain);
  assert.ok(header.ok);
  const prepared = prepareForOcr(plain, header, 300_000);
  assert.ok(prepared.width * prepared.height <= 300_000 && prepared.width > prepared.height * 4);
  assert.equal(decodePngToGrey(prepared.bytes).width, prepared.width);
  // Stored turned, with orientation 6: read upright, as wide as the plain one.
  const turned = jpegOf(turnedCounterClockwise(text), 85, 6);
  const turnedHeader = checkImage(turned);
  assert.ok(turnedHeader.ok && turnedHeader.height > turnedHeader.width);
  const uprightPrepared = prepareForOcr(turned, turnedHeader, 300_000);
  assert.deepEqual([uprightPrepared.width, uprightPrepared.height], [prepared.width, prepared.height]);
  const expected = decodePngToGrey(prepared.bytes).pixels;
  const difference = decodePngToGrey(uprightPrepared.bytes).pixels.reduce(
    (sum, value, index) => sum + Math.abs(value - expected[index]),
    0,
  );
  assert.ok(difference / (prepared.width * prepared.height) < 8, `mean difference ${difference}`);
});

Deno.test("exifOrientation reads either byte order and is 1 without EXIF", () => {
  assert.equal(exifOrientation(undefined), 1);
  const bigEndian = new Uint8Array([
    0,
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    8,
    0,
    0,
  ]);
  assert.equal(exifOrientation(bigEndian), 8);
});
