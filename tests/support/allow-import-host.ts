import { env } from "../../shared/config/env.ts";

/**
 * Lets this test process's own recipe function read a local page (RECIPE_IMPORT_ALLOW_HOSTS). `deno test --parallel`
 * runs test files side by side in one process, whose environment they share, and each file's functions parse it once
 * (env()): the host is added to what other files allowed rather than replacing it, and the environment is parsed at
 * once, before another file can change it.
 */
export function allowImportHost(host: string): void {
  const allowed = Deno.env.get("RECIPE_IMPORT_ALLOW_HOSTS");
  Deno.env.set("RECIPE_IMPORT_ALLOW_HOSTS", allowed ? `${allowed},${host}` : host);
  if (!env().recipeImportAllowedHosts.includes(host)) {
    throw new Error(`${host} was parsed from the environment too early to be allowed: set it before env() is read`);
  }
}
