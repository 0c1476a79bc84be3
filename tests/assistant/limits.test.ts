// The assistant's limits: live pending actions per household, the pending-actions listing in pages,
// messages per conversation, conversations a day. Rows are seeded with SQL as admin.
import assert from "node:assert/strict";
import { callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, householdOf } from "../support/households.ts";
import { adminSql, createTestUser } from "../support/stack.ts";
import { startAssistant } from "./harness.ts";

const sql = adminSql();
const beef = await catalogIngredient(sql, "ground beef");

async function userWithRecipe(label: string) {
  const user = await createTestUser(sql, label);
  const household = await householdOf(sql, user);
  const { recipe_id } = await callToolOk(user, "recipe.create", {
    title: "Tacos",
    ingredients: [{ ingredient_id: beef, quantity: 1, unit: "lb" }],
  });
  return { user, household, recipeId: recipe_id };
}

async function seedActions(household: string, userId: string, count: number, status = "pending") {
  await sql`insert into public.pending_actions (household_id, tool, input, status, created_by, created_at)
    select ${household}, 'planner.add_meal', '{}'::jsonb, ${status}, ${userId}, now() - n * interval '1 second'
    from generate_series(1, ${count}) n`;
}

Deno.test("a household holds at most 100 pending actions: the model hears a CONFLICT naming the limit", async () => {
  const { user, household, recipeId } = await userWithRecipe("limits-actions");
  await seedActions(household, user.id, 100);
  // Decided and expired ones do not count.
  await seedActions(household, user.id, 5, "rejected");
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      {
        kind: "message",
        content: [{
          type: "tool_use",
          id: "toolu_cap",
          name: "planner__add_meal",
          input: { recipe_id: recipeId, date: "2027-01-05", meal_type: "dinner" },
        }],
      },
      { kind: "message", content: [{ type: "text", text: "Too many waiting." }] },
    );
    const { status, body } = await assistant.json(user, "POST", "chat", { message: "Tacos on the 5th" });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.data.pending_actions, []);
    const toolResult = assistant.fake.requests[1].body.messages.at(-1).content[0];
    assert.equal(toolResult.is_error, true);
    assert.match(toolResult.content, /CONFLICT.*at most 100 pending actions; confirm or reject some first/);
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from public.pending_actions
      where household_id = ${household} and status = 'pending'`;
    assert.equal(count, 100);
  } finally {
    await assistant.close();
  }
});

Deno.test("GET /assistant/actions comes in pages: limit, cursor and next_cursor, newest first, each action once", async () => {
  const { user, household } = await userWithRecipe("limits-pages");
  await seedActions(household, user.id, 5);
  const assistant = await startAssistant();
  try {
    const [{ ids }] = await sql<{ ids: string[] }[]>`select array_agg(id order by created_at desc, id) as ids
      from public.pending_actions where household_id = ${household}`;
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = `actions?status=pending&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const { status, body } = await assistant.json(user, "GET", query);
      assert.equal(status, 200, JSON.stringify(body));
      pages.push(body.data.actions.map((action: { id: string }) => action.id));
      cursor = body.data.next_cursor;
    } while (cursor && pages.length < 10);
    assert.deepEqual(pages.map((page) => page.length), [2, 2, 1]);
    assert.deepEqual(pages.flat(), ids);

    const bad = await assistant.json(user, "GET", "actions?limit=101");
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.field, "limit");
    const badCursor = await assistant.json(user, "GET", "actions?cursor=bm90IGEgY3Vyc29y");
    assert.equal(badCursor.status, 400);
    assert.equal(badCursor.body.error.field, "cursor");
  } finally {
    await assistant.close();
  }
});

