import type { AccessTokenVerifier } from "../../shared/auth/access-token.ts";
import { env, EnvironmentError } from "../../shared/config/env.ts";
import { databaseClient, type Sql } from "../../shared/db/client.ts";
import { databaseErrorToAppError } from "../../shared/db/sql-errors.ts";
import { okResponse } from "../../shared/http/envelope.ts";
import { createRouter, type RequestHandler } from "../../shared/http/router.ts";
import { photosPerSweep, sweepPhotoBatch, type SweepStorage } from "../../shared/storage/photo-sweep.ts";
import { requireServiceRole, serviceRoleVerifierFromEnv } from "./service-role.ts";

export interface PhotoSweepSettings {
  verify: () => AccessTokenVerifier;
  /** The service role key this function was given, to recognise the caller's (see requireServiceRole). */
  ownServiceRoleKey: () => string | undefined;
  /** Where Storage is, and the key it removes the photos with. */
  storage: () => SweepStorage;
  database: () => Sql;
}

const ownServiceRoleKey = () => env().supabaseServiceRoleKey;

function storageFromEnv(): SweepStorage {
  const apiUrl = env().supabaseUrl;
  const serviceRoleKey = ownServiceRoleKey();
  const missing = [
    ...(apiUrl ? [] : ["set SUPABASE_URL to the project's URL"]),
    ...(serviceRoleKey ? [] : ["set SUPABASE_SERVICE_ROLE_KEY to the project's service role key"]),
  ];
  if (missing.length > 0) throw new EnvironmentError(missing);
  return { apiUrl: apiUrl!, serviceRoleKey: serviceRoleKey! };
}

let verifier: AccessTokenVerifier | undefined;
const fromEnv: PhotoSweepSettings = {
  verify: () => verifier ??= serviceRoleVerifierFromEnv(),
  ownServiceRoleKey,
  storage: storageFromEnv,
  database: databaseClient,
};

/**
 * POST /photo-sweep, with the service role key: one sweep of the recipe photos nothing shows any more (see
 * shared/storage/photo-sweep.ts), what a schedule calls on hosted (pg_cron and pg_net, docs/hosted.md). Answers
 * `{ removed, more, limit }`: `more` is true when a full batch of `limit` was listed, so the caller may call again.
 */
export function createPhotoSweepHandler(settings: PhotoSweepSettings): RequestHandler {
  return createRouter([
    {
      method: "POST",
      path: "/photo-sweep",
      handle: async ({ request }) => {
        await requireServiceRole(request, settings.verify(), settings.ownServiceRoleKey());
        const storage = settings.storage();
        try {
          const sweep = await sweepPhotoBatch(settings.database(), storage);
          return okResponse({ ...sweep, limit: photosPerSweep });
        } catch (error) {
          throw databaseErrorToAppError(error);
        }
      },
    },
  ], "Routes: POST /photo-sweep (with the service role key).");
}

export default createPhotoSweepHandler(fromEnv);
