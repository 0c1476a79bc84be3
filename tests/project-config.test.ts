import assert from "node:assert/strict";
import { join } from "node:path";
import { parse } from "smol-toml";
import { functionNames } from "../supabase/local/stack/gateway.ts";
import { projectRoot } from "../supabase/local/stack/stack-config.ts";
import { requestedMajorVersion } from "../supabase/local/stack/postgres-install.ts";

const config = parse(await Deno.readTextFile(join(projectRoot, "supabase/config.toml"))) as {
  db?: { major_version?: number };
  functions?: Record<string, { entrypoint?: string; import_map?: string; verify_jwt?: boolean }>;
};
const functions = functionNames(join(projectRoot, "functions"));

Deno.test("every function folder is declared in supabase/config.toml, pointing at its index.ts", () => {
  assert.ok(functions.includes("health"));
  assert.deepEqual(Object.keys(config.functions ?? {}).sort(), functions);
  for (const name of functions) {
    const entry = config.functions![name];
    assert.equal(entry.entrypoint, `../functions/${name}/index.ts`, name);
    assert.equal(entry.import_map, "../import_map.json", name);
    assert.ok(Deno.statSync(join(projectRoot, "functions", name, "index.ts")).isFile, name);
  }
});

// The import map's entries that are the project's own folders, not packages: the web app reads the generated client
// through its alias. Each is listed here, so a new one is a decision, never a package left unpinned.
const localAliases: Record<string, string> = {
  "@meal-planner/client/": "./shared/client/",
};

Deno.test("every third-party import is pinned to an exact version", async () => {
  const importMap = JSON.parse(await Deno.readTextFile(join(projectRoot, "import_map.json")));
  for (const [name, target] of Object.entries<string>(importMap.imports)) {
    if (name in localAliases) {
      assert.equal(target, localAliases[name], name);
      assert.ok(Deno.statSync(join(projectRoot, target)).isDirectory, `${name} → ${target}`);
      continue;
    }
    // An exact version, optionally followed by a subpath export ("npm:@supabase/supabase-js@2.119.1/cors",
    // "npm:@modelcontextprotocol/sdk@1.32.2/server/index.js").
    assert.match(target, /^npm:(@[^/]+\/)?[^@/]+@\d+\.\d+\.\d+(\/[A-Za-z0-9_-]+(\.js)?)*$/, `${name} → ${target}`);
  }
  for (const name of Object.keys(localAliases)) assert.ok(name in importMap.imports, `${name} is not in the map`);
});

Deno.test("supabase/config.toml names the PostgreSQL major the local stack runs", () => {
  // `supabase start` and `supabase db diff` start this major; the local stack and the default test pass run it too.
  assert.equal(config.db?.major_version, requestedMajorVersion({}));
});
