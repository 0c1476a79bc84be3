import assert from "node:assert/strict";
import { join } from "node:path";
import { generatedFiles, projectRoot } from "../../shared/tools/build-tools.ts";
import { allTools } from "../../shared/tools/registry.ts";
import registry from "../../shared/tools/generated/registry.json" with { type: "json" };

const fresh = await generatedFiles();

for (const path of Object.keys(fresh)) {
  Deno.test(`${path} is what deno task build:tools writes now (run it after changing a tool)`, async () => {
    const committed = await Deno.readTextFile(join(projectRoot, path));
    assert.ok(committed === fresh[path], `${path} is stale: run deno task build:tools`);
  });
}

Deno.test("the registry artifact's version is its content's hash, and it holds every tool with every form", async () => {
  const { version, content_sha256, ...content } = registry;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(content)));
  const hash = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  assert.equal(content_sha256, hash);
  assert.equal(version, `1.0.${hash.slice(0, 12)}`);
  assert.deepEqual(registry.tools.map((tool) => tool.name), allTools.map((tool) => tool.name));
  for (const tool of registry.tools) {
    assert.equal(tool.http.path, `/functions/v1/${tool.group}/${tool.action}`);
    assert.equal(tool.providers.anthropic.name, tool.provider_name);
    assert.deepEqual(tool.providers.anthropic.input_schema, tool.providers.openai.function.parameters);
    assert.equal(tool.providers.gemini.name, tool.provider_name);
    assert.equal((tool.output_schema as { type?: string }).type, "object");
    assert.ok(tool.doc.startsWith(`# ${tool.name}\n`));
  }
});

Deno.test("a change to a tool changes the generated files and the version", async () => {
  const { buildRegistryArtifact } = await import("../../shared/tools/exports/registry-artifact.ts");
  const changed = allTools.map((tool) =>
    tool.name === "grocery.create_list" ? { ...tool, description: `${tool.description} (changed)` } : tool
  );
  const artifact = await buildRegistryArtifact(changed);
  assert.notEqual(artifact.version, registry.version);
  assert.equal((await buildRegistryArtifact(allTools)).version, registry.version);
});
