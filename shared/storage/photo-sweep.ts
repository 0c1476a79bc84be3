import type postgres from "postgres";
import { AppError } from "../errors.ts";

/** The most photos one sweep removes: Storage takes at most 1,000 names a request. */
export const photosPerSweep = 1000;

/** Where Storage is and the key that may remove any object there. */
export interface SweepStorage {
  /** The project's URL (SUPABASE_URL): Storage answers under /storage/v1. */
  apiUrl: string;
  serviceRoleKey: string;
}

/** One sweep's outcome: how many photos Storage removed, and whether the list was a full batch (call again). */
export interface PhotoSweep {
  removed: number;
  more: boolean;
}

function storageUnavailable(detail: string): AppError {
  console.error(`photo sweep: ${detail}`);
  return new AppError("UNAVAILABLE", "Storage did not remove the photos; nothing was lost, try the sweep again later.");
}

/**
 * Removes up to `photosPerSweep` of the recipe photos nothing shows any more (private.orphaned_recipe_photos: a
 * household or recipe gone for good, a photo replaced or never recorded, a day after its upload) through the Storage
 * API with the service role key, as a job must on hosted, where SQL may not delete Storage's objects. A full batch
 * listed means more may remain. Storage failing (unreachable, or refusing) is an UNAVAILABLE AppError (503,
 * retryable): the listed photos stay listed, so the next sweep takes them again.
 */
export async function sweepPhotoBatch(sql: postgres.Sql, storage: SweepStorage): Promise<PhotoSweep> {
  const rows = await sql<{ name: string }[]>`
    select name from private.orphaned_recipe_photos(${photosPerSweep}) as name`;
  if (rows.length === 0) return { removed: 0, more: false };
  let response: Response;
  try {
    response = await fetch(`${storage.apiUrl}/storage/v1/object/recipe-photos`, {
      method: "DELETE",
      headers: {
        authorization: `Bearer ${storage.serviceRoleKey}`,
        apikey: storage.serviceRoleKey,
        "content-type": "application/json",
      },
      body: JSON.stringify({ prefixes: rows.map((row) => row.name) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw storageUnavailable(`Storage could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw storageUnavailable(`Storage refused the sweep: ${response.status} ${await response.text()}`);
  const removed = await response.json().catch(() => undefined);
  if (!Array.isArray(removed)) throw storageUnavailable("Storage's answer to the sweep was not a list of objects");
  return { removed: removed.length, more: rows.length === photosPerSweep };
}

/** One sweep (see sweepPhotoBatch); resolves to how many photos were removed. */
export async function sweepOrphanedPhotos(sql: postgres.Sql, storage: SweepStorage): Promise<number> {
  return (await sweepPhotoBatch(sql, storage)).removed;
}
