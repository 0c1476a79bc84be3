import assert from "node:assert/strict";
import { join, relative, resolve } from "node:path";
import { parse } from "smol-toml";
import { edgeRuntimeDenoVersion, runEdgeRuntimeDeno, runtimeLoadFlags } from "./edge-runtime-deno.ts";
import { type LoadResult, resultPrefix } from "./edge-runtime-load.ts";
import { projectRoot } from "../stack/stack-config.ts";

// The code Supabase runs is the code we test: each function as config.toml declares it, on the Deno that
// Supabase's Edge Runtime embeds (edge-runtime-deno.ts says which and where that is pinned), with the import
// map and without our deno.json, as the runtime loads it.

interface FunctionConfig {
  enabled?: boolean;
  entrypoint?: string;
  import_map?: string;
}
const config = parse(await Deno.readTextFile(join(projectRoot, "supabase/config.toml"))) as {
  edge_runtime?: { deno_version?: number };
  functions?: Record<string, FunctionConfig>;
};
const supabaseFolder = join(projectRoot, "supabase");
/** "functions/grocery/index.ts", … : every enabled function's entry point, from the project's folder. */
const entryPoints = Object.entries(config.functions ?? {})
  .filter(([, settings]) => settings.enabled !== false)
  .map(([name, settings]) => {
    assert.ok(settings.entrypoint, `config.toml: [functions.${name}] has no entrypoint`);
    return relative(projectRoot, resolve(supabaseFolder, settings.entrypoint));
  })
  .sort();

/** What Deno printed, without its progress lines. */
function diagnostics(output: string): string {
  return output.split("\n").filter((line) => !/^(Download|Check|Initialize) /.test(line)).join("\n").trim();
}

Deno.test("edge runtime: the pinned Deno is what npx runs, of the major config.toml names", async () => {
  assert.match(edgeRuntimeDenoVersion, /^\d+\.\d+\.\d+$/);
  assert.equal(String(config.edge_runtime?.deno_version), edgeRuntimeDenoVersion.split(".")[0]);
  const { code, stdout, stderr } = await runEdgeRuntimeDeno(["--version"]);
  assert.equal(code, 0, stderr);
  assert.match(stdout, new RegExp(`^deno ${edgeRuntimeDenoVersion.replaceAll(".", "\\.")} `));
});

Deno.test("edge runtime: every function loads with import_map.json, the map the check and the load use", () => {
  assert.ok(entryPoints.length > 0, "config.toml declares no functions");
  for (const [name, settings] of Object.entries(config.functions ?? {})) {
    if (settings.enabled === false) continue;
    assert.equal(
      settings.import_map && relative(projectRoot, resolve(supabaseFolder, settings.import_map)),
      "import_map.json",
      `config.toml: [functions.${name}] import_map`,
    );
  }
});

Deno.test("edge runtime: every function entry point type-checks on the runtime's Deno", async () => {
  const all = await runEdgeRuntimeDeno(["check", ...runtimeLoadFlags, ...entryPoints]);
  if (all.code === 0) return;
  // One program failed: check each entry point alone to say which fail, and with what.
  const failures: string[] = [];
  for (const entryPoint of entryPoints) {
    const one = await runEdgeRuntimeDeno(["check", ...runtimeLoadFlags, entryPoint]);
    if (one.code !== 0) failures.push(`${entryPoint}:\n${diagnostics(one.stderr + one.stdout).slice(0, 4000)}`);
  }
  assert.fail(
    `deno ${edgeRuntimeDenoVersion} check ${runtimeLoadFlags.join(" ")} fails on ` +
      (failures.length > 0
        ? `${failures.length} of ${entryPoints.length} entry points:\n\n${failures.join("\n\n")}`
        : `all ${entryPoints.length} entry points together (each passes alone):\n${diagnostics(all.stderr)}`),
  );
});

Deno.test("edge runtime: every function entry point loads and answers a request on the runtime's Deno", async () => {
  const { code, stdout, stderr } = await runEdgeRuntimeDeno([
    "run",
    ...runtimeLoadFlags,
    "--allow-all",
    "supabase/local/test-passes/edge-runtime-load.ts",
    ...entryPoints,
  ]);
  const results = stdout.split("\n").filter((line) => line.startsWith(resultPrefix))
    .map((line) => JSON.parse(line.slice(resultPrefix.length)) as LoadResult);
  assert.equal(code, 0, `the load harness failed:\n${diagnostics(stderr)}`);
  assert.equal(results.length, entryPoints.length, `the load harness answered for ${results.length}:\n${stdout}`);
  // Each answers the probe (a path no route has, no token) with its router's own 404 envelope.
  const failures = results
    .filter((result) => result.status !== 404 || result.type !== "NOT_FOUND")
    .map((result) =>
      `${result.name}: ${result.error ?? `answered ${result.status} ${result.type ?? "(not our envelope)"}`}`
    );
  assert.deepEqual(failures, [], `on deno ${edgeRuntimeDenoVersion}:\n${failures.join("\n")}`);
});
