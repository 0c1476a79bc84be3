/// <reference lib="dom" />
// A photo is made smaller in the browser before it is uploaded: a phone's 12 MP photo is 4–8 MB, a slow upload on
// mobile data for a picture shown at most a few hundred pixels wide. Decoded once (turned upright by its EXIF
// orientation), drawn at most 1,600 px on its longest side and encoded as JPEG at 0.85: a few hundred KB. Encoding
// anew also leaves the camera's metadata (the place it was taken) behind. The server still bounds the bytes and
// checks the type by content.

export const longestSide = 1600;
export const jpegQuality = 0.85;

/** The size to draw a width × height image at so that its longest side is at most `limit`. */
export function shrunkSize(width: number, height: number, limit = longestSide): { width: number; height: number } {
  const scale = Math.min(1, limit / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The photo as a JPEG of at most 1,600 px a side; refused with words when the browser cannot read it as an image. */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error("That file is not a picture this browser can read. Choose a JPEG, PNG or WebP photo.");
  }
  try {
    const size = shrunkSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot draw the photo to make it smaller.");
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", jpegQuality));
    if (!blob) throw new Error("This browser could not make the photo smaller.");
    return blob;
  } finally {
    bitmap.close();
  }
}
