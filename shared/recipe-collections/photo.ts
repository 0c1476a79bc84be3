// A recipe's photo as a file holds it: bounded in bytes, and its type told from its bytes (JPEG, PNG or WebP
// magic numbers and a whole header), never from a name. A photo that fails either is left out with a warning:
// the recipe itself is still read.
import { checkImage, type ImageType } from "../images/image-type.ts";
import type { ImportedPhoto } from "../tools/recipe/import-file-results.ts";
import { collectionLimits } from "./collection-limits.ts";

const dataUrlPrefix = /^data:[^,]{0,100};base64,/;

// Uint8Array.fromBase64 decodes twice as fast as atob and a loop (measured on a 16 MB file); the Edge Runtime's
// Deno 2.1 lacks it, and takes the loop.
const fromBase64 = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array }).fromBase64;

export function decodeBase64(text: string): Uint8Array | null {
  const base64 = text.startsWith("data:") ? text.replace(dataUrlPrefix, "") : text;
  try {
    if (fromBase64) return fromBase64(base64);
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/** A photo given as base64 in a recipe's JSON (Paprika's photo_data, a data: URL), decoded when within bounds. */
export function photoOfBase64(text: string, warnings: string[]): Uint8Array | null {
  if (text.length > Math.ceil(collectionLimits.maxPhotoBytes / 3) * 4 + 200) {
    warnings.push(`the photo is over ${collectionLimits.maxPhotoBytes} bytes and was left out`);
    return null;
  }
  const bytes = decodeBase64(text);
  if (!bytes) warnings.push("the photo is not valid base64 and was left out");
  return bytes;
}

// A photo is shown, and shrunk in the browser before it is saved: one of more pixels than a 48-megapixel phone
// camera's would take the page hundreds of megabytes to decode (a small file can claim a huge image).
export const maxPhotoPixels = 50_000_000;

/** The bytes as a photo (their type told from them), or a sentence saying why they are none: too large, not an image. */
export function checkedPhotoBytes(bytes: Uint8Array): { bytes: Uint8Array; type: ImageType } | string {
  if (bytes.length > collectionLimits.maxPhotoBytes) return `it is over ${collectionLimits.maxPhotoBytes} bytes`;
  const image = checkImage(bytes);
  if (!image.ok) return image.reason;
  if (image.width * image.height > maxPhotoPixels) {
    return `it is ${image.width}×${image.height} pixels, over ${maxPhotoPixels} in all`;
  }
  return { bytes, type: image.type };
}

/** The photo as the reply carries it, or null (with a warning) when it is too large or no JPEG, PNG or WebP. */
export function checkedPhoto(bytes: Uint8Array | null, warnings: string[]): ImportedPhoto | null {
  if (!bytes || bytes.length === 0) return null;
  if (bytes.length > collectionLimits.maxPhotoBytes) {
    warnings.push(`the photo is over ${collectionLimits.maxPhotoBytes} bytes and was left out`);
    return null;
  }
  const checked = checkedPhotoBytes(bytes);
  if (typeof checked === "string") {
    warnings.push(`the photo was left out: ${checked}`);
    return null;
  }
  return { media_type: checked.type, byte_size: bytes.length, data_base64: encodeBase64(bytes) };
}
