import assert from "node:assert/strict";
import fc from "fast-check";
import { allTools } from "../../shared/tools/registry.ts";
import { callTool } from "../support/tools-client.ts";
import { adminSql, createTestUser } from "../support/stack.ts";

const sql = adminSql();
const user = await createTestUser(sql, "fuzz");
await sql.end();

// Values a client might send by mistake or on purpose: wrong types, huge
// numbers, odd strings, nested junk, and near-valid ids and dates.
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    "",
    " ",
    "00000000-0000-0000-0000-000000000000",
    "2026-02-30",
    "9999-12-31",
    "0000-01-01",
    "fl oz",
    "1e400",
    "'; drop table recipes; --",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfff",
    "%_\\",
    -1,
    0,
    1e308,
    Number.MAX_SAFE_INTEGER,
    0.1 + 0.2,
    1e-320,
    5e-324,
    -0,
    1_000_000.0005,
    Number.MAX_SAFE_INTEGER + 2,
  ),
);

Deno.test("no input a client can send to any tool makes the server answer 500", async () => {
  const tools = allTools.map((tool) => tool.name);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...tools),
      fc.dictionary(
        fc.oneof(
          fc.constantFrom("recipe_id", "grocery_list_id", "ingredients", "date", "name", "quantity", "unit"),
          fc.string(),
        ),
        oddValue,
        { maxKeys: 5 },
      ),
      async (tool, input) => {
        const response = await callTool(user, tool, input);
        assert.ok(
          response.status < 500,
          `${tool} ${JSON.stringify(input)} → ${response.status} ${JSON.stringify(response.body)}`,
        );
        assert.equal(response.body.ok, response.status === 200);
      },
    ),
    { numRuns: 300, seed: 20261122 },
  );
});
