// Reading a zip archive (PKWARE APPNOTE 6.3: end of central directory, central directory, local headers) without
// a dependency: stored and deflate entries, the deflate ones through DecompressionStream("deflate-raw"). Every
// bound is checked from the central directory before anything is inflated, and each inflation stops at the size the
// directory declares: an entry that would inflate further lied about its size and the file is refused.
import { AppError } from "../errors.ts";
import { crc32 } from "./crc32.ts";
import { type ByteBudget, inflateBounded } from "./inflate.ts";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
}

const endOfDirectorySignature = 0x06054b50;
const directorySignature = 0x02014b50;
const localSignature = 0x04034b50;

/** True when the bytes start as a zip archive does (a local header, or the end record of an empty one). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

function invalid(message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { field: "data_base64" });
}

function tooLarge(message: string): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", message, { field: "data_base64" });
}

function endOfDirectoryAt(view: DataView): number {
  // The record is 22 bytes and may be followed by a comment of up to 65,535.
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 65_535; at--) {
    if (view.getUint32(at, true) === endOfDirectorySignature) return at;
  }
  throw invalid("the file is not a whole zip archive: its end record is missing (truncated, or not a zip)");
}

// Names are labels here (nothing is written to disk), but no app writes these: such a name is a hostile archive.
function checkName(name: string): void {
  if (
    name.startsWith("/") || name.includes("\\") || name.includes("\u0000") || /^[a-z]:/i.test(name) ||
    name.split("/").some((part) => part === "..")
  ) {
    throw invalid(
      `the archive has an entry named ${JSON.stringify(name.slice(0, 100))}, outside the archive's own ` +
        "folders: it is refused",
    );
  }
}

/**
 * The archive's file entries (directories left out) from its central directory, every bound checked: the number
 * of entries, each one's declared size, and their sum taken from `budget`. `label` names the archive in messages.
 */
export function readZipDirectory(bytes: Uint8Array, limits: ZipLimits, budget: ByteBudget, label = "the file") {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22) throw invalid(`${label} is not a whole zip archive: it is too short`);
  const end = endOfDirectoryAt(view);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw invalid(`${label} is a ZIP64 archive, which is not read (a recipe collection never needs one)`);
  }
  if (count > limits.maxEntries) {
    throw tooLarge(`${label} has ${count} entries; at most ${limits.maxEntries} are read from one archive`);
  }
  if (directoryOffset + directorySize > end) {
    throw invalid(`${label} is not a whole zip archive: its directory lies past its end (truncated)`);
  }
  const entries: ZipEntry[] = [];
  let declared = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || view.getUint32(at, true) !== directorySignature) {
      throw invalid(`${label} is not a whole zip archive: its directory is damaged or truncated`);
    }
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end) throw invalid(`${label} is not a whole zip archive: its directory is truncated`);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    checkName(name);
    const entry: ZipEntry = {
      name,
      method: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    at = next;
    if (name.endsWith("/")) continue;
    if (flags & 1) throw invalid(`${label}: the entry ${name} is encrypted, which is not read`);
    if (entry.method !== 0 && entry.method !== 8) {
      throw invalid(
        `${label}: the entry ${name} uses compression method ${entry.method}; only stored and deflate ` +
          "entries are read",
      );
    }
    if (entry.size > limits.maxEntryBytes) {
      throw tooLarge(
        `${label}: the entry ${name} is ${entry.size} bytes uncompressed; at most ` +
          `${limits.maxEntryBytes} are read from one entry`,
      );
    }
    declared += entry.size;
    entries.push(entry);
  }
  budget.take(declared, label === "the file" ? "the archive's entries" : `the entries of ${label}`);
  return entries;
}

/**
 * The entry's bytes: stored ones as they are, deflated ones inflated to at most the size the directory declares.
 * An entry whose data lies past the archive, whose local header names another file, that inflates to another
 * size than declared, or whose CRC-32 differs, refuses the file.
 */
export async function readZipEntry(bytes: Uint8Array, entry: ZipEntry, label = "the file"): Promise<Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== localSignature) {
    throw invalid(`${label}: the entry ${entry.name} has no local header where the directory says (damaged)`);
  }
  const nameLength = view.getUint16(at + 26, true);
  const localName = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
  if (localName !== entry.name) {
    throw invalid(`${label}: the entry ${entry.name}'s local header names ${JSON.stringify(localName.slice(0, 100))}`);
  }
  const start = at + 30 + nameLength + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) {
    throw invalid(`${label}: the entry ${entry.name} runs past the end of the archive (truncated)`);
  }
  const data = bytes.subarray(start, start + entry.compressedSize);
  let content: Uint8Array;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) {
      throw invalid(
        `${label}: the stored entry ${entry.name} declares ${entry.size} bytes but holds ` +
          `${entry.compressedSize}`,
      );
    }
    content = data;
  } else {
    content = await inflateBounded(data, "deflate-raw", entry.size, {
      tooLarge: () =>
        tooLarge(
          `${label}: the entry ${entry.name} inflates past the ${entry.size} bytes its header declares; ` +
            "it is refused (a zip bomb or a damaged archive)",
        ),
      invalid: () => invalid(`${label}: the entry ${entry.name} is not valid deflate data (damaged or truncated)`),
    });
    if (content.length !== entry.size) {
      throw invalid(
        `${label}: the entry ${entry.name} inflates to ${content.length} bytes, not the ${entry.size} ` +
          "its header declares (damaged or truncated)",
      );
    }
  }
  if (crc32(content) !== entry.crc32) {
    throw invalid(`${label}: the entry ${entry.name} is damaged (its CRC-32 does not match)`);
  }
  return content;
}
