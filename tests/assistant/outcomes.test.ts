// The assistant hears what became of its proposals: after the user confirms, rejects or lets an action expire,
// the next turn's request to the (fake) Messages API carries the outcome, with the result's data, before the
// user's new words; later turns keep it in the same place.
import assert from "node:assert/strict";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { callToolOk } from "../support/tools-client.ts";
import { type AssistantHarness, startAssistant } from "./harness.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "assistant-outcomes");

// deno-lint-ignore no-explicit-any
type Json = any;

/** One turn in which the model proposes grocery.create_list with this name, then asks for confirmation. */
async function proposeList(assistant: AssistantHarness, name: string, conversationId?: string) {
  assistant.fake.script(
    {
      kind: "message",
      content: [{
        type: "tool_use",
        id: `toolu_${name.replaceAll(" ", "_")}`,
        name: "grocery__create_list",
        input: { name },
      }],
    },
    { kind: "message", content: [{ type: "text", text: "Please confirm the list in the app." }] },
  );
  const { body } = await assistant.json(alice, "POST", "chat", {
    message: `Make a list called ${name}`,
    conversation_id: conversationId,
  });
  assert.equal(body.data.pending_actions.length, 1, JSON.stringify(body));
  return { actionId: body.data.pending_actions[0].id as string, conversationId: body.data.conversation_id as string };
}

/** One plain turn; returns the messages the model was sent. */
async function say(assistant: AssistantHarness, conversationId: string, message: string): Promise<Json[]> {
  assistant.fake.script({ kind: "message", content: [{ type: "text", text: "Noted." }] });
  const { status, body } = await assistant.json(alice, "POST", "chat", { message, conversation_id: conversationId });
  assert.equal(status, 200, JSON.stringify(body));
  return assistant.fake.requests.at(-1)!.body.messages;
}

function notesIn(message: Json): string[] {
  return message.content.flatMap((block: Json) =>
    block.type === "text" && block.text.startsWith("[Not from the user") ? [block.text] : []
  );
}

Deno.test("a confirmed proposal reaches the next turn with its result, so the model can go on", async () => {
  const assistant = await startAssistant();
  try {
    const { actionId, conversationId } = await proposeList(assistant, "Weekly shop");
    const confirmed = await assistant.json(alice, "POST", `actions/${actionId}/confirm`);
    const listId = confirmed.body.data.result.data.grocery_list_id;

    const messages = await say(assistant, conversationId, "Done. Now add milk to it.");
    const newest = messages.at(-1);
    assert.equal(newest.role, "user");
    const [note] = notesIn(newest);
    assert.ok(note, JSON.stringify(newest));
    assert.match(note, new RegExp(`Action ${actionId} \\(grocery__create_list \\{"name":"Weekly shop"\\}\\)`));
    assert.match(note, /the user confirmed it and it ran/);
    assert.ok(note.includes(listId), "the model gets the new list's id");
    assert.deepEqual(newest.content.at(-1), { type: "text", text: "Done. Now add milk to it." });
    assert.equal(messages.flatMap(notesIn).length, 1, "told once, before the message that followed the decision");

    const later = await say(assistant, conversationId, "Thanks");
    assert.deepEqual(later.flatMap(notesIn), [note], "later turns keep it where it was");
    assert.deepEqual(notesIn(later.at(-1)), []);
    const { lists } = await callToolOk(alice, "grocery.list_lists", {});
    assert.ok(lists.some((list) => list.id === listId));
  } finally {
    await assistant.close();
  }
});

Deno.test("rejected and expired proposals are told as such: nothing changed", async () => {
  const assistant = await startAssistant();
  try {
    const first = await proposeList(assistant, "Party");
    await assistant.json(alice, "POST", `actions/${first.actionId}/reject`);
    const second = await proposeList(assistant, "Camping", first.conversationId);
    await sql`update public.pending_actions set expires_at = clock_timestamp() where id = ${second.actionId}`;

    const messages = await say(assistant, first.conversationId, "What happened?");
    const notes = notesIn(messages.at(-1));
    assert.equal(notes.length, 1, "the rejection was told in the turn that proposed Camping");
    assert.match(notes[0], new RegExp(`Action ${second.actionId} .*expired before the user decided; nothing changed`));
    const rejection = messages.flatMap(notesIn).find((text: string) => text.includes(first.actionId));
    assert.match(rejection ?? "", /the user rejected it; nothing changed/);
    const listed = await callToolOk(alice, "grocery.list_lists", {});
    assert.ok(!listed.lists.some((list) => list.name === "Party" || list.name === "Camping"));
  } finally {
    await assistant.close();
  }
});

Deno.test("a still-pending proposal is not told as an outcome", async () => {
  const assistant = await startAssistant();
  try {
    const { conversationId } = await proposeList(assistant, "Later");
    const messages = await say(assistant, conversationId, "Any news?");
    assert.deepEqual(messages.flatMap(notesIn), []);
  } finally {
    await assistant.close();
  }
});

globalThis.addEventListener("unload", () => sql.end());
