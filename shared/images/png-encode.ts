// Writes PNG files: the grey image OCR reads (ocr-prepare.ts), and in tests any header a client could send.
import { deflateSync } from "node:zlib";

const crcTable = Uint32Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

/** The CRC-32 every PNG chunk ends with (over its type and data). */
export function crc32(bytes: Uint8Array, start = 0xffffffff): number {
  let crc = start;
  for (let index = 0; index < bytes.length; index++) crc = crcTable[(crc ^ bytes[index]) & 0xff] ^ (crc >>> 8);
  return crc;
}

export const pngSignature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, (crc32(chunk.subarray(4, 8 + data.length)) ^ 0xffffffff) >>> 0);
  return chunk;
}

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA. */
  colorType: number;
  interlace?: number;
}

export function ihdr(header: PngHeader): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, header.width);
  view.setUint32(4, header.height);
  data.set([header.bitDepth, header.colorType, 0, 0, header.interlace ?? 0], 8);
  return pngChunk("IHDR", data);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** A whole PNG from its header and its filtered scanlines (each row led by its filter byte), deflated. */
export function encodePng(header: PngHeader, scanlines: Uint8Array, level = 6): Uint8Array {
  return concatBytes([
    pngSignature,
    ihdr(header),
    pngChunk("IDAT", deflateSync(scanlines, { level })),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

/** An 8-bit grey PNG of the pixels (one byte each, row by row), every row unfiltered. */
export function encodeGreyPng(pixels: Uint8Array, width: number, height: number, level = 1): Uint8Array {
  const scanlines = new Uint8Array(height * (width + 1));
  for (let row = 0; row < height; row++) {
    scanlines.set(pixels.subarray(row * width, (row + 1) * width), row * (width + 1) + 1);
  }
  return encodePng({ width, height, bitDepth: 8, colorType: 0 }, scanlines, level);
}
