/// <reference lib="dom" />
// Recipe photos are private: they are shown through signed URLs (never public ones), made for an hour and kept
// here until a few minutes before they expire, so moving between the list and a recipe asks Storage once.
import type { SupabaseClient } from "@supabase/supabase-js";

export const photoBucket = "recipe-photos";
const lifetimeSeconds = 3600;
const renewBeforeMs = 5 * 60 * 1000;
const signed = new Map<string, { url: string; expiresAt: number }>();

/** A signed URL for each path that Storage lets the signed-in person read (the others are left out). */
export async function signedPhotoUrls(supabase: SupabaseClient, paths: string[]): Promise<Map<string, string>> {
  const now = Date.now();
  const wanted = [...new Set(paths)].filter((path) => (signed.get(path)?.expiresAt ?? 0) - renewBeforeMs <= now);
  if (wanted.length > 0) {
    const { data, error } = await supabase.storage.from(photoBucket).createSignedUrls(wanted, lifetimeSeconds);
    if (error) throw error;
    for (const entry of data ?? []) {
      if (entry.path && entry.signedUrl) {
        signed.set(entry.path, { url: entry.signedUrl, expiresAt: now + lifetimeSeconds * 1000 });
      }
    }
  }
  const urls = new Map<string, string>();
  for (const path of paths) {
    const entry = signed.get(path);
    if (entry) urls.set(path, entry.url);
  }
  return urls;
}

/** Forgets a path's URL (a photo that was replaced or removed). */
export function forgetPhotoUrl(path: string): void {
  signed.delete(path);
}
