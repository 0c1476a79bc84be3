import { type CommandResult, runCommand } from "../stack/command.ts";
import { projectRoot } from "../stack/stack-config.ts";

/**
 * The Deno that Supabase's Edge Runtime embeds, so the one our functions really run on (not our 2.9).
 * Found in supabase/edge-runtime at v1.74.0, its newest release (commit b1edf453b6ab), in deno/Cargo.toml
 * line 3: `version = "2.1.4"` (the Deno it vendors; the workspace's Cargo.toml pins `deno_core = "0.324.0"`,
 * the deno_core of Deno 2.1.4), and again in .env line 2: `DENO_VERSION=2.1.4`. On npm as deno@2.1.4.
 * When the runtime moves to a newer Deno, change this one line.
 */
export const edgeRuntimeDenoVersion = "2.1.4";

/**
 * How the runtime loads a function: with the import map config.toml names for it and none of our deno.json
 * (so no compilerOptions of ours, and no lockfile: ours is 2.9's format, and a deploy resolves afresh).
 */
export const runtimeLoadFlags = ["--no-config", "--no-lock", "--import-map", "import_map.json"];

/** Runs `deno <args>` with the Edge Runtime's Deno (from npm, through npx) in the project's folder. */
export function runEdgeRuntimeDeno(args: string[]): Promise<CommandResult> {
  return runCommand("npx", ["--yes", `deno@${edgeRuntimeDenoVersion}`, ...args], {
    cwd: projectRoot,
    env: {
      // Deno 2.1 trusts only its bundled roots unless told otherwise; a proxy's CA is in the system's store.
      DENO_TLS_CA_STORE: Deno.env.get("DENO_TLS_CA_STORE") ?? "mozilla,system",
      NO_COLOR: "1",
      RUST_BACKTRACE: "0",
    },
  });
}
