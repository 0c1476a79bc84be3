import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import type { BytesOnArrayBuffer } from "../http/bounded-read.ts";
import { ByteBudget } from "./inflate.ts";
import { readZipDirectory, readZipEntry } from "./zip-read.ts";
import { gzip, writeZip } from "./zip-write.ts";

const limits = { maxEntries: 10, maxEntryBytes: 1024 * 1024 };
const budget = () => new ByteBudget(4 * 1024 * 1024, 4 * 1024 * 1024);

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  assert.fail("expected a refusal");
}

/** The offset of the first central directory header, to patch its fields. */
function directoryAt(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return view.getUint32(bytes.length - 22 + 16, true);
}

Deno.test("stored and deflated entries read back as written, directories left out", async () => {
  const text = "1 cup flour\n".repeat(500);
  const zip = await writeZip([
    { name: "recipes/", data: "", deflate: false },
    { name: "recipes/a.txt", data: text },
    { name: "recipes/b.bin", data: new Uint8Array([1, 2, 3]), deflate: false },
  ]);
  const entries = readZipDirectory(zip, limits, budget());
  assert.deepEqual(entries.map((entry) => [entry.name, entry.method, entry.size]), [
    ["recipes/a.txt", 8, text.length],
    ["recipes/b.bin", 0, 3],
  ]);
  assert.ok(entries[0].compressedSize < text.length / 10);
  assert.equal(new TextDecoder().decode(await readZipEntry(zip, entries[0])), text);
  assert.deepEqual([...await readZipEntry(zip, entries[1])], [1, 2, 3]);
});

Deno.test("an entry that inflates past its declared size is refused once past it", async () => {
  const zip = await writeZip([{ name: "bomb.json", data: "0".repeat(200_000) }]);
  const view = new DataView(zip.buffer);
  const at = directoryAt(zip);
  view.setUint32(at + 24, 1000, true); // the directory now claims 1,000 bytes
  const [entry] = readZipDirectory(zip, limits, budget());
  const error = await refusal(readZipEntry(zip, entry));
  assert.equal(error.type, "PAYLOAD_TOO_LARGE");
  assert.match(error.message, /bomb\.json inflates past the 1000 bytes its header declares/);
});

Deno.test("a declared size over the per-entry limit is refused before anything inflates", async () => {
  const zip = await writeZip([{ name: "big.json", data: "x".repeat(2 * 1024 * 1024) }]);
  const error = await refusal(() => readZipDirectory(zip, limits, budget()));
  assert.equal(error.type, "PAYLOAD_TOO_LARGE");
  assert.match(error.message, /big\.json is 2097152 bytes uncompressed; at most 1048576/);
});

Deno.test("the entries' sizes together are taken from the call's budget", async () => {
  const zip = await writeZip([{ name: "a", data: "x".repeat(600) }, { name: "b", data: "y".repeat(600) }]);
  const error = await refusal(() => readZipDirectory(zip, limits, new ByteBudget(1000, 1000)));
  assert.equal(error.type, "PAYLOAD_TOO_LARGE");
  assert.match(error.message, /past 1000 bytes uncompressed/);
});

Deno.test("too many entries is refused from the end record", async () => {
  const zip = await writeZip(Array.from({ length: 11 }, (_, index) => ({ name: `${index}.json`, data: "{}" })));
  const error = await refusal(() => readZipDirectory(zip, limits, budget()));
  assert.equal(error.type, "PAYLOAD_TOO_LARGE");
  assert.match(error.message, /has 11 entries; at most 10/);
});

Deno.test("truncated, damaged and hostile archives are refused with the reason", async () => {
  const zip = await writeZip([{ name: "a.json", data: '{"name":"Soup"}' }]);
  assert.match(
    (await refusal(() => readZipDirectory(zip.subarray(0, zip.length - 30), limits, budget()))).message,
    /not a whole zip/,
  );
  assert.match((await refusal(() => readZipDirectory(new Uint8Array(10), limits, budget()))).message, /too short/);

  const traversal = await writeZip([{ name: "../../etc/passwd", data: "root" }]);
  const outside = await refusal(() => readZipDirectory(traversal, limits, budget()));
  assert.equal(outside.type, "VALIDATION_ERROR");
  assert.match(outside.message, /outside the archive's own folders/);
  const absolute = await writeZip([{ name: "/tmp/x", data: "x" }]);
  assert.match((await refusal(() => readZipDirectory(absolute, limits, budget()))).message, /outside/);

  const damaged = zip.slice();
  damaged[40] ^= 0xff; // a byte of the deflated data
  const [entry] = readZipDirectory(damaged, limits, budget());
  assert.match(
    (await refusal(readZipEntry(damaged, entry))).message,
    /a\.json (is damaged|is not valid deflate|inflates to)/,
  );

  const renamed = zip.slice();
  renamed[30] = "b".charCodeAt(0); // the local header's name
  const [entryOfRenamed] = readZipDirectory(renamed, limits, budget());
  assert.match((await refusal(readZipEntry(renamed, entryOfRenamed))).message, /local header names "b\.json"/);
});

Deno.test("an entry whose data runs past the archive is refused as truncated", async () => {
  const zip = await writeZip([{ name: "a.json", data: "z".repeat(1000) }]);
  const view = new DataView(zip.buffer);
  view.setUint32(directoryAt(zip) + 20, 100_000, true); // a compressed size past the end
  const [entry] = readZipDirectory(zip, limits, budget());
  assert.match((await refusal(readZipEntry(zip, entry))).message, /runs past the end of the archive/);
});

Deno.test("the gzip writer writes what DecompressionStream reads", async () => {
  const packed = await gzip("hello");
  assert.deepEqual([...packed.subarray(0, 2)], [0x1f, 0x8b]);
  const text = await new Response(
    new Blob([packed as BytesOnArrayBuffer]).stream().pipeThrough(new DecompressionStream("gzip")),
  ).text();
  assert.equal(text, "hello");
});
