// Writing a zip archive: each entry stored or deflated with CompressionStream("deflate-raw"), with its CRC-32,
// local headers, the central directory and its end record (PKWARE APPNOTE 6.3, no ZIP64). Used to export recipes
// and by the tests to build the archives other apps write.
import { crc32 } from "./crc32.ts";
import { type BytesOnArrayBuffer, concatenate } from "../http/bounded-read.ts";

export interface ZipInput {
  name: string;
  data: Uint8Array | string;
  /** Deflate the data (the default); false stores it as it is. */
  deflate?: boolean;
  /** The uncompressed size the headers state, when it is to differ from the data's (tests write lying archives). */
  declaredSize?: number;
}

async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BytesOnArrayBuffer]).stream().pipeThrough(
    new CompressionStream("deflate-raw"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// 1980-01-01 00:00, the earliest time a zip can hold: the same input always writes the same bytes.
const dosTime = 0;
const dosDate = (0 << 9) | (1 << 5) | 1;

export async function writeZip(inputs: ZipInput[]): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const input of inputs) {
    const data = typeof input.data === "string" ? encoder.encode(input.data) : input.data;
    const name = encoder.encode(input.name);
    const deflate = input.deflate ?? true;
    const stored = deflate ? await deflateRaw(data) : data;
    const crc = crc32(data);
    const local = new Uint8Array(30 + name.length);
    const localView = new DataView(local.buffer);
    localView.setUint32(0, 0x04034b50, true);
    localView.setUint16(4, 20, true);
    localView.setUint16(6, 0x0800, true); // names in UTF-8
    localView.setUint16(8, deflate ? 8 : 0, true);
    localView.setUint16(10, dosTime, true);
    localView.setUint16(12, dosDate, true);
    localView.setUint32(14, crc, true);
    localView.setUint32(18, stored.length, true);
    localView.setUint32(22, input.declaredSize ?? data.length, true);
    localView.setUint16(26, name.length, true);
    local.set(name, 30);
    const header = new Uint8Array(46 + name.length);
    const headerView = new DataView(header.buffer);
    headerView.setUint32(0, 0x02014b50, true);
    headerView.setUint16(4, 20, true);
    headerView.setUint16(6, 20, true);
    header.set(local.subarray(6, 30), 8);
    headerView.setUint32(42, offset, true);
    header.set(name, 46);
    locals.push(local, stored);
    directory.push(header);
    offset += local.length + stored.length;
  }
  const directoryBytes = concatenate(directory);
  const end = new Uint8Array(22);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, 0x06054b50, true);
  endView.setUint16(8, inputs.length, true);
  endView.setUint16(10, inputs.length, true);
  endView.setUint32(12, directoryBytes.length, true);
  endView.setUint32(16, offset, true);
  return concatenate([...locals, directoryBytes, end]);
}

export async function gzip(data: Uint8Array | string): Promise<Uint8Array> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const stream = new Blob([bytes as BytesOnArrayBuffer]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
