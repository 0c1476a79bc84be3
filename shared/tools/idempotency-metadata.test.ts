import assert from "node:assert/strict";
import { mcpTool } from "../mcp/tool-list.ts";
import { buildOpenApiDocument } from "./exports/openapi-document.ts";
import { buildRegistryArtifact } from "./exports/registry-artifact.ts";
import { allTools } from "./registry.ts";
import { idempotencySentence } from "./tool-metadata.ts";

// One truth, said the same way everywhere: a read is idempotent; a write is idempotent when sent with an
// Idempotency-Key, and MCP, whose calls carry no key, hints idempotent for reads only.
Deno.test("the registry, OpenAPI and MCP say the same about each tool's idempotency", async () => {
  const artifact = await buildRegistryArtifact();
  const document = buildOpenApiDocument(artifact) as {
    paths: Record<
      string,
      { post: { description: string; parameters: { $ref: string }[]; "x-tool": Record<string, unknown> } }
    >;
  };

  for (const tool of allTools) {
    const reads = tool.effect === "read";
    const expected = reads ? "always" : "with_idempotency_key";
    const listed = artifact.tools.find((entry) => entry.name === tool.name)!;
    assert.equal(listed.idempotent, expected, `registry: ${tool.name}`);

    const operation = document.paths[`/${listed.group}/${listed.action}`].post;
    assert.equal(operation["x-tool"].idempotent, expected, `OpenAPI x-tool: ${tool.name}`);
    assert.ok(operation.description.includes(idempotencySentence[expected]), `OpenAPI description: ${tool.name}`);
    const takesKey = operation.parameters.some((parameter) => parameter.$ref.endsWith("/IdempotencyKey"));
    assert.equal(takesKey, !reads, `OpenAPI Idempotency-Key: ${tool.name}`);

    for (const writes of ["approve", "run"] as const) {
      assert.equal(mcpTool(tool, writes).annotations?.idempotentHint, reads, `MCP (${writes}): ${tool.name}`);
    }
  }
  assert.match(idempotencySentence.with_idempotency_key, /^Idempotent when sent with an Idempotency-Key/);
});
