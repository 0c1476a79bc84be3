// The build step of the tool authoring guide: every tool's metadata, schema and both doc tiers are checked.
import assert from "node:assert/strict";
import * as z from "zod";
import type { ToolContext } from "./define-tool.ts";
import { type JsonSchema, toolJsonSchema } from "./json-schema.ts";
import { toAnthropicTools, toOpenAiTools } from "./provider-exports.ts";
import { allTools, findTool, toolGroups, toolsOfGroup } from "./registry.ts";
import { testUser } from "./testing/tool-assertions.ts";
import { requiresApproval, toolListing } from "./tool-metadata.ts";
import {
  fromProviderName,
  providerNamePattern,
  sqlFunctionName,
  toolNamePattern,
  toProviderName,
} from "./tool-names.ts";

const specifiedTools = [
  "recipe.list",
  "recipe.get",
  "recipe.create",
  "recipe.create_many",
  "recipe.set_photo",
  "recipe.update",
  "recipe.delete",
  "recipe.restore",
  "recipe.revert",
  "recipe.list_revisions",
  "recipe.parse_text",
  "recipe.import_url",
  "recipe.import_file",
  "recipe.export",
  "planner.list_meals",
  "planner.changes",
  "planner.get_meal",
  "planner.add_meal",
  "planner.remove_meal",
  "planner.restore_meal",
  "planner.update_meal",
  "planner.get_meals_for_date",
  "planner.add_recurring",
  "planner.list_series",
  "planner.remove_series",
  "planner.update_series",
  "grocery.list_lists",
  "grocery.get_list",
  "grocery.changes",
  "grocery.create_list",
  "grocery.push_ingredients",
  "grocery.add_item",
  "grocery.add_text",
  "grocery.check_item",
  "grocery.uncheck_item",
  "grocery.remove_item",
  "grocery.update_item",
  "grocery.rename_list",
  "grocery.delete_list",
  "grocery.restore_list",
  "grocery.clear_checked",
  "grocery.restore_item",
  "grocery.propose_conversions",
  "grocery.apply_conversion",
  "grocery.push_recipe",
  "grocery.sync_plan",
  "household.get",
  "household.create_invite",
  "household.join",
  "household.list",
  "household.rename",
  "household.set_default",
  "household.leave",
  "household.remove_member",
  "household.set_role",
  "household.set_display_name",
  "household.list_invites",
  "household.revoke_invite",
  "household.preview_invite",
  "household.set_aisle_order",
  "household.set_on_hand",
  "household.list_on_hand",
  "ingredient.search",
  "ingredient.create",
  "history.list",
  "history.undo",
  "media.ocr_image",
  "media.speech_to_text",
];

const docSections = [
  "## Summary",
  "## Preconditions",
  "## Postconditions",
  "## Invariants",
  "## Failure Modes",
  "## Examples",
  "## Common Mistakes",
];

Deno.test("the registry holds every specified tool once, and each group has an Edge Function", async () => {
  assert.deepEqual(allTools.map((tool) => tool.name).sort(), [...specifiedTools].sort());
  assert.deepEqual(toolGroups, ["recipe", "planner", "grocery", "household", "ingredient", "history", "media"]);
  for (const group of toolGroups) {
    assert.ok(toolsOfGroup(group).length > 0);
    for (const file of ["index.ts", "handler.ts"]) {
      await Deno.stat(new URL(`../../functions/${group}/${file}`, import.meta.url));
    }
  }
  assert.equal(findTool("grocery.push_ingredients")?.name, "grocery.push_ingredients");
  assert.equal(findTool("grocery.nothing"), undefined);
});

// Tools that parse or recognise before their one SQL call; the input each is tried with. media.ocr_image needs a
// real image and the OCR worker, media.speech_to_text a configured service: both are tried in tests/media instead.
const ownExecuteInputs: Record<string, Record<string, unknown>> = {
  "recipe.parse_text": { text: "Rice\n1 cup rice" },
  "grocery.add_text": { grocery_list_id: "00000000-0000-4000-8000-000000000002", text: "2 l milk, onions" },
  "history.list": { limit: 20 },
  "history.undo": {},
};
// What the fake database answers those: enough of each reply for its execute to finish.
const ownExecuteReply = {
  matches: [],
  entries: [],
  next_cursor: null,
  undone_invocation_id: "00000000-0000-4000-8000-000000000001",
  undone_tool: "grocery.add_item",
  undone_summary: "Added an item.",
};
const toolsWithOwnExecute = new Set([
  ...Object.keys(ownExecuteInputs),
  "media.ocr_image",
  "media.speech_to_text",
  "recipe.import_url",
  "recipe.import_file",
  "recipe.export",
]);

