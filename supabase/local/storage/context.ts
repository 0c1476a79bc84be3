import type { AccessTokenVerifier } from "../../../shared/auth/access-token.ts";
import type { Sql } from "./caller.ts";
import type { ObjectFiles } from "./object-files.ts";
import type { SignedUrls } from "./signed-urls.ts";
import { invalidKey } from "./storage-error.ts";

/** What every route of the stand-in works with. */
export interface StorageContext {
  sql: Sql;
  files: ObjectFiles;
  signedUrls: SignedUrls;
  verify: AccessTokenVerifier;
  /** The server's own bound on an upload (hosted's global file size limit); a bucket's limit may be lower. */
  maxUploadBytes: number;
}

/** The columns of an object row that Storage's answers carry. */
export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
}

// A name with a control character (a newline in a key, say) is refused.
// deno-lint-ignore no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/;

/**
 * An object's name from the URL's remaining path, decoded: at most 1,024 characters, no control characters, and no
 * empty, `.` or `..` segment (Storage refuses keys outside its safe set with InvalidKey).
 */
export function objectName(encoded: string): string {
  let name: string;
  try {
    name = decodeURIComponent(encoded);
  } catch {
    throw invalidKey(encoded);
  }
  const segments = name.split("/");
  if (
    name.length === 0 || name.length > 1024 || controlCharacter.test(name) ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..")
  ) {
    throw invalidKey(name);
  }
  return name;
}