Deno.test("a conversation holds at most 1000 messages, and a household starts at most 200 conversations a day", async () => {
  const { user, household } = await userWithRecipe("limits-conversations");
  const [{ id: conversation }] = await sql<{ id: string }[]>`insert into public.conversations (household_id, title)
    values (${household}, 'Long talk') returning id`;
  await sql`insert into public.conversation_messages (conversation_id, household_id, role, content)
    select ${conversation}, ${household}, case when n % 2 = 0 then 'user' else 'assistant' end,
      jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'message ' || n))
    from generate_series(0, 999) n`;
  const assistant = await startAssistant();
  try {
    const full = await assistant.json(user, "POST", "chat", { message: "And then?", conversation_id: conversation });
    assert.equal(full.status, 409, JSON.stringify(full.body));
    assert.equal(full.body.error.field, "conversation_id");
    assert.match(full.body.error.message, /at most 1000 messages.*start a new conversation/);
    assert.equal(assistant.fake.requests.length, 0, "the model was not called");

    await sql`insert into public.conversations (household_id, title)
      select ${household}, 'Chat ' || n from generate_series(1, 199) n`;
    const fresh = await assistant.json(user, "POST", "chat", { message: "Hello again" });
    assert.equal(fresh.status, 409, JSON.stringify(fresh.body));
    assert.match(fresh.body.error.message, /at most 200 conversations a day/);
    // A day later (created_at is kept by the stamp trigger, so it is moved with triggers off).
    await sql.begin(async (transaction) => {
      await transaction`set local session_replication_role = replica`;
      await transaction`update public.conversations set created_at = now() - interval '25 hours'
        where household_id = ${household}`;
    });
    assistant.fake.script({ kind: "message", content: [{ type: "text", text: "Hi." }] });
    assert.equal((await assistant.json(user, "POST", "chat", { message: "Hello tomorrow" })).status, 200);
  } finally {
    await assistant.close();
  }
});

Deno.test("GET /assistant/conversations/<id> comes in pages of messages, oldest first, each with its actions", async () => {
  const { user, household } = await userWithRecipe("limits-conversation-pages");
  const [{ id: conversation }] = await sql<{ id: string }[]>`insert into public.conversations (household_id, title)
    values (${household}, 'Paged talk') returning id`;
  await sql`insert into public.pending_actions (household_id, conversation_id, tool, input, created_by, created_at)
    values (${household}, ${conversation}, 'planner.add_meal', '{}'::jsonb, ${user.id}, now() + interval '1 second')`;
  await sql`insert into public.conversation_messages (conversation_id, household_id, role, content)
    select ${conversation}, ${household}, case when n % 2 = 0 then 'user' else 'assistant' end,
      jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'message ' || n))
    from generate_series(0, 249) n order by n`;
  // The last 50 messages come after the action.
  await sql`update public.conversation_messages set created_at = now() + interval '2 seconds'
    where conversation_id = ${conversation} and (content -> 0 ->> 'text') in (
      select 'message ' || n from generate_series(200, 249) n)`;
  const assistant = await startAssistant();
  try {
    const pages: { texts: string[]; actions: number }[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `conversations/${conversation}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
      const { status, body } = await assistant.json(user, "GET", path);
      assert.equal(status, 200, JSON.stringify(body));
      pages.push({
        texts: body.data.messages.map((message: { content: { text: string }[] }) => message.content[0].text),
        actions: body.data.pending_actions.length,
      });
      cursor = body.data.next_cursor;
    } while (cursor && pages.length < 10);
    assert.deepEqual(pages.map((page) => page.texts.length), [100, 100, 50]);
    assert.deepEqual(pages.flatMap((page) => page.texts), Array.from({ length: 250 }, (_, n) => `message ${n}`));
    assert.deepEqual(pages.map((page) => page.actions), [0, 1, 0], "the action sits beside the messages around it");
    const small = await assistant.json(user, "GET", `conversations/${conversation}?limit=2`);
    assert.equal(small.body.data.messages.length, 2);
    const bad = await assistant.json(user, "GET", `conversations/${conversation}?limit=0`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.field, "limit");
  } finally {
    await assistant.close();
  }
});

globalThis.addEventListener("unload", () => sql.end());
