// A large JPEG for OCR: decoded by jpeg-js (pure JavaScript) in the preparing Worker, turned grey, scaled down, and
// turned upright by its EXIF orientation (the file tesseract then reads carries no EXIF to do it).
import jpeg from "jpeg-js";
import { downscaleGrey } from "./downscale.ts";
import { type GreyImage, UnreadableImage } from "./png-decode.ts";

/** The JPEG in grey, at most `maxPixels`, upright. */
export function decodeJpegToGrey(bytes: Uint8Array, maxPixels: number, maxMegabytes: number): GreyImage {
  let decoded: { width: number; height: number; data: Uint8Array; exifBuffer?: Uint8Array };
  try {
    decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxMemoryUsageInMB: maxMegabytes });
  } catch (error) {
    throw new UnreadableImage(`the JPEG could not be decoded (${(error as Error).message})`);
  }
  const { width, height, data } = decoded;
  const pixels = new Uint8Array(width * height);
  for (let pixel = 0, at = 0; pixel < pixels.length; pixel++, at += 3) {
    pixels[pixel] = Math.round((data[at] * 299 + data[at + 1] * 587 + data[at + 2] * 114) / 1000);
  }
  return upright(downscaleGrey({ width, height, pixels }, maxPixels), exifOrientation(decoded.exifBuffer));
}

/** EXIF tag 0x0112 (1–8) from the APP1 payload after "Exif\0", in either byte order; 1 when absent. */
export function exifOrientation(exif: Uint8Array | undefined): number {
  if (!exif) return 1;
  const start = exif[0] === 0 ? 1 : 0;
  if (exif.length < start + 8) return 1;
  const view = new DataView(exif.buffer, exif.byteOffset + start, exif.byteLength - start);
  const little = view.getUint16(0) === 0x4949;
  if (!little && view.getUint16(0) !== 0x4d4d) return 1;
  const directory = view.getUint32(4, little);
  if (directory + 2 > view.byteLength) return 1;
  const entries = view.getUint16(directory, little);
  for (let entry = 0; entry < entries; entry++) {
    const at = directory + 2 + entry * 12;
    if (at + 12 > view.byteLength) return 1;
    if (view.getUint16(at, little) === 0x0112) {
      const value = view.getUint16(at + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** The image as EXIF orientation `orientation` says to show it. */
export function upright(image: GreyImage, orientation: number): GreyImage {
  if (orientation === 1) return image;
  const { width: w, height: h } = image;
  const turned = orientation >= 5;
  const width = turned ? h : w;
  const height = turned ? w : h;
  const pixels = new Uint8Array(width * height);
  // For each shown pixel (x, y), the stored one it comes from.
  const source: Record<number, (x: number, y: number) => number> = {
    2: (x, y) => y * w + (w - 1 - x),
    3: (x, y) => (h - 1 - y) * w + (w - 1 - x),
    4: (x, y) => (h - 1 - y) * w + x,
    5: (x, y) => x * w + y,
    6: (x, y) => (h - 1 - x) * w + y,
    7: (x, y) => (h - 1 - x) * w + (w - 1 - y),
    8: (x, y) => x * w + (w - 1 - y),
  };
  const from = source[orientation];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[y * width + x] = image.pixels[from(x, y)];
  }
  return { width, height, pixels };
}