for (const tool of allTools) {
  // Risk, category, side effects, idempotence and confirmation follow from the effect by construction
  // (defineTool, tool-metadata.ts); what is left to check is what a tool's file says itself.
  Deno.test(`${tool.name}: metadata is complete`, () => {
    assert.match(tool.name, toolNamePattern);
    assert.ok(tool.description.length >= 20 && tool.description.length <= 200, "description of 20-200 characters");
    assert.ok(Number.isInteger(tool.latencyBudgetMs) && tool.latencyBudgetMs > 0 && tool.latencyBudgetMs <= 5000);
    assert.ok(tool.scope === "household" || tool.scope === "user");
  });

  Deno.test(`${tool.name}: the output schema is present and strict`, () => {
    assert.ok(tool.outputSchema instanceof z.ZodType, "outputSchema is a Zod schema");
    // Input mode: in output mode every object says additionalProperties false, strict or not.
    const schema = z.toJSONSchema(tool.outputSchema, { io: "input" }) as JsonSchema;
    assert.equal(schema.type, "object");
    for (const problem of looseObjects(schema, "data")) assert.fail(problem);
  });

  const ownExecuteInput = ownExecuteInputs[tool.name];
  if (ownExecuteInput !== undefined) {
    Deno.test(`${tool.name}: with an execute of its own, it still runs ${sqlFunctionName(tool.name)} once`, async () => {
      const calls: string[] = [];
      const context: ToolContext = {
        user: testUser,
        requestedHouseholdId: null,
        resolveHousehold: () => Promise.reject(new Error("not expected")),
        readNames: () => Promise.resolve({}),
        invoke: <Result>(name: string) => {
          calls.push(name);
          return Promise.resolve(ownExecuteReply as Result);
        },
      };
      await tool.execute(ownExecuteInput, context);
      assert.deepEqual(calls, [sqlFunctionName(tool.name)]);
    });
  }

  Deno.test({
    name: `${tool.name}: without an execute of its own, it runs ${sqlFunctionName(tool.name)} once`,
    ignore: toolsWithOwnExecute.has(tool.name),
  }, async () => {
    const calls: [string, unknown][] = [];
    const context: ToolContext = {
      user: testUser,
      requestedHouseholdId: null,
      resolveHousehold: () => Promise.reject(new Error("not expected")),
      readNames: () => Promise.reject(new Error("not expected")),
      invoke: <Result>(name: string, input: unknown) => {
        calls.push([name, input]);
        return Promise.resolve({ done: true } as Result);
      },
    };
    assert.deepEqual(await tool.execute({ some: "input" }, context), { done: true });
    assert.deepEqual(calls, [[sqlFunctionName(tool.name), { some: "input" }]]);
  });

  Deno.test(`${tool.name}: summary is 2-4 lines and the doc has every section`, () => {
    const lines = tool.summary.trim().split("\n");
    assert.ok(lines.length >= 2 && lines.length <= 4, `summary has ${lines.length} lines`);
    assert.ok(lines.every((line) => line.trim() !== ""), "no blank summary lines");
    assert.ok(tool.summary.length < 250, `summary has ${tool.summary.length} characters`);
    assert.ok(tool.doc.startsWith(`# ${tool.name}\n`), "doc starts with its title");
    let previous = -1;
    for (const section of docSections) {
      const index = tool.doc.indexOf(`\n${section}\n`);
      assert.ok(index > previous, `${section} present and in order`);
      previous = index;
    }
    assert.ok(tool.doc.includes(tool.summary), "the doc's Summary is the summary");
    assert.match(tool.doc, /```json\n[\s\S]+?\n```/, "at least one JSON example");
  });

  Deno.test(`${tool.name}: JSON Schema is strict, bounded and described everywhere`, () => {
    const schema = toolJsonSchema(tool);
    assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
    assert.equal(schema.type, "object");
    for (const problem of schemaProblems(schema, "")) assert.fail(problem);
  });

  Deno.test(`${tool.name}: provider name round-trips`, () => {
    const providerName = toProviderName(tool.name);
    assert.match(providerName, providerNamePattern);
    assert.equal(fromProviderName(providerName), tool.name);
  });
}

/** Objects of the output that would let an unexpected key through. */
function looseObjects(schema: JsonSchema, path: string): string[] {
  const problems: string[] = [];
  if (schema.type === "object") {
    if (schema.additionalProperties !== false) problems.push(`${path}: object is not strict`);
    for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      problems.push(...looseObjects(property, `${path}.${key}`));
    }
  }
  if (schema.type === "array") problems.push(...looseObjects(schema.items as JsonSchema, `${path}[]`));
  for (const variant of (schema.anyOf as JsonSchema[] | undefined) ?? []) problems.push(...looseObjects(variant, path));
  return problems;
}

