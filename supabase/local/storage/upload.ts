import { createHash } from "node:crypto";
import { asCaller, type Caller } from "./caller.ts";
import type { StorageContext } from "./context.ts";
import { checkImage } from "../../../shared/images/image-type.ts";
import { typeAllowed } from "./image-types.ts";
import { readUpload } from "./request-body.ts";
import { invalidMimeType, json, noSuchBucket, StorageFailure } from "./storage-error.ts";

/** The most pixels an image may claim: a 48 MP phone photo fits; a decompression bomb's canvas does not. */
export const maxImagePixels = 50_000_000;

interface BucketLimits {
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

/**
 * POST (or PUT) /object/<bucket>/<name>: stores one file, as Storage does. The bucket's size limit bounds the body
 * while it is read; its allowed types are checked against the declared type and, since a declared type is only a
 * claim, against the type the bytes begin as. The object's row is written as the caller (an insert, or with
 * `x-upsert: true` and on PUT an insert that replaces the row of the same name), so the policies on storage.objects
 * decide; the file is written first and removed again if the row is refused. Answers `{ Id, Key }`.
 */
export async function uploadObject(
  context: StorageContext,
  request: Request,
  caller: Caller,
  bucket: string,
  name: string,
  upsert: boolean,
): Promise<Response> {
  // As Storage: the bucket's settings are read as the server itself, whoever calls.
  const [limits] = await context.sql<BucketLimits[]>`
    select file_size_limit::text, allowed_mime_types from storage.buckets where id = ${bucket}`;
  if (!limits) throw noSuchBucket();
  const bucketLimit = limits.file_size_limit === null ? Infinity : Number(limits.file_size_limit);
  const file = await readUpload(request, Math.min(context.maxUploadBytes, bucketLimit));
  const declaredType = file.declaredType.split(";")[0].trim().toLowerCase();
  if (!typeAllowed(declaredType, limits.allowed_mime_types)) throw invalidMimeType(declaredType);
  if (limits.allowed_mime_types) {
    // A bucket that names its types gets them: the bytes must be a whole image of the declared type, and one that
    // decodes to a bounded size (a small file can claim a huge canvas).
    const image = checkImage(file.bytes);
    if (!image.ok || image.type !== declaredType) {
      throw new StorageFailure(
        415,
        "InvalidMimeType",
        "invalid_mime_type",
        image.ok
          ? `The content is ${image.type}, not ${declaredType}`
          : `The content is not ${declaredType}: ${image.reason}`,
      );
    }
    if (image.width * image.height > maxImagePixels) {
      throw new StorageFailure(
        413,
        "EntityTooLarge",
        "Payload too large",
        `The image is ${image.width}×${image.height} pixels; at most ${maxImagePixels / 1_000_000} megapixels`,
      );
    }
  }

  const version = crypto.randomUUID();
  const metadata = {
    eTag: `"${createHash("md5").update(file.bytes).digest("hex")}"`,
    size: file.bytes.byteLength,
    mimetype: declaredType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  };
  const sub = typeof caller.claims.sub === "string" ? caller.claims.sub : null;
  const owner = sub && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
  await context.files.write(version, file.bytes);
  let written: { id: string; previous: string | null };
  try {
    written = await asCaller(context.sql, caller, async (transaction) => {
      const [row] = upsert
        ? await transaction<{ id: string; previous: string | null }[]>`
          with previous as (
            select version from storage.objects where bucket_id = ${bucket} and name = ${name}
          )
          insert into storage.objects as o (bucket_id, name, owner, owner_id, version, metadata)
          values (${bucket}, ${name}, ${owner}, ${sub}, ${version}, ${transaction.json(metadata)})
          on conflict (bucket_id, name) do update
            set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
                metadata = excluded.metadata, updated_at = now(), last_accessed_at = now()
          returning o.id, (select version from previous) as previous`
        : await transaction<{ id: string; previous: string | null }[]>`
          insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
          values (${bucket}, ${name}, ${owner}, ${sub}, ${version}, ${transaction.json(metadata)})
          returning id, null::text as previous`;
      return row;
    });
  } catch (error) {
    await context.files.remove(version);
    throw error;
  }
  await context.files.remove(written.previous);
  return json({ Id: written.id, Key: `${bucket}/${name}` });
}
