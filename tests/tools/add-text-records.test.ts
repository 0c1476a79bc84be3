// What grocery.add_text's record keeps: the list and the text as sent, not the lines its tool read from the text
// (derived, and refused by its describer's strict input). Records written before kept the lines too; the migration
// that takes them out makes their history entries the describer's sentence again.
import assert from "node:assert/strict";
import { join } from "node:path";
import { lastWrite } from "../support/history.ts";
import { householdOf } from "../support/households.ts";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callToolOk } from "../support/tools-client.ts";
import { projectRoot } from "../../supabase/local/stack/stack-config.ts";

const sql = adminSql();
const alice = await createTestUser(sql, "add-text-records");
await householdOf(sql, alice);

Deno.test("grocery.add_text keeps its text only; an older record with its lines is told in words once fixed", async () => {
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Records" });
  const added = await callToolOk(alice, "grocery.add_text", { grocery_list_id, text: "2 l milk, onions" });
  assert.equal(added.message, "Added 2 l milk and onions to Records");
  const write = await lastWrite(alice, { tool: "grocery.add_text" });
  const [kept] = await sql<{ input: unknown }[]>`
    select input from public.tool_invocations where id = ${write.invocation_id}`;
  assert.deepEqual(kept.input, { grocery_list_id, text: "2 l milk, onions" });
  assert.equal(write.summary, "Add 2 l milk and onions to Records", "the describer's sentence");

  // As a record written before kept it: the describer refuses the input, the entry falls back to the message.
  await sql`update public.tool_invocations set input = input || '{"lines": [{"text": "2 l milk"}]}'::jsonb
    where id = ${write.invocation_id}`;
  assert.equal((await lastWrite(alice)).summary, "Added 2 l milk and onions to Records");
  const fix = join(projectRoot, "supabase/migrations/20261128165116_add_text_records_keep_text.sql");
  await sql.unsafe(await Deno.readTextFile(fix));
  assert.equal((await lastWrite(alice)).summary, "Add 2 l milk and onions to Records");
  await sql.end();
});