function schemaProblems(schema: JsonSchema, path: string): string[] {
  const problems: string[] = [];
  const variants = (schema.anyOf as JsonSchema[] | undefined) ?? [schema];
  for (const variant of variants) {
    if (variant.type === "object") {
      if (variant.additionalProperties !== false) problems.push(`${path || "input"}: object is not strict`);
      for (const [key, property] of Object.entries((variant.properties ?? {}) as Record<string, JsonSchema>)) {
        const propertyPath = path ? `${path}.${key}` : key;
        if (typeof property.description !== "string" || property.description.length < 5) {
          problems.push(`${propertyPath}: no description`);
        }
        problems.push(...schemaProblems(property, propertyPath));
      }
    }
    if (variant.type === "array") {
      if (typeof variant.maxItems !== "number") problems.push(`${path}: array without maxItems`);
      problems.push(...schemaProblems(variant.items as JsonSchema, `${path}[]`));
    }
    if (
      variant.type === "string" &&
      [variant.maxLength, variant.format, variant.enum].every((bound) => bound === undefined)
    ) {
      problems.push(`${path}: string without maxLength`);
    }
    if (variant.type === "number" || variant.type === "integer") {
      if (variant.maximum === undefined) problems.push(`${path}: number without maximum`);
    }
  }
  return problems;
}

Deno.test("provider names of other tools are not ours", () => {
  for (const name of ["planner_add_meal", "planner__", "__add_meal", "Planner__add_meal", "a__b__c", ""]) {
    assert.equal(fromProviderName(name), undefined, name);
  }
});

Deno.test("Anthropic and OpenAI exports carry every tool under its provider name", () => {
  const anthropic = toAnthropicTools(allTools);
  const openAi = toOpenAiTools(allTools);
  assert.equal(anthropic.length, allTools.length);
  assert.equal(new Set(anthropic.map((tool) => tool.name)).size, allTools.length);
  const push = anthropic.find((tool) => tool.name === "grocery__push_ingredients");
  assert.ok(push);
  assert.equal(push.input_schema.$schema, undefined);
  assert.equal(push.input_schema.additionalProperties, false);
  assert.deepEqual(push.input_schema.required, ["grocery_list_id", "ingredients"]);
  const addMeal = openAi.find((tool) => tool.function.name === "planner__add_meal");
  assert.equal(addMeal?.type, "function");
  assert.deepEqual(Object.keys(addMeal?.function.parameters.properties as object), [
    "recipe_id",
    "date",
    "meal_type",
    "servings",
    "note",
  ]);
  for (const tool of openAi) assert.ok(findTool(fromProviderName(tool.function.name) ?? ""));
});

Deno.test("the approval policy: every write waits for a person's confirmation, no read does", () => {
  const writes = allTools.filter((tool) => tool.effect === "write");
  assert.ok(writes.length > 0 && writes.length < allTools.length);
  for (const tool of allTools) assert.equal(requiresApproval(tool), tool.effect === "write", tool.name);
  assert.deepEqual(
    allTools.filter((tool) => tool.risk === "high").map((tool) => tool.name),
    [
      "recipe.update",
      "recipe.delete",
      "recipe.revert",
      "grocery.delete_list",
      "household.create_invite",
      "household.leave",
      "household.remove_member",
      "household.set_role",
    ],
  );
});

Deno.test("the listing serves every piece of metadata in snake_case, derived from the effect", () => {
  const keys = [
    "name",
    "summary",
    "description",
    "effect",
    "risk",
    "scope",
    "category",
    "side_effects",
    "idempotent",
    "requires_confirmation",
    "latency_budget_ms",
    "input_schema",
  ];
  for (const tool of allTools) {
    const listing = toolListing(tool);
    assert.deepEqual(Object.keys(listing), keys);
    assert.equal(listing.requires_confirmation, requiresApproval(tool));
    assert.equal(listing.idempotent, tool.effect === "read" ? "always" : "with_idempotency_key", tool.name);
    if (tool.effect === "write") {
      assert.deepEqual([listing.category, listing.side_effects], ["action", "writes"]);
      assert.ok(listing.risk === "medium" || listing.risk === "high", "writes are medium or high risk");
    } else {
      assert.deepEqual([listing.category, listing.side_effects, listing.risk], ["retrieval", "read_only", "low"]);
    }
  }
  assert.deepEqual(toolListing(findTool("ingredient.search")!).latency_budget_ms, 800);
  assert.deepEqual(toolListing(findTool("household.join")!).scope, "user");
});

Deno.test("fields with defaults are optional in the advertised schema", () => {
  const schema = toolJsonSchema(findTool("recipe.list")!);
  assert.equal(schema.required, undefined);
  assert.equal((schema.properties as Record<string, JsonSchema>).limit.default, 20);
});
