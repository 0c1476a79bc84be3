// What an uploaded image is, read from its bytes (never from a name or a declared type): PNG, JPEG or WebP,
// its pixel size, channels and bits per sample from the header (so what it would decode to is known before it is
// decoded), and whether the file is whole (a truncated upload is refused before OCR).

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
  /** Colour channels and alpha: 1 grey, 2 grey and alpha, 3 colour, 4 colour and alpha (a PNG palette counts 1). */
  channels: number;
  /** Bits per sample: 1–16 in a PNG, 8 or 12 in a JPEG, 8 in a WebP. */
  bitDepth: number;
}

export type ImageCheck = ({ ok: true } & ImageHeader) | { ok: false; reason: string };

/** The bytes the image takes once decoded at the header's size, channels and depth. */
export function decodedBytes(image: ImageHeader): number {
  return image.width * image.height * image.channels * Math.ceil(image.bitDepth / 8);
}

// What the PNG specification allows: bit depths by colour type, and each colour type's channels.
const pngDepths: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const pngChannels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function png(bytes: Uint8Array, view: DataView): ImageCheck {
  if (bytes.length < 33 || ascii(bytes, 12, 4) !== "IHDR") return { ok: false, reason: "the PNG has no header" };
  if (ascii(bytes, bytes.length - 8, 4) !== "IEND") return { ok: false, reason: "the PNG is truncated" };
  const [bitDepth, colorType, compression, filter, interlace] = bytes.subarray(24, 29);
  if (!pngDepths[colorType]?.includes(bitDepth) || compression !== 0 || filter !== 0 || interlace > 1) {
    return { ok: false, reason: `the PNG's header is invalid (bit depth ${bitDepth}, colour type ${colorType})` };
  }
  const channels = pngChannels[colorType];
  return { ok: true, type: "image/png", width: view.getUint32(16), height: view.getUint32(20), channels, bitDepth };
}

function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpeg(bytes: Uint8Array, view: DataView): ImageCheck {
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end -= 1;
  if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return { ok: false, reason: "the JPEG is truncated" };
  let offset = 2;
  while (offset + 9 < end) {
    if (bytes[offset] !== 0xff) return { ok: false, reason: "the JPEG's segments are damaged" };
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (isStartOfFrame(marker)) {
      return {
        ok: true,
        type: "image/jpeg",
        width: view.getUint16(offset + 7),
        height: view.getUint16(offset + 5),
        channels: bytes[offset + 9],
        bitDepth: bytes[offset + 4],
      };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return { ok: false, reason: "the JPEG has no frame header" };
}

function webp(bytes: Uint8Array, view: DataView): ImageCheck {
  if (view.getUint32(4, true) + 8 > bytes.length) return { ok: false, reason: "the WebP is truncated" };
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 " && bytes.length >= 30 && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return {
      ok: true,
      type: "image/webp",
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
      channels: 3,
      bitDepth: 8,
    };
  }
  if (chunk === "VP8L" && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    const channels = (bits >>> 28) & 1 ? 4 : 3;
    return {
      ok: true,
      type: "image/webp",
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      channels,
      bitDepth: 8,
    };
  }
  if (chunk === "VP8X" && bytes.length >= 30) {
    const width = (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)) + 1;
    const height = (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)) + 1;
    return { ok: true, type: "image/webp", width, height, channels: bytes[20] & 0x10 ? 4 : 3, bitDepth: 8 };
  }
  return { ok: false, reason: "the WebP has no frame header" };
}

/** The image's type and size from its bytes, or why it is not a whole PNG, JPEG or WebP. */
export function checkImage(bytes: Uint8Array): ImageCheck {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, pngSignature)) return png(bytes, view);
  if (bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes, view);
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webp(bytes, view);
  return { ok: false, reason: "it is not a PNG, JPEG or WebP image (judged from its bytes)" };
}

/**
 * The fewest bytes a Huffman-coded JPEG of the size its frame header claims can take: each 8×8 block of each
 * component codes its DC difference in one bit at least. Undefined when there is no frame header to read.
 */
export function jpegLeastBytes(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 2; offset + 9 < bytes.length;) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (isStartOfFrame(marker)) {
      const height = view.getUint16(offset + 5);
      const width = view.getUint16(offset + 7);
      const count = bytes[offset + 9];
      if (offset + 10 + count * 3 > bytes.length) return undefined;
      const sampling = Array.from({ length: count }, (_, index) => bytes[offset + 11 + index * 3]);
      const maxH = Math.max(1, ...sampling.map((factors) => factors >> 4));
      const maxV = Math.max(1, ...sampling.map((factors) => factors & 0x0f));
      let blocks = 0;
      for (const factors of sampling) {
        const componentWidth = Math.ceil((width * Math.max(1, factors >> 4)) / maxH);
        const componentHeight = Math.ceil((height * Math.max(1, factors & 0x0f)) / maxV);
        blocks += Math.ceil(componentWidth / 8) * Math.ceil(componentHeight / 8);
      }
      return Math.ceil(blocks / 8);
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return undefined;
}
