import { createPhotoSweepHandler } from "../../functions/photo-sweep/handler.ts";
import { serviceRoleVerifierFromEnv } from "../../functions/photo-sweep/service-role.ts";
import type { Sql } from "../../shared/db/client.ts";
import type { SweepStorage } from "../../shared/storage/photo-sweep.ts";
import { functionsUrl } from "../support/stack.ts";

/** POST (or another method) /functions/v1/photo-sweep with the token given, as pg_net would send it; the body read. */
export async function callPhotoSweep(token: string | undefined, method = "POST") {
  const response = await fetch(functionsUrl("photo-sweep"), {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === "POST" ? { body: "{}" } : {}),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * The function's handler in-process, with the project's verifier (from the stack's env, as deployed) and the database
 * given, but Storage at `storage` and, as on hosted, its own service role key `ownServiceRoleKey`.
 */
export function sweepHandlerWith(sql: Sql, storage: SweepStorage, ownServiceRoleKey = storage.serviceRoleKey) {
  return createPhotoSweepHandler({
    verify: serviceRoleVerifierFromEnv,
    ownServiceRoleKey: () => ownServiceRoleKey,
    storage: () => storage,
    database: () => sql,
  });
}
