// What tesseract is given to read. A PNG is decoded here (every chunk checked, no more inflated than its header
// implies, 16-bit and alpha reduced to 8-bit grey) and scaled down to what OCR needs, so tesseract's own decoder,
// whose WebAssembly memory never shrinks, only ever reads a grey PNG this file wrote. JPEG and WebP go as they are.
import { downscaleGrey } from "./downscale.ts";
import type { ImageHeader } from "./image-type.ts";
import { encodeGreyPng } from "./png-encode.ts";
import { decodePngToGrey } from "./png-decode.ts";

export interface PreparedImage {
  /** The file tesseract reads. */
  bytes: Uint8Array;
  width: number;
  height: number;
}

export function prepareForOcr(bytes: Uint8Array, header: ImageHeader, maxPixels: number): PreparedImage {
  if (header.type !== "image/png") return { bytes, width: header.width, height: header.height };
  const grey = downscaleGrey(decodePngToGrey(bytes), maxPixels);
  return { bytes: encodeGreyPng(grey.pixels, grey.width, grey.height), width: grey.width, height: grey.height };
}
