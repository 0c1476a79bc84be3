import { asCaller, type Caller } from "./caller.ts";
import type { StorageContext } from "./context.ts";
import { readJsonObject } from "./request-body.ts";
import { maxExpiresInSeconds } from "./signed-urls.ts";
import { invalidRequest, json, noSuchKey, withCors } from "./storage-error.ts";

interface StoredObject {
  version: string | null;
  metadata: Record<string, unknown> | null;
}

/** At most this many paths in one request, as Storage's MAX_OBJECTS_PER_REQUEST. */
export const maxPathsPerRequest = 1000;

async function findAsCaller(context: StorageContext, caller: Caller, bucket: string, name: string) {
  const [object] = await asCaller(context.sql, caller, (transaction) =>
    transaction<StoredObject[]>`
      select version, metadata from storage.objects where bucket_id = ${bucket} and name = ${name}`);
  if (!object) throw noSuchKey();
  return object;
}

async function serve(context: StorageContext, object: StoredObject): Promise<Response> {
  const file = object.version ? await context.files.open(object.version) : undefined;
  if (!file) throw noSuchKey();
  const metadata = object.metadata ?? {};
  const headers = new Headers({ "content-length": String((await file.stat()).size) });
  const header = (name: string, value: unknown) => typeof value === "string" && headers.set(name, value);
  header("content-type", metadata.mimetype);
  header("cache-control", metadata.cacheControl);
  header("etag", metadata.eTag);
  if (typeof metadata.lastModified === "string") {
    headers.set("last-modified", new Date(metadata.lastModified).toUTCString());
  }
  return withCors(new Response(file.readable, { status: 200, headers }));
}

/** GET /object/<bucket>/<name> and /object/authenticated/<bucket>/<name>: the bytes, if the caller may read the row. */
export async function downloadObject(context: StorageContext, caller: Caller, bucket: string, name: string) {
  return await serve(context, await findAsCaller(context, caller, bucket, name));
}

/** GET /object/sign/<bucket>/<name>?token=…: the bytes for whoever holds a valid, unexpired signed URL. */
export async function downloadSigned(context: StorageContext, url: URL, bucket: string, name: string) {
  const token = url.searchParams.get("token");
  if (!token) throw invalidRequest("querystring must have required property 'token'");
  await context.signedUrls.verify(token, bucket, name);
  // As Storage: the signature is the permission; the row is read as the server.
  const [object] = await context.sql<StoredObject[]>`
    select version, metadata from storage.objects where bucket_id = ${bucket} and name = ${name}`;
  if (!object) throw noSuchKey();
  return await serve(context, object);
}

function expiresIn(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw invalidRequest("body/expiresIn must be an integer >= 1");
  }
  if (value > maxExpiresInSeconds) throw invalidRequest(`body/expiresIn must be <= ${maxExpiresInSeconds}`);
  return value;
}

/** POST /object/sign/<bucket>/<name> `{ expiresIn }`: `{ signedURL }`, if the caller may read the object. */
export async function signObject(
  context: StorageContext,
  request: Request,
  caller: Caller,
  bucket: string,
  name: string,
) {
  const seconds = expiresIn(await readJsonObject(request));
  await findAsCaller(context, caller, bucket, name);
  return json({ signedURL: await context.signedUrls.sign(bucket, name, seconds) });
}

export function pathList(body: Record<string, unknown>, key: string): string[] {
  const value = body[key];
  if (!Array.isArray(value) || value.length < 1 || value.some((path) => typeof path !== "string")) {
    throw invalidRequest(`body/${key} must be a non-empty array of strings`);
  }
  if (value.length > maxPathsPerRequest) {
    throw invalidRequest(`body/${key} must have at most ${maxPathsPerRequest} items`);
  }
  return value as string[];
}

/**
 * POST /object/sign/<bucket> `{ expiresIn, paths }`: one entry per path, in order, with a signed URL where the caller
 * may read the object and Storage's error otherwise (a missing object and a forbidden one read the same).
 */
export async function signObjects(context: StorageContext, request: Request, caller: Caller, bucket: string) {
  const body = await readJsonObject(request);
  const seconds = expiresIn(body);
  const paths = pathList(body, "paths");
  const visible = await asCaller(context.sql, caller, (transaction) =>
    transaction<{ name: string }[]>`
      select name from storage.objects where bucket_id = ${bucket} and name = any(${paths}::text[])`);
  const names = new Set(visible.map((row) => row.name));
  return json(
    await Promise.all(
      paths.map(async (path) =>
        names.has(path)
          ? { error: null, path, signedURL: await context.signedUrls.sign(bucket, path, seconds) }
          : { error: "Either the object does not exist or you do not have access to it", path, signedURL: null }
      ),
    ),
  );
}
