import assert from "node:assert/strict";
import type { JsonSchema } from "./json-schema.ts";
import {
  allowsOpenAiStrict,
  type GeminiSchema,
  toGeminiFunctionDeclarations,
  toGeminiSchema,
  toOpenAiTools,
} from "./provider-exports.ts";
import { allTools } from "./registry.ts";
import { fromProviderName } from "./tool-names.ts";

// The fields of Gemini's Schema (a select subset of OpenAPI 3.0's Schema Object).
const geminiFields = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);
const geminiTypes = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"]);

function geminiProblems(schema: GeminiSchema, path: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(schema)) if (!geminiFields.has(key)) problems.push(`${path}: field ${key}`);
  if (!geminiTypes.has(schema.type)) problems.push(`${path}: type ${schema.type}`);
  if (schema.format !== undefined && !(schema.type === "STRING" && ["enum", "date-time"].includes(schema.format))) {
    problems.push(`${path}: format ${schema.format} on ${schema.type}`);
  }
  if (schema.enum !== undefined && schema.type !== "STRING") problems.push(`${path}: enum on ${schema.type}`);
  if (schema.type === "OBJECT") {
    const keys = Object.keys(schema.properties ?? {});
    if (keys.length === 0) problems.push(`${path}: OBJECT without properties`);
    for (const key of schema.required ?? []) if (!keys.includes(key)) problems.push(`${path}: required ${key}?`);
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    problems.push(...geminiProblems(property, `${path}.${key}`));
  }
  if (schema.items) problems.push(...geminiProblems(schema.items, `${path}[]`));
  return problems;
}

Deno.test("Gemini declarations stay within the subset Gemini accepts, one per tool", () => {
  const declarations = toGeminiFunctionDeclarations(allTools);
  assert.equal(declarations.length, allTools.length);
  for (const declaration of declarations) {
    assert.ok(fromProviderName(declaration.name), declaration.name);
    assert.deepEqual(Object.keys(declaration).filter((key) => key !== "parameters"), ["name", "description"]);
    if (declaration.parameters) {
      assert.equal(declaration.parameters.type, "OBJECT");
      for (const problem of geminiProblems(declaration.parameters, declaration.name)) assert.fail(problem);
    }
  }
  const withoutInput = declarations.filter((declaration) => !declaration.parameters).map(({ name }) => name);
  assert.deepEqual(withoutInput, [
    "household__get",
    "household__list",
    "household__set_default",
    "household__leave",
    "household__list_on_hand",
  ]);
});

Deno.test("Gemini: null variants become nullable, exclusive bounds inclusive, ids keep their pattern", () => {
  const push = toGeminiFunctionDeclarations(allTools).find((tool) => tool.name === "grocery__push_ingredients")!;
  const line = push.parameters!.properties!.ingredients.items!;
  assert.deepEqual(line.properties!.prep_state, {
    type: "STRING",
    description: 'How the ingredient is prepared ("chopped", "diced"); null or absent for none.',
    minLength: 1,
    maxLength: 50,
    nullable: true,
  });
  assert.equal(line.properties!.quantity.minimum, 0);
  assert.equal(line.properties!.unit.format, "enum");
  assert.ok(line.properties!.unit.enum!.includes("fl oz"));
  const listId = push.parameters!.properties!.grocery_list_id;
  assert.equal(listId.format, undefined);
  assert.match("0b9c2a5e-8a7f-4f64-9e7c-1f1a2b3c4d5e", new RegExp(listId.pattern!));
  assert.deepEqual(line.required, ["ingredient_id", "quantity", "unit"]);
});

Deno.test("Gemini: a type list with null is nullable; a keyword without a translation fails the export", () => {
  assert.deepEqual(toGeminiSchema({ type: ["string", "null"], format: "date-time" }), {
    type: "STRING",
    nullable: true,
    format: "date-time",
  });
  assert.throws(() => toGeminiSchema({ type: "string", oneOf: [] }), /keyword "oneOf"/);
  assert.throws(() => toGeminiSchema({ anyOf: [{ type: "string" }, { type: "integer" }] }), /anyOf/);
  assert.throws(() => toGeminiSchema({ type: "integer", enum: [1, 2] }), /enum only on strings/);
});

Deno.test("OpenAI strict is on exactly where every object is closed and every property required", () => {
  const strict = toOpenAiTools(allTools).filter((tool) => tool.function.strict).map((tool) => tool.function.name);
  assert.ok(strict.includes("grocery__create_list"));
  assert.ok(strict.includes("household__get"));
  assert.ok(strict.includes("recipe__get"));
  // Optional fields (limit, a line's prep_state) would have to be required nullable ones in strict mode.
  for (const loose of ["recipe__list", "grocery__push_ingredients", "planner__add_meal", "ingredient__search"]) {
    assert.ok(!strict.includes(loose), loose);
  }
  for (const tool of toOpenAiTools(allTools)) {
    assert.equal(tool.function.strict, allowsOpenAiStrict(tool.function.parameters), tool.function.name);
  }
});

Deno.test("allowsOpenAiStrict looks into nested objects, arrays and variants", () => {
  const closed = (properties: Record<string, JsonSchema>): JsonSchema => ({
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  });
  assert.equal(allowsOpenAiStrict(closed({ a: { type: "string" } })), true);
  assert.equal(allowsOpenAiStrict({ ...closed({ a: { type: "string" } }), required: [] }), false);
  assert.equal(allowsOpenAiStrict({ ...closed({}), additionalProperties: undefined }), false);
  const openInside = { type: "object", properties: { b: { type: "string" } } };
  assert.equal(allowsOpenAiStrict(closed({ a: { type: "array", items: openInside } })), false);
  assert.equal(allowsOpenAiStrict(closed({ a: { anyOf: [openInside, { type: "null" }] } })), false);
  assert.equal(allowsOpenAiStrict(closed({ a: { type: "integer", default: 3 } })), false);
});
