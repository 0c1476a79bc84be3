/// <reference lib="dom" />
/** Served next to index.html: the local stack's web server writes it, a static host writes its own. */
export interface AppConfig {
  /** The project URL: https://<ref>.supabase.co hosted, http://127.0.0.1:54321 locally. */
  apiUrl: string;
  /** The project's anon (publishable) key. */
  anonKey: string;
}

export async function loadConfig(): Promise<AppConfig> {
  const response = await fetch("config.json");
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return await response.json();
}
