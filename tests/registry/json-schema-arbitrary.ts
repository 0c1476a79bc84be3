import fc from "fast-check";

type Schema = Record<string, unknown>;

/** Any JSON value of another kind than expected: what a confused client sends. */
const wrongKind: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 3 }),
  fc.constant(""),
  fc.constant([]),
  fc.constant({}),
);

// Inner spaces, accents, an astral character, digits and punctuation; rarely a NUL or a lone surrogate half. No
// whitespace at either end: see the pinned difference in schema-agreement.test.ts.
const character = fc.oneof(
  {
    arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'\"éß"),
    weight: 60,
  },
  { arbitrary: fc.constant("\u{1F345}"), weight: 3 },
  { arbitrary: fc.constantFrom("\u0000", "\ud83c"), weight: 1 },
);

function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.array(character, { minLength, maxLength }).map((characters) => characters.join("").trim());
}

// A narrow range, so two random dates are often in order and within the planner's 92 days.
const isoDate = fc.date({ min: new Date("2026-01-01"), max: new Date("2026-04-30"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const isoDateTime = fc.tuple(
  fc.date({ min: new Date("1990-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }),
  fc.constantFrom("Z", "+02:00", "-05:30"),
).map(([date, zone]) => date.toISOString().replace("Z", zone));

const numberOr = (value: unknown, fallback: number) => typeof value === "number" ? value : fallback;

function validString(schema: Schema): fc.Arbitrary<string> {
  const min = numberOr(schema.minLength, 0);
  const max = Math.min(numberOr(schema.maxLength, 40), 60);
  if (schema.format === "uuid") return fc.oneof(fc.uuid(), fc.uuid().map((id) => id.toUpperCase()));
  if (schema.format === "date-time") return isoDateTime;
  if (schema.format === "date") return isoDate;
  if (typeof schema.pattern === "string") {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= min && value.length <= max);
  }
  // Planner dates are plain strings of at most 10 characters, checked by a refinement.
  if (max === 10) return fc.oneof(isoDate, text(min, max));
  return text(Math.max(min, 1), Math.max(max, 1));
}

function edgeString(schema: Schema): fc.Arbitrary<string> {
  const min = numberOr(schema.minLength, 0);
  const max = numberOr(schema.maxLength, 40);
  return fc.oneof(
    // Past every limit we have, whatever this schema says: a bound missing from the JSON Schema shows.
    fc.constantFrom("x".repeat(1001), "x".repeat(20_001)),
    fc.constant("x".repeat(max)),
    fc.constant("x".repeat(max + 1)),
    fc.constant("x".repeat(Math.max(0, min - 1))),
    fc.uuid().map((id) => id.slice(1)),
    fc.constantFrom("2026-02-30", "2026-13-01", "20260101", "2026-01-01T25:00:00Z"),
    text(0, 12),
  );
}

function bounds(schema: Schema) {
  const integer = schema.type === "integer";
  const exclusiveMinimum = typeof schema.exclusiveMinimum === "number";
  const low = numberOr(schema.minimum ?? schema.exclusiveMinimum, -10);
  const high = Math.min(numberOr(schema.maximum, 1000), 1_000_000);
  return { integer, exclusiveMinimum, low, high };
}

function validNumber(schema: Schema): fc.Arbitrary<number> {
  const { integer, exclusiveMinimum, low, high } = bounds(schema);
  if (integer) return fc.integer({ min: Math.max(low, -1e6) + (exclusiveMinimum ? 1 : 0), max: high });
  // At most three decimals, as quantities must be.
  const lowest = Math.max(low, -1e6) * 1000 + (exclusiveMinimum ? 1 : 0);
  return fc.integer({ min: lowest, max: high * 1000 }).map((thousandths) => thousandths / 1000);
}

function edgeNumber(schema: Schema): fc.Arbitrary<number> {
  const { low, high } = bounds(schema);
  return fc.oneof(
    fc.constantFrom(low - 1, low, high, high + 1, high + 0.001, low + 0.0001, 1.5, 0, -1, 1e7, -1e7, 2 ** 53),
    fc.integer({ min: 1, max: 99_999 }).map((value) => value / 10_000),
  );
}

function arrayOf(schema: Schema, edge: boolean): fc.Arbitrary<unknown[]> {
  const item = valueOf(schema.items as Schema);
  const minItems = numberOr(schema.minItems, 0);
  const maxItems = schema.maxItems as number | undefined;
  if (!edge) return fc.array(item, { minLength: minItems, maxLength: Math.max(minItems, Math.min(maxItems ?? 4, 4)) });
  const tooMany = maxItems === undefined
    ? fc.constant<unknown[]>([])
    : item.map((value) => Array.from({ length: maxItems + 1 }, () => structuredClone(value)));
  return fc.oneof(fc.array(item, { maxLength: Math.max(0, minItems - 1) }), tooMany);
}

function objectOf(schema: Schema, edge: boolean): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const entries = Object.entries(properties).map(([key, property]) =>
    fc.tuple(fc.boolean(), valueOf(property)).map(([include, value]) =>
      required.has(key) || include ? [key, value] as const : undefined
    )
  );
  const valid = fc.tuple(...entries).map((pairs) =>
    Object.fromEntries(pairs.filter((pair): pair is readonly [string, unknown] => pair !== undefined))
  );
  if (!edge) return valid;
  const keys = [...required];
  return fc.oneof(
    valid.map((value) => ({ ...value, unexpected: 1 })),
    ...(keys.length > 0
      ? [
        fc.tuple(valid, fc.constantFrom(...keys)).map(([value, key]) => {
          const { [key]: _dropped, ...rest } = value;
          return rest;
        }),
      ]
      : []),
  );
}

function typed(schema: Schema, edge: boolean): fc.Arbitrary<unknown> {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
  return fc.oneof(...types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case "string":
        return edge ? edgeString(schema) : validString(schema);
      case "number":
      case "integer":
        return edge ? edgeNumber(schema) : validNumber(schema);
      case "boolean":
        return edge ? wrongKind : fc.boolean();
      case "null":
        return edge ? wrongKind : fc.constant(null);
      case "array":
        return arrayOf(schema, edge);
      case "object":
        return objectOf(schema, edge);
      default:
        throw new Error(`no generator for type ${type}`);
    }
  }));
}

function shaped(schema: Schema, edge: boolean): fc.Arbitrary<unknown> {
  if ("const" in schema) return edge ? wrongKind : fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return edge ? fc.constant("none of these") : fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map(valueOf));
  // No type at all (z.unknown(): a reply's reply kept as it was): every JSON value is one it describes.
  if (!("type" in schema)) return fc.jsonValue({ maxDepth: 2 });
  return typed(schema, edge);
}

/**
 * JSON values for a schema: mostly ones it describes, and at every node now and then an edge (a bound, one past
 * it, a missing or unknown key, a wrong kind of value), so that both acceptance and refusal are common.
 */
export function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  // An edge or a wrong kind 1 time in 31 at each node (it was 1 in 16): replies nest enough nodes (grocery.push_recipe's
  // lines and skipped lines) and refinements refuse enough (a recipe line's quantity and unit, null together or
  // neither) that 1 in 16 left fewer than 10 of 300 values accepted.
  return fc.oneof(
    { arbitrary: shaped(schema, false), weight: 60 },
    { arbitrary: shaped(schema, true), weight: 1 },
    { arbitrary: wrongKind, weight: 1 },
  );
}
