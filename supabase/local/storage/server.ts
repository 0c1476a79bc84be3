import { join } from "node:path";
import postgres from "postgres";
import { createAccessTokenVerifier } from "../../../shared/auth/access-token.ts";
import { jwks, type SigningKey } from "../stack/signing-key.ts";
import { callerOf } from "./caller.ts";
import { objectName, type StorageContext } from "./context.ts";
import { ObjectFiles } from "./object-files.ts";
import { listObjects, removeObjects } from "./object-listing.ts";
import { downloadObject, downloadSigned, signObject, signObjects } from "./object-reads.ts";
import { SignedUrls } from "./signed-urls.ts";
import { failureResponse, json, preflight, StorageFailure } from "./storage-error.ts";
import { uploadObject } from "./upload.ts";

/** Where supabase-js's storage client calls: `${SUPABASE_URL}/storage/v1`. */
export const storagePrefix = "/storage/v1/";

/** Hosted Storage's default global upload limit is 50 MB; locally 10 MB is plenty and bounds what one request holds. */
export const defaultMaxUploadBytes = 10 * 1024 * 1024;

export interface StorageServer {
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

const bucketPattern = "([A-Za-z0-9._-]{1,100})";
const routes: [string, RegExp, string][] = [
  ["OPTIONS", /^.*$/, "preflight"],
  ["GET", new RegExp(`^object/sign/${bucketPattern}/(.+)$`), "downloadSigned"],
  ["POST", new RegExp(`^object/sign/${bucketPattern}/(.+)$`), "sign"],
  ["POST", new RegExp(`^object/sign/${bucketPattern}$`), "signMany"],
  ["POST", new RegExp(`^object/list/${bucketPattern}$`), "list"],
  ["GET", new RegExp(`^object/authenticated/${bucketPattern}/(.+)$`), "download"],
  ["GET", new RegExp(`^object/${bucketPattern}/(.+)$`), "download"],
  ["POST", new RegExp(`^object/${bucketPattern}/(.+)$`), "upload"],
  ["PUT", new RegExp(`^object/${bucketPattern}/(.+)$`), "update"],
  ["DELETE", new RegExp(`^object/${bucketPattern}$`), "remove"],
];

async function route(context: StorageContext, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(storagePrefix.length);
  const found = routes.find(([method, pattern]) => method === request.method && pattern.test(path));
  if (!found) {
    return json(
      { statusCode: "404", error: "Not Found", message: `Route ${request.method}:${url.pathname} not found` },
      404,
    );
  }
  const [, pattern, action] = found;
  if (action === "preflight") return preflight();
  const [, bucket, encodedName] = pattern.exec(path)!;
  const name = encodedName === undefined ? "" : objectName(encodedName);
  if (action === "downloadSigned") return await downloadSigned(context, url, bucket, name);
  const caller = await callerOf(request, context.verify);
  switch (action) {
    case "sign":
      return await signObject(context, request, caller, bucket, name);
    case "signMany":
      return await signObjects(context, request, caller, bucket);
    case "list":
      return await listObjects(context, request, caller, bucket);
    case "download":
      return await downloadObject(context, caller, bucket, name);
    case "upload":
      return await uploadObject(context, request, caller, bucket, name, request.headers.get("x-upsert") === "true");
    case "update":
      return await uploadObject(context, request, caller, bucket, name, true);
    default:
      return await removeObjects(context, request, caller, bucket);
  }
}

/**
 * The local stand-in for Supabase Storage on the API port under /storage/v1: the object routes that storage-js
 * (supabase.storage) calls to upload, download, sign, list and remove, each decided by the policies on
 * storage.objects, run as the caller whose token it verified. Files are kept under `directory`.
 */
export function startStorageServer(options: {
  databaseUrl: string;
  signingKey: SigningKey;
  /** The issuers of the tokens it accepts: Auth's for users, the API keys'. */
  issuers: string[];
  directory: string;
  maxUploadBytes?: number;
}): StorageServer {
  const sql = postgres(options.databaseUrl, {
    max: 4,
    onnotice: () => {},
    connection: { application_name: "storage-stand-in" },
  });
  const keySet = jwks(options.signingKey);
  const context: StorageContext = {
    sql,
    files: new ObjectFiles(join(options.directory, "objects")),
    signedUrls: new SignedUrls(options.signingKey, keySet),
    verify: createAccessTokenVerifier({ jwks: keySet, issuer: options.issuers, cache: false }),
    maxUploadBytes: options.maxUploadBytes ?? defaultMaxUploadBytes,
  };
  return {
    handle: async (request) => {
      try {
        return await route(context, request);
      } catch (error) {
        if (error instanceof StorageFailure) return failureResponse(error);
        console.error("storage stand-in:", error);
        return failureResponse(new StorageFailure(500, "InternalError", "internal", "Internal Server Error"));
      }
    },
    close: () => sql.end(),
  };
}
