import { bytesAtMost, declaredOver } from "../../../shared/http/bounded-read.ts";
import { parseMultipart } from "./multipart.ts";
import { entityTooLarge, invalidRequest } from "./storage-error.ts";

/** The largest JSON body a route reads (a sign or remove request names at most 1,000 paths). */
export const maxJsonBytes = 256 * 1024;
/** Room for a multipart body's boundaries and small fields around the file. */
const multipartOverheadBytes = 16 * 1024;

/**
 * The request's body, refused as too large as soon as it passes `limit` bytes: first by its declared length, then
 * while it streams in (a chunked body declares none), so a large upload is never held in memory whole.
 */
export async function readBounded(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (declaredOver(request.headers.get("content-length"), limit)) throw entityTooLarge();
  const body = await bytesAtMost(request.body, limit);
  if (!body) throw entityTooLarge();
  return body;
}

export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const bytes = await readBounded(request, maxJsonBytes);
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes));
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
  } catch {
    // answered below
  }
  throw invalidRequest("The request body must be a JSON object");
}

export interface UploadedFile {
  bytes: Uint8Array<ArrayBuffer>;
  /** The type the client declared: the file part's type in a form, else the request's Content-Type. */
  declaredType: string;
  cacheControl: string;
}

/**
 * The file of an upload as storage-js sends it: a multipart form (a Blob or File: the file part plus a
 * `cacheControl` field) or the raw bytes with their Content-Type and Cache-Control headers. At most `limit` bytes.
 */
export async function readUpload(request: Request, limit: number): Promise<UploadedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    const bytes = await readBounded(request, limit);
    const cacheControl = /max-age=(\d+)/.exec(request.headers.get("cache-control") ?? "")?.[1] ?? "3600";
    return { bytes, declaredType: contentType || "application/octet-stream", cacheControl: `max-age=${cacheControl}` };
  }
  const parts = parseMultipart(await readBounded(request, limit + multipartOverheadBytes), contentType);
  const files = parts.filter((part) => part.filename !== undefined);
  if (files.length !== 1) throw invalidRequest("An upload carries exactly one file");
  const [file] = files;
  if (file.bytes.byteLength > limit) throw entityTooLarge();
  const cacheControlField = parts.find((part) => part.name === "cacheControl" && part.filename === undefined);
  const seconds = cacheControlField ? new TextDecoder().decode(cacheControlField.bytes) : "";
  return {
    bytes: file.bytes,
    declaredType: file.type || "application/octet-stream",
    cacheControl: `max-age=${/^\d{1,9}$/.test(seconds) ? seconds : "3600"}`,
  };
}
