import assert from "node:assert/strict";
import { join } from "node:path";
import { generatedPaths, projectRoot } from "../../shared/tools/build-tools.ts";
import registry from "../../shared/tools/generated/registry.json" with { type: "json" };

// The web app bundles the typed client for the browser: it must need neither Deno, nor Zod, nor any package.
Deno.test("the typed client bundles for the browser on its own, small, and works from the bundle", async () => {
  const output = join(await Deno.makeTempDir(), "tools-client.js");
  const bundle = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--platform=browser", join(projectRoot, generatedPaths.client), "-o", output],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(bundle.code, 0, new TextDecoder().decode(bundle.stderr));
  const source = await Deno.readTextFile(output);
  assert.ok(source.length < 50_000, `${source.length} bytes`);
  // esbuild heads each bundled module with a comment naming its path (relative to the working directory).
  const modules = [...source.matchAll(/^\/\/ (\S+\.[jt]s)$/gm)].map((match) => match[1].replace(/^.*shared\//, ""));
  assert.deepEqual(modules.sort(), ["client/call-tool.ts", "client/errors.ts", "client/tools-client.generated.ts"]);
  for (const forbidden of ["Deno.", "zod", "npm:", "node:"]) assert.ok(!source.includes(forbidden), forbidden);

  const client = await import(`file://${output}`);
  assert.equal(client.registryVersion, registry.version);
  const invoked: unknown[] = [];
  const host = {
    functions: {
      invoke: (name: string, options: unknown) => {
        invoked.push([name, options]);
        return Promise.resolve({ data: { ok: true, data: { households: [] } }, error: null });
      },
    },
  };
  const tools = client.createToolsClient(host, { householdId: "ignored-for-user-tools" });
  assert.deepEqual(await tools.household.get(), { households: [] });
  assert.deepEqual(invoked, [["household/get", { method: "POST", body: {}, headers: {}, signal: undefined }]]);
});
