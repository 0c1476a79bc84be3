import type { GreyImage } from "./png-decode.ts";

/** The size an image is read at: its own, or scaled down (aspect kept) to at most `maxPixels`. */
export function scaledSize(width: number, height: number, maxPixels: number): { width: number; height: number } {
  if (width * height <= maxPixels) return { width, height };
  const scale = Math.sqrt(maxPixels / (width * height));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/**
 * The grey image at most `maxPixels` large, each new pixel the mean of the source pixels it covers (a box filter:
 * thin strokes of text fade instead of vanishing, as they would if pixels were only sampled).
 */
export function downscaleGrey(image: GreyImage, maxPixels: number): GreyImage {
  const size = scaledSize(image.width, image.height, maxPixels);
  if (size.width === image.width && size.height === image.height) return image;
  const columnOf = new Uint32Array(image.width);
  const columnCount = new Uint32Array(size.width);
  for (let x = 0; x < image.width; x++) {
    columnOf[x] = Math.floor((x * size.width) / image.width);
    columnCount[columnOf[x]] += 1;
  }
  const pixels = new Uint8Array(size.width * size.height);
  const sums = new Float64Array(size.width);
  let rows = 0;
  let outputRow = 0;
  const flush = () => {
    for (let column = 0; column < size.width; column++) {
      pixels[outputRow * size.width + column] = Math.round(sums[column] / (columnCount[column] * rows));
    }
    sums.fill(0);
    rows = 0;
  };
  for (let y = 0; y < image.height; y++) {
    const row = Math.floor((y * size.height) / image.height);
    if (row !== outputRow) {
      flush();
      outputRow = row;
    }
    const start = y * image.width;
    for (let x = 0; x < image.width; x++) sums[columnOf[x]] += image.pixels[start + x];
    rows += 1;
  }
  flush();
  return { width: size.width, height: size.height, pixels };
}
