import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { errorStatus } from "../../shared/errors.ts";
import { toolJsonSchema, toolOutputJsonSchema } from "../../shared/tools/json-schema.ts";
import { actionOf, allTools, groupOf, toolGroups } from "../../shared/tools/registry.ts";
import { compileSchema, components, document, type Json, paths, resolve, schemasIn } from "./openapi-document.ts";

const withoutDialect = ({ $schema: _dialect, ...schema }: Json) => schema;

Deno.test("the OpenAPI document validates as OpenAPI 3.1", async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  assert.deepEqual(result, { valid: true });
  assert.equal(validator.version, "3.1");
});

Deno.test("the validator would notice a broken document", async () => {
  const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, Json>> };
  delete (broken.paths["/grocery/push_ingredients"].post.responses as Json)["200"];
  (broken.paths["/grocery/push_ingredients"].post.responses as Json)["200"] = { content: {} };
  assert.equal((await new Validator().validate(broken)).valid, false);
});

Deno.test("every schema in the document compiles as strict JSON Schema 2020-12", () => {
  let count = 0;
  for (const [where, schema] of schemasIn(document)) {
    assert.doesNotThrow(() => compileSchema(schema), where);
    count++;
  }
  for (const name of Object.keys(components.schemas)) compileSchema({ $ref: `#/components/schemas/${name}` });
  assert.ok(count > 100, `${count} schemas`);
});

Deno.test("every tool route is there with its input, its output in the envelope, its errors and headers", () => {
  for (const tool of allTools) {
    const path = `/${groupOf(tool.name)}/${actionOf(tool.name)}`;
    const operation = paths[path]?.post;
    assert.ok(operation, `POST ${path}`);
    assert.equal(operation.operationId, tool.name);
    assert.deepEqual(operation.security, [{ bearerAuth: [] }]);

    const body = resolve(
      (operation.requestBody as { content: Record<string, { schema: Json }> }).content[
        "application/json"
      ].schema,
    );
    const { household_id: householdField, ...properties } = body.properties as Record<string, Json>;
    assert.deepEqual({ ...body, properties }, withoutDialect(toolJsonSchema(tool)), tool.name);
    assert.equal(householdField !== undefined, tool.scope === "household", `${tool.name} household_id`);

    const ok = (operation.responses as Record<string, Json>)["200"];
    const envelope = (ok.content as Record<string, { schema: Json }>)["application/json"].schema;
    assert.deepEqual(envelope.required, ["ok", "data"]);
    const data = resolve((envelope.properties as Record<string, Json>).data);
    assert.deepEqual(data, withoutDialect(toolOutputJsonSchema(tool)), tool.name);

    const statuses = Object.keys(operation.responses as Json).sort();
    const expected = ["200", "400", "401", "403", "404", "409", "413", "415", "429", "500", "503"];
    if (tool.effect === "write") expected.push("422");
    assert.deepEqual(statuses, expected.sort(), tool.name);
    for (const status of statuses.filter((status) => status !== "200")) {
      const response = resolve((operation.responses as Record<string, Json>)[status]);
      const schema = (response.content as Record<string, { schema: Json }>)["application/json"].schema;
      const type = ((schema.properties as Json).error as { properties: { type: { const: string } } }).properties.type
        .const;
      assert.equal(String(errorStatus[type as keyof typeof errorStatus]), status, `${tool.name} ${status}`);
    }

    const headers = ((operation.parameters ?? []) as Json[]).map((parameter) => resolve(parameter).name);
    const expectedHeaders = [
      ...(tool.effect === "write" ? ["Idempotency-Key"] : []),
      ...(tool.scope === "household" ? ["X-Household-Id"] : []),
    ];
    assert.deepEqual(headers, expectedHeaders, tool.name);
    assert.ok(paths[path].get, `GET ${path} (the doc)`);
  }
  for (const group of toolGroups) assert.ok(paths[`/${group}`]?.get, `GET /${group}`);
  assert.deepEqual(Object.keys(components.securitySchemes), ["bearerAuth"]);
  assert.equal(components.securitySchemes.bearerAuth.scheme, "bearer");
});

Deno.test("the error envelope schemas accept the envelope and refuse a mismatched type", () => {
  const envelope = compileSchema(
    (components.responses.NOT_FOUND.content as Record<string, { schema: Json }>)["application/json"].schema,
  );
  assert.equal(envelope({ ok: false, error: { type: "NOT_FOUND", message: "No such list.", retryable: false } }), true);
  assert.equal(envelope({ ok: false, error: { type: "CONFLICT", message: "Taken.", retryable: true } }), false);
  assert.equal(envelope({ ok: false, error: { type: "NOT_FOUND", message: "x", retryable: false, extra: 1 } }), false);
});
