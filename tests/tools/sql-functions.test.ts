import assert from "node:assert/strict";
import { allTools } from "../../shared/tools/registry.ts";
import { sqlFunctionName } from "../../shared/tools/tool-names.ts";
import { adminSql } from "../support/stack.ts";

// A tool without an execute of its own runs app.<group>_<action>: each must exist with the signature
// private.invoke calls, or the tool would fail on its first call.
Deno.test("every tool's SQL function exists as app.<group>_<action>(uuid, jsonb) returns jsonb", async () => {
  const sql = adminSql();
  try {
    const rows = await sql<{ signature: string; result: string }[]>`
      select p.oid::regprocedure::text as signature, pg_get_function_result(p.oid) as result
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'app'`;
    const results = new Map(rows.map((row) => [row.signature, row.result]));
    for (const tool of allTools) {
      const signature = `${sqlFunctionName(tool.name)}(uuid,jsonb)`;
      assert.equal(results.get(signature), "jsonb", `${tool.name} needs ${signature} returns jsonb`);
    }
  } finally {
    await sql.end();
  }
});
