// Every text slot and every number slot of every tool, filled with what Postgres refuses or JSON allows at
// its edges: a NUL byte, lone surrogate halves, subnormal and huge numbers, more decimals than a quantity
// keeps. Each is refused with a 400 naming the slot (or, for numbers the tool takes, answered below 500),
// never a 5xx. Inputs are built from each tool's own JSON Schema, so a new tool is covered as it lands.
import assert from "node:assert/strict";
import { allTools } from "../../shared/tools/registry.ts";
import { toolListing } from "../../shared/tools/tool-metadata.ts";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callTool } from "../support/tools-client.ts";

const sql = adminSql();
const user = await createTestUser(sql, "hostile");
await sql.end();

interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
}
type Path = (string | number)[];
interface Slot {
  path: Path;
  kind: "text" | "number";
}

// A minimal valid-looking value: required keys only, one item per array, the first enum value.
function sample(schema: Schema, key: string): unknown {
  if (schema.anyOf) return sample(schema.anyOf[0], key);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sample(schema.properties![name], name)]),
      );
    case "array":
      return schema.minItems ? [sample(schema.items!, key)] : [];
    case "string":
      if (schema.format === "uuid") return crypto.randomUUID();
      if (key.includes("date")) return "2027-03-01";
      if (schema.pattern) return "ABCDEFGH12";
      return "salt";
    case "integer":
      return schema.minimum ?? 1;
    case "number":
      return 1;
    default:
      return null;
  }
}

// Every free-text and number slot, optional ones included (array items at index 0).
function slotsOf(schema: Schema, path: Path = []): Slot[] {
  if (schema.anyOf) return slotsOf(schema.anyOf[0], path);
  if (schema.type === "object") {
    return Object.entries(schema.properties ?? {}).flatMap(([name, child]) => slotsOf(child, [...path, name]));
  }
  if (schema.type === "array" && schema.items) return slotsOf(schema.items, [...path, 0]);
  if (schema.type === "string" && !schema.enum && !schema.format && !schema.pattern && !path.join().includes("date")) {
    return [{ path, kind: "text" }];
  }
  if (schema.type === "number" || schema.type === "integer") return [{ path, kind: "number" }];
  return [];
}

function withValue(input: unknown, schema: Schema, path: Path, value: unknown): unknown {
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let node = copy;
  let nodeSchema = schema;
  for (const [index, key] of path.slice(0, -1).entries()) {
    nodeSchema = nodeSchema.anyOf?.[0] ?? nodeSchema;
    const listed = typeof key === "number" ? nodeSchema.items! : nodeSchema.properties![key];
    const childSchema = listed.anyOf?.[0] ?? listed;
    if (node[key] === undefined) {
      node[key] = typeof path[index + 1] === "number" ? [sample(childSchema.items!, String(key))] : {};
    }
    node = node[key] as Record<string | number, unknown>;
    nodeSchema = childSchema;
  }
  node[path.at(-1)!] = value;
  return copy;
}

function fieldOf(path: Path): string {
  return path.map((key, index) => typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`).join("");
}

const hostileTexts = ["a\u0000b", "\u0000", "x\ud800", "\udfff y", "\ud83d"];
// Numbers JSON can carry that no quantity, servings or rating should be: subnormal, huge, too precise. Every
// one of them is outside a quantity's bounds (> 0, ≤ 1,000,000, ≤ 3 decimals), so a quantity slot must name it.
const hostileNumbers = [1e-320, 5e-324, 1e308, 1_000_000.0005, 2 ** 53 + 2, 0.0001, -1e-7];

for (const tool of allTools) {
  const schema = toolListing(tool).input_schema as Schema;
  const slots = slotsOf(schema);
  if (slots.length === 0) continue;
  Deno.test(`${tool.name}: NUL, lone surrogates and numeric edges are 400s naming the field, never 5xx`, async () => {
    const base = sample(schema, "");
    for (const slot of slots) {
      const field = fieldOf(slot.path);
      const values = slot.kind === "text" ? hostileTexts : hostileNumbers;
      for (const value of values) {
        const input = withValue(base, schema, slot.path, value);
        const response = await callTool(user, tool.name, input);
        const described = `${tool.name} ${field}=${JSON.stringify(value)} → ${response.status} ${
          JSON.stringify(response.body)
        }`;
        assert.ok(response.status < 500, described);
        if (slot.kind === "text" || slot.path.at(-1) === "quantity") {
          assert.equal(response.status, 400, described);
          // The slot is the error's field, or one of the issues its message lists (the sample input may have
          // another problem, such as a recipe line naming neither ingredient_id nor name).
          const error = response.body.error;
          assert.ok(error?.field === field || error?.message.includes(`${field}: must`), described);
        }
      }
    }
  });
}
