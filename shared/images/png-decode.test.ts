import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import { decodePngToGrey, UnreadableImage } from "./png-decode.ts";
import { downscaleGrey } from "./downscale.ts";
import { prepareForOcr } from "./ocr-prepare.ts";
import { checkImage } from "./image-type.ts";
import { enlarged, fixture, hostileImages, pngOf, pngWith } from "../../tests/media/images.ts";

const text = decodePngToGrey(fixture("two-cups-rice-40pt.png"));

Deno.test("decodePngToGrey reads grey, RGB, RGBA and 16-bit RGBA PNGs to the same grey pixels", () => {
  assert.deepEqual([text.width, text.height], [219, 49]);
  assert.ok(text.pixels.some((value) => value < 50) && text.pixels.some((value) => value === 255));
  for (const kind of ["grey8", "rgb8", "rgba8", "rgba16"] as const) {
    assert.deepEqual(decodePngToGrey(pngOf(text, kind)).pixels, text.pixels, kind);
  }
});

Deno.test("decodePngToGrey reads an interlaced PNG and a palette PNG", () => {
  assert.deepEqual(decodePngToGrey(fixture("two-cups-rice-interlaced.png")).pixels, text.pixels);
  // Dark red text: where the grey rendering is dark, the palette one is too.
  const palette = decodePngToGrey(fixture("two-cups-rice-palette.png"));
  let agree = 0;
  palette.pixels.forEach((value, index) => agree += Number((value < 160) === (text.pixels[index] < 128)));
  assert.ok(agree / text.pixels.length > 0.99, `${agree} of ${text.pixels.length}`);
});

Deno.test("decodePngToGrey lays alpha over white", () => {
  // Two pixels of grey and alpha: black fully transparent, black half opaque.
  const scanline = new Uint8Array([0, 0, 0, 0, 128]);
  const image = decodePngToGrey(pngWith({ width: 2, height: 1, bitDepth: 8, colorType: 4 }, deflateSync(scanline)));
  assert.deepEqual([...image.pixels], [255, 127]);
});

Deno.test("decodePngToGrey refuses a bomb, damaged or cut image data and a bad CRC, inflating no more than the header says", () => {
  const images = Object.fromEntries(hostileImages().map((image) => [image.label, image.bytes]));
  for (const label of ["bomb by data", "corrupt IDAT", "truncated"]) {
    assert.throws(() => decodePngToGrey(images[label]), UnreadableImage, label);
  }
  const badCrc = fixture("two-cups-rice-40pt.png").slice();
  badCrc[40] ^= 0xff;
  assert.throws(() => decodePngToGrey(badCrc), /CRC/);
  const shortData = pngWith(
    { width: 100, height: 100, bitDepth: 8, colorType: 0 },
    deflateSync(new Uint8Array(50 * 101)),
  );
  assert.throws(() => decodePngToGrey(shortData), /cut short/);
  const badFilter = pngWith({ width: 2, height: 1, bitDepth: 8, colorType: 0 }, deflateSync(new Uint8Array([9, 1, 2])));
  assert.throws(() => decodePngToGrey(badFilter), /filter/);
});

Deno.test("downscaleGrey keeps the aspect, fits the pixel budget and averages the pixels it covers", () => {
  const large = enlarged("two-cups-rice-40pt.png", 4);
  const small = downscaleGrey(large, text.width * text.height);
  assert.deepEqual([small.width, small.height], [text.width, text.height]);
  assert.deepEqual(small.pixels, text.pixels);
  const half = downscaleGrey({ width: 2, height: 2, pixels: new Uint8Array([0, 255, 255, 255]) }, 1);
  assert.deepEqual([half.width, half.height, ...half.pixels], [1, 1, 191]);
});

Deno.test("prepareForOcr turns a 16-bit RGBA PNG into an 8-bit grey one within the OCR pixel budget", () => {
  const bytes = pngOf(enlarged("two-cups-rice-40pt.png", 12), "rgba16");
  const header = checkImage(bytes);
  assert.ok(header.ok);
  const prepared = prepareForOcr(bytes, header, 400_000);
  const check = checkImage(prepared.bytes);
  assert.ok(check.ok);
  assert.deepEqual([check.channels, check.bitDepth], [1, 8]);
  assert.ok(check.width * check.height <= 400_000 && check.width > check.height * 4, `${check.width}×${check.height}`);
});
