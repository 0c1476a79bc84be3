// Reads a PNG into grey pixels (alpha laid over white), for OCR. Every chunk's CRC is checked, the image data is
// inflated to at most the size its header implies (a stream that would inflate further, a decompression bomb,
// stops there and is refused), and 16-bit samples are read by their high byte: nothing is held at 16 bits.
import { inflateSync } from "node:zlib";
import { concatBytes, crc32 } from "./png-encode.ts";

export class UnreadableImage extends Error {}

export interface GreyImage {
  width: number;
  height: number;
  /** One byte a pixel, row by row. */
  pixels: Uint8Array;
}

const channelsOf: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
// Adam7: each pass's first column and row, then its column and row steps.
const adam7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];

interface Header {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

interface Chunks {
  header: Header;
  palette?: Uint8Array;
  transparency?: Uint8Array;
  imageData: Uint8Array[];
}

function readChunks(bytes: Uint8Array): Chunks {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const imageData: Uint8Array[] = [];
  let header: Header | undefined;
  let palette: Uint8Array | undefined;
  let transparency: Uint8Array | undefined;
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) throw new UnreadableImage("the PNG is truncated");
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (((crc32(typeAndData) ^ 0xffffffff) >>> 0) !== view.getUint32(offset + 8 + length)) {
      throw new UnreadableImage("a PNG chunk is damaged (its CRC does not match)");
    }
    const type = String.fromCharCode(...typeAndData.subarray(0, 4));
    const data = typeAndData.subarray(4);
    if (type === "IHDR") {
      const fields = new DataView(data.buffer, data.byteOffset, data.byteLength);
      header = {
        width: fields.getUint32(0),
        height: fields.getUint32(4),
        bitDepth: data[8],
        colorType: data[9],
        interlaced: data[12] === 1,
      };
    } else if (type === "PLTE") palette = data;
    else if (type === "tRNS") transparency = data;
    else if (type === "IDAT") imageData.push(data);
    else if (type === "IEND") break;
    offset = end;
  }
  if (!header) throw new UnreadableImage("the PNG has no header");
  if (imageData.length === 0) throw new UnreadableImage("the PNG has no image data");
  if (header.colorType === 3 && !palette) throw new UnreadableImage("the PNG's palette is missing");
  return { header, palette, transparency, imageData };
}

function passSize(header: Header, pass: number[]): { width: number; height: number } {
  if (!header.interlaced) return { width: header.width, height: header.height };
  const [x0, y0, dx, dy] = pass;
  return {
    width: Math.ceil(Math.max(0, header.width - x0) / dx),
    height: Math.ceil(Math.max(0, header.height - y0) / dy),
  };
}

function rowBytes(header: Header, width: number): number {
  return Math.ceil((width * channelsOf[header.colorType] * header.bitDepth) / 8);
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
}

/** Undoes one row's filter in place, given the row above (unfiltered, zeros for the first). */
function unfilter(filter: number, row: Uint8Array, above: Uint8Array, bytesPerPixel: number): void {
  for (let index = 0; index < row.length; index++) {
    const left = index >= bytesPerPixel ? row[index - bytesPerPixel] : 0;
    const up = above[index];
    const upLeft = index >= bytesPerPixel ? above[index - bytesPerPixel] : 0;
    if (filter === 1) row[index] = (row[index] + left) & 0xff;
    else if (filter === 2) row[index] = (row[index] + up) & 0xff;
    else if (filter === 3) row[index] = (row[index] + ((left + up) >> 1)) & 0xff;
    else if (filter === 4) row[index] = (row[index] + paeth(left, up, upLeft)) & 0xff;
    else if (filter !== 0) throw new UnreadableImage(`the PNG has an unknown row filter (${filter})`);
  }
}

/** Turns one unfiltered row into grey values (0–255), alpha laid over white. */
function greyRow(chunks: Chunks, row: Uint8Array, width: number, out: Uint8Array): void {
  const { bitDepth, colorType } = chunks.header;
  const channels = channelsOf[colorType];
  const sampleBytes = bitDepth === 16 ? 2 : 1;
  const sample = (pixel: number, channel: number): number => {
    if (bitDepth >= 8) return row[(pixel * channels + channel) * sampleBytes];
    const bitIndex = pixel * bitDepth;
    const value = (row[bitIndex >> 3] >> (8 - bitDepth - (bitIndex & 7))) & ((1 << bitDepth) - 1);
    return colorType === 3 ? value : Math.round((value * 255) / ((1 << bitDepth) - 1));
  };
  const { palette, transparency } = chunks;
  for (let pixel = 0; pixel < width; pixel++) {
    let grey: number;
    let alpha = 255;
    if (colorType === 3) {
      const index = sample(pixel, 0);
      if (index * 3 + 2 >= palette!.length) throw new UnreadableImage("a PNG pixel names a colour past its palette");
      grey = (palette![index * 3] * 299 + palette![index * 3 + 1] * 587 + palette![index * 3 + 2] * 114) / 1000;
      if (transparency && index < transparency.length) alpha = transparency[index];
    } else if (colorType === 0 || colorType === 4) {
      grey = sample(pixel, 0);
      if (colorType === 4) alpha = sample(pixel, 1);
    } else {
      grey = (sample(pixel, 0) * 299 + sample(pixel, 1) * 587 + sample(pixel, 2) * 114) / 1000;
      if (colorType === 6) alpha = sample(pixel, 3);
    }
    out[pixel] = Math.round((grey * alpha + 255 * (255 - alpha)) / 255);
  }
}

/**
 * The PNG's pixels in grey. Refuses (UnreadableImage) a damaged chunk, image data that inflates to more or less
 * than the header implies, an unknown filter, or a palette index past the palette.
 */
export function decodePngToGrey(bytes: Uint8Array): GreyImage {
  const chunks = readChunks(bytes);
  const { header } = chunks;
  const passes = header.interlaced ? adam7 : [[0, 0, 1, 1]];
  const expected = passes.reduce((sum, pass) => {
    const size = passSize(header, pass);
    return sum + (size.width === 0 ? 0 : size.height * (1 + rowBytes(header, size.width)));
  }, 0);
  let data: Uint8Array;
  try {
    data = inflateSync(concatBytes(chunks.imageData), { maxOutputLength: expected });
  } catch (error) {
    const tooLong = (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
    throw new UnreadableImage(
      tooLong ? "the PNG's image data inflates past its size" : "the PNG's image data is damaged or cut short",
    );
  }
  if (data.length !== expected) throw new UnreadableImage("the PNG's image data is cut short");
  const pixels = new Uint8Array(header.width * header.height);
  const bytesPerPixel = Math.max(1, (channelsOf[header.colorType] * header.bitDepth) >> 3);
  let offset = 0;
  for (const pass of passes) {
    const { width, height } = passSize(header, pass);
    if (width === 0) continue;
    const length = rowBytes(header, width);
    let above: Uint8Array = new Uint8Array(length);
    const grey = new Uint8Array(width);
    for (let passRow = 0; passRow < height; passRow++) {
      const row = data.subarray(offset + 1, offset + 1 + length);
      unfilter(data[offset], row, above, bytesPerPixel);
      greyRow(chunks, row, width, grey);
      const [x0, y0, dx, dy] = pass;
      const start = (y0 + passRow * dy) * header.width + x0;
      for (let column = 0; column < width; column++) pixels[start + column * dx] = grey[column];
      above = row;
      offset += 1 + length;
    }
  }
  return { width: header.width, height: header.height, pixels };
}
