// The JSON Schemas we publish (registry, OpenAPI, providers, the typed client's types) are made from the Zod
// schemas the server validates with. Here a maintained validator (ajv, draft 2020-12, formats checked) and Zod
// judge the same generated values and must agree, but for refinements JSON Schema cannot say (a NUL, a 4th
// decimal, a real calendar date, "ingredient_id or name"), where only Zod refuses, and only with a custom issue.
import assert from "node:assert/strict";
import fc from "fast-check";
import type * as z from "zod";
import { toolJsonSchema, toolOutputJsonSchema } from "../../shared/tools/json-schema.ts";
import { allTools, findTool } from "../../shared/tools/registry.ts";
import { valueOf } from "./json-schema-arbitrary.ts";
import { strictValidator } from "./json-schema-validator.ts";

const ajv = strictValidator();
const runs = 300;
// recipe.create_many's input is recipe.create's up to 4 times over (the generator makes arrays of at most 4), so an
// edge somewhere in a value is about 4 times as likely: it gets 4 times the runs, for the same share of values of
// each kind.
const inputRuns: Record<string, number> = { "recipe.create_many": 4 * runs };

interface Tally {
  accepted: number;
  refused: number;
  refinedAway: number;
}

function judge(
  schema: Record<string, unknown>,
  zodSchema: z.ZodType,
  refinementsAllowed: boolean,
  numRuns = runs,
): Tally {
  const validate = ajv.compile(schema);
  const tally: Tally = { accepted: 0, refused: 0, refinedAway: 0 };
  fc.assert(
    fc.property(valueOf(schema), (value) => {
      const byJsonSchema = validate(value);
      const byZod = zodSchema.safeParse(value);
      if (byJsonSchema === byZod.success) {
        if (byZod.success) tally.accepted++;
        else tally.refused++;
        return;
      }
      const onlyRefinements = !byZod.success && byZod.error.issues.every((issue) => issue.code === "custom");
      if (byJsonSchema && refinementsAllowed && onlyRefinements) {
        tally.refinedAway++;
        return;
      }
      throw new Error(
        `JSON Schema ${byJsonSchema ? "accepts" : "refuses"} what Zod ${byZod.success ? "accepts" : "refuses"}: ` +
          `${JSON.stringify(value)}\najv: ${JSON.stringify(validate.errors)}\n` +
          `zod: ${JSON.stringify(byZod.success ? null : byZod.error.issues)}`,
      );
    }),
    // A fixed seed: the same inputs every run, so a tool with many refinements cannot pass one run and fail the next.
    { numRuns, seed: 20261122 },
  );
  return tally;
}

for (const tool of allTools) {
  const numRuns = inputRuns[tool.name] ?? runs;
  Deno.test(`${tool.name}: the input JSON Schema and Zod agree on ${numRuns} generated inputs`, () => {
    const tally = judge(toolJsonSchema(tool), tool.inputSchema, true, numRuns);
    assert.ok(tally.accepted >= 10, `only ${tally.accepted} accepted: ${JSON.stringify(tally)}`);
    assert.ok(tally.refused >= 5, `only ${tally.refused} refused: ${JSON.stringify(tally)}`);
  });

  Deno.test(`${tool.name}: the output JSON Schema and Zod agree on ${runs} generated replies`, () => {
    const tally = judge(toolOutputJsonSchema(tool), tool.outputSchema, false);
    assert.ok(tally.accepted >= 10, `only ${tally.accepted} accepted: ${JSON.stringify(tally)}`);
    assert.ok(tally.refused >= 5, `only ${tally.refused} refused: ${JSON.stringify(tally)}`);
  });
}

function verdicts(toolName: string, input: unknown) {
  const tool = findTool(toolName)!;
  const byZod = tool.inputSchema.safeParse(input);
  return {
    jsonSchema: ajv.validate(toolJsonSchema(tool), input),
    zod: byZod.success ? "accepts" : byZod.error.issues.map((issue) => issue.code).join(","),
  };
}

Deno.test("refinements only Zod checks: JSON Schema accepts, Zod refuses with a custom issue", () => {
  const list = crypto.randomUUID();
  const line = { ingredient_id: crypto.randomUUID(), quantity: 1, unit: "cup" };
  const cases: [string, unknown][] = [
    ["grocery.create_list", { name: "Milk\u0000" }],
    ["grocery.create_list", { name: "Milk \ud83c" }],
    ["grocery.push_ingredients", { grocery_list_id: list, ingredients: [{ ...line, quantity: 0.0001 }] }],
    ["planner.list_meals", { start_date: "2026-02-30", end_date: "2026-03-01" }],
    ["planner.list_meals", { start_date: "2026-01-01", end_date: "2026-12-31" }],
    ["recipe.create", { title: "Soup", ingredients: [{ quantity: 1, unit: "cup" }] }],
    ["grocery.add_item", { grocery_list_id: list, quantity: 1, unit: "cup" }],
  ];
  for (const [tool, input] of cases) {
    assert.deepEqual(verdicts(tool, input), { jsonSchema: true, zod: "custom" }, `${tool} ${JSON.stringify(input)}`);
  }
});

// A difference the generator leaves out, pinned so that closing it shows here.
Deno.test("known difference: text is trimmed before its length is checked, which JSON Schema cannot say", () => {
  assert.deepEqual(verdicts("grocery.create_list", { name: "   " }), { jsonSchema: true, zod: "too_small" });
  assert.deepEqual(verdicts("grocery.create_list", { name: `${"x".repeat(100)} ` }), {
    jsonSchema: false,
    zod: "accepts",
  });
});

Deno.test("both count characters, not UTF-16 units: an astral character is one", () => {
  const tomatoes = (count: number) => ({ name: "\u{1F345}".repeat(count) });
  assert.deepEqual(verdicts("grocery.create_list", tomatoes(100)), { jsonSchema: true, zod: "accepts" });
  assert.deepEqual(verdicts("grocery.create_list", tomatoes(101)), { jsonSchema: false, zod: "too_big" });
});
