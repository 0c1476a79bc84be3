// The images the media tests and the bench read: small files rendered once (ImageMagick, DejaVu Sans, black on
// white) and committed in fixtures/, and PNGs written here in-process, hostile ones included. Nothing here runs a
// program the test command does not install.
import { decodePngToGrey, type GreyImage } from "../../shared/images/png-decode.ts";
import { concatBytes, encodePng, ihdr, pngChunk, pngSignature } from "../../shared/images/png-encode.ts";
import { deflateSync } from "node:zlib";
import jpeg from "jpeg-js";

export type FixtureName =
  | "recipe-24pt.png"
  | "recipe-48pt.png"
  | "fried-rice-24pt.png"
  | "fried-rice-48pt.png"
  | "rice-40pt.jpg"
  | "rice-40pt.webp"
  | "two-cups-rice-30pt.png"
  | "two-cups-rice-40pt.png"
  | "two-cups-rice-40pt.jpg"
  | "two-cups-rice-40pt.webp"
  | "two-cups-rice-interlaced.png"
  | "two-cups-rice-palette.png";

/** A committed image, by name. */
export function fixture(name: FixtureName): Uint8Array {
  return Deno.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/** A PNG fixture's pixels, each repeated `factor` times across and down (a large image of the same text). */
export function enlarged(name: FixtureName, factor: number): GreyImage {
  const source = decodePngToGrey(fixture(name));
  const width = source.width * factor;
  const height = source.height * factor;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sourceRow = Math.floor(y / factor) * source.width;
    for (let x = 0; x < width; x++) pixels[y * width + x] = source.pixels[sourceRow + Math.floor(x / factor)];
  }
  return { width, height, pixels };
}

export type PngKind = "grey8" | "rgb8" | "rgba8" | "rgba16";
const kinds: Record<PngKind, { colorType: number; bitDepth: number; channels: number }> = {
  grey8: { colorType: 0, bitDepth: 8, channels: 1 },
  rgb8: { colorType: 2, bitDepth: 8, channels: 3 },
  rgba8: { colorType: 6, bitDepth: 8, channels: 4 },
  rgba16: { colorType: 6, bitDepth: 16, channels: 4 },
};

/** The grey pixels written as a PNG of the given kind (alpha opaque; 16-bit samples as v·257). */
export function pngOf(image: GreyImage, kind: PngKind): Uint8Array {
  const { colorType, bitDepth, channels } = kinds[kind];
  const sampleBytes = bitDepth / 8;
  const rowLength = 1 + image.width * channels * sampleBytes;
  const scanlines = new Uint8Array(image.height * rowLength);
  let at = 0;
  for (let y = 0; y < image.height; y++) {
    at += 1;
    for (let x = 0; x < image.width; x++) {
      const value = image.pixels[y * image.width + x];
      for (let channel = 0; channel < channels; channel++) {
        const sample = channels === 4 && channel === 3 ? 255 : value;
        scanlines[at++] = sample;
        if (sampleBytes === 2) scanlines[at++] = sample;
      }
    }
  }
  return encodePng({ width: image.width, height: image.height, bitDepth, colorType }, scanlines, 1);
}

/** A white grey PNG of the given size. */
export function blankPng(width: number, height: number): Uint8Array {
  return pngOf({ width, height, pixels: new Uint8Array(width * height).fill(255) }, "grey8");
}

/** A PNG whose header and image data are given as they are (CRCs right): for headers a decoder must refuse. */
export function pngWith(header: Parameters<typeof ihdr>[0], imageData: Uint8Array): Uint8Array {
  return concatBytes([pngSignature, ihdr(header), pngChunk("IDAT", imageData), pngChunk("IEND", new Uint8Array())]);
}

/**
 * Images a hostile client sends, each a whole file by its header (so only decoding finds what is wrong), or one a
 * header budget refuses: `label` says which.
 */
