import assert from "node:assert/strict";
import { allTools } from "../../shared/tools/registry.ts";
import { sqlFunctionName } from "../../shared/tools/tool-names.ts";
import { isWriteTool } from "../../shared/tools/define-tool.ts";
import { adminSql } from "../support/stack.ts";

// A tool without an execute of its own runs app.<group>_<action>: each must exist with the signature
// private.invoke_json calls, or the tool would fail on its first call. A read may answer in json, which is sent as
// built (grocery.get_list); a write answers in jsonb, which its invocation record keeps.
Deno.test("every tool's SQL function exists as app.<group>_<action>(uuid, jsonb) returns jsonb or json", async () => {
  const sql = adminSql();
  try {
    const rows = await sql<{ signature: string; result: string }[]>`
      select p.oid::regprocedure::text as signature, pg_get_function_result(p.oid) as result
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'app'`;
    const results = new Map(rows.map((row) => [row.signature, row.result]));
    for (const tool of allTools) {
      const signature = `${sqlFunctionName(tool.name)}(uuid,jsonb)`;
      const expected = isWriteTool(tool) ? ["jsonb"] : ["jsonb", "json"];
      assert.ok(
        expected.includes(results.get(signature) ?? ""),
        `${tool.name} needs ${signature} returns ${expected.join(" or ")}, not ${results.get(signature)}`,
      );
    }
  } finally {
    await sql.end();
  }
});
