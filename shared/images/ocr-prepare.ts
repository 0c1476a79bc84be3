// What tesseract is given to read. A PNG is decoded here (every chunk checked, no more inflated than its header
// implies, 16-bit and alpha reduced to 8-bit grey) and scaled down to what OCR needs, so tesseract's own decoder,
// whose WebAssembly memory never shrinks, only ever reads a grey PNG this file wrote. So is a JPEG larger than what
// OCR needs (a phone photo); a smaller JPEG, and any WebP, go as they are.
import { downscaleGrey } from "./downscale.ts";
import type { ImageHeader } from "./image-type.ts";
import { encodeGreyPng } from "./png-encode.ts";
import { decodePngToGrey, type GreyImage } from "./png-decode.ts";
import { decodeJpegToGrey } from "./jpeg-grey.ts";

/** What jpeg-js may allocate for one JPEG (16 megapixels take about 200 MB). */
const jpegMegabytes = 320;

export interface PreparedImage {
  /** The file tesseract reads. */
  bytes: Uint8Array;
  width: number;
  height: number;
}

export function prepareForOcr(bytes: Uint8Array, header: ImageHeader, maxPixels: number): PreparedImage {
  let grey: GreyImage;
  if (header.type === "image/png") grey = downscaleGrey(decodePngToGrey(bytes), maxPixels);
  else if (header.type === "image/jpeg" && header.width * header.height > maxPixels) {
    grey = decodeJpegToGrey(bytes, maxPixels, jpegMegabytes);
  } else return { bytes, width: header.width, height: header.height };
  return { bytes: encodeGreyPng(grey.pixels, grey.width, grey.height), width: grey.width, height: grey.height };
}