export function hostileImages(): { label: string; bytes: Uint8Array }[] {
  const text = decodePngToGrey(fixture("recipe-48pt.png"));
  const good = pngOf(text, "grey8");
  // The IDAT's deflate stream broken in its middle, its CRC made right again: only inflating finds it.
  const corrupt = corruptImageData(good);
  const bombRows = 10_000;
  const bombHeader = { width: 1000, height: 1000, bitDepth: 8, colorType: 0 };
  return [
    // A header claiming 100,000 × 100,000 pixels over a few bytes of data.
    {
      label: "bomb by header",
      bytes: pngWith({ width: 100_000, height: 100_000, bitDepth: 8, colorType: 0 }, deflateSync(new Uint8Array(1000))),
    },
    // 1000 × 1000 by its header, but its data inflates to ten times that.
    { label: "bomb by data", bytes: pngWith(bombHeader, deflateSync(new Uint8Array(bombRows * 1001))) },
    // 16 bits a channel, RGBA, 16 megapixels: 128 MB decoded.
    {
      label: "16-bit RGBA over the budget",
      bytes: pngWith({ width: 4000, height: 4000, bitDepth: 16, colorType: 6 }, deflateSync(new Uint8Array(1000))),
    },
    // 16 bits a channel, RGBA, within the budget: decoded and scaled down.
    { label: "16-bit RGBA", bytes: pngOf(enlarged("recipe-48pt.png", 4), "rgba16") },
    { label: "truncated", bytes: good.subarray(0, Math.floor(good.length / 2)) },
    { label: "corrupt IDAT", bytes: corrupt },
  ];
}

function corruptImageData(png: Uint8Array): Uint8Array {
  const copy = png.slice();
  const view = new DataView(copy.buffer);
  let offset = 8;
  while (String.fromCharCode(...copy.subarray(offset + 4, offset + 8)) !== "IDAT") {
    offset += 12 + view.getUint32(offset);
  }
  const length = view.getUint32(offset);
  for (let index = offset + 8 + Math.floor(length / 2); index < offset + 8 + length - 4; index += 7) {
    copy[index] ^= 0x5a;
  }
  const typeAndData = copy.subarray(offset + 4, offset + 8 + length);
  const fixed = pngChunk("IDAT", typeAndData.subarray(4));
  copy.set(fixed, offset);
  return copy;
}

/** The grey pixels as a JPEG (jpeg-js's encoder), with an EXIF orientation tag when one is given. */
export function jpegOf(image: GreyImage, quality = 85, orientation?: number): Uint8Array {
  const rgba = new Uint8Array(image.width * image.height * 4);
  image.pixels.forEach((value, index) => rgba.set([value, value, value, 255], index * 4));
  const encoded = new Uint8Array(jpeg.encode({ data: rgba, width: image.width, height: image.height }, quality).data);
  if (orientation === undefined) return encoded;
  // APP1: "Exif\0\0", a little-endian TIFF header, one IFD with one entry: 0x0112 (orientation), SHORT, 1 value.
  const tiff = new Uint8Array([
    0x49,
    0x49,
    0x2a,
    0x00,
    0x08,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    0x12,
    0x01,
    0x03,
    0x00,
    0x01,
    0x00,
    0x00,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  const payload = concatBytes([new TextEncoder().encode("Exif\0\0"), tiff]);
  const segment = concatBytes([
    new Uint8Array([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
    payload,
  ]);
  return concatBytes([encoded.subarray(0, 2), segment, encoded.subarray(2)]);
}

/** The grey pixels turned a quarter clockwise: what a phone stores when EXIF orientation 6 shows it upright. */
export function turnedCounterClockwise(image: GreyImage): GreyImage {
  const { width, height } = image;
  const pixels = new Uint8Array(width * height);
  // Stored (x, y) of a height × width image shows at (height - 1 - y, x) once turned clockwise (orientation 6).
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < height; x++) pixels[y * height + x] = image.pixels[x * width + (width - 1 - y)];
  }
  return { width: height, height: width, pixels };
}
