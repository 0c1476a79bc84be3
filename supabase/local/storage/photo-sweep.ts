import type postgres from "postgres";

/** The most photos one sweep removes: Storage takes at most 1,000 names a request. */
export const photosPerSweep = 1000;

/**
 * Removes the recipe photos nothing shows any more (private.orphaned_recipe_photos: a household or recipe gone for
 * good, a photo replaced or never recorded, a day after its upload) through the Storage API with the service role
 * key, as a job must on hosted, where SQL may not delete Storage's objects. Returns how many were removed.
 */
export async function sweepOrphanedPhotos(
  sql: postgres.Sql,
  storage: { apiUrl: string; serviceRoleKey: string },
): Promise<number> {
  const rows = await sql<{ name: string }[]>`
    select name from private.orphaned_recipe_photos(${photosPerSweep}) as name`;
  if (rows.length === 0) return 0;
  const response = await fetch(`${storage.apiUrl}/storage/v1/object/recipe-photos`, {
    method: "DELETE",
    headers: {
      authorization: `Bearer ${storage.serviceRoleKey}`,
      apikey: storage.serviceRoleKey,
      "content-type": "application/json",
    },
    body: JSON.stringify({ prefixes: rows.map((row) => row.name) }),
  });
  if (!response.ok) throw new Error(`Storage refused the sweep: ${response.status} ${await response.text()}`);
  return ((await response.json()) as unknown[]).length;
}
