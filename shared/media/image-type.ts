// What an uploaded image is, read from its bytes (never from a name or a declared type): PNG, JPEG or WebP,
// its pixel size from the header, and whether the file is whole (a truncated upload is refused before OCR).

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

export type ImageCheck =
  | { ok: true; type: ImageType; width: number; height: number }
  | { ok: false; reason: string };

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
  return { ok: true, type: "image/png", width: view.getUint32(16), height: view.getUint32(20) };
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
      return { ok: true, type: "image/jpeg", width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
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
    };
  }
  if (chunk === "VP8L" && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return { ok: true, type: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && bytes.length >= 30) {
    const width = (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)) + 1;
    const height = (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)) + 1;
    return { ok: true, type: "image/webp", width, height };
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
