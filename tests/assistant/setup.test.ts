import assert from "node:assert/strict";
import { createAssistantHandler } from "../../shared/http/assistant-handler.ts";
import { adminSql, createTestUser, functionsUrl } from "../support/stack.ts";
import { readEvents } from "./harness.ts";

const sql = adminSql();
const alice = await createTestUser(sql, "assistant-setup-alice");
const bob = await createTestUser(sql, "assistant-setup-bob");
globalThis.addEventListener("unload", () => sql.end());

Deno.test("without ANTHROPIC_API_KEY the assistant answers with a clear error, not a crash", async () => {
  const saved = Deno.env.get("ANTHROPIC_API_KEY");
  Deno.env.delete("ANTHROPIC_API_KEY");
  try {
    const handler = createAssistantHandler({
      sql,
      verify: () => Promise.resolve({ sub: alice.id, role: "authenticated" }),
    });
    const response = await handler(
      new Request("http://assistant.local/assistant/chat", {
        method: "POST",
        headers: { authorization: "Bearer x", "content-type": "application/json" },
        body: JSON.stringify({ message: "Hello" }),
      }),
    );
    const body = await response.json();
    assert.equal(response.status, 503);
    assert.equal(body.error.type, "UNAVAILABLE");
    assert.match(body.error.message, /ANTHROPIC_API_KEY/);

    const streamed = await readEvents(
      await handler(
        new Request("http://assistant.local/assistant/chat", {
          method: "POST",
          headers: { authorization: "Bearer x", "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify({ message: "Hello" }),
        }),
      ),
    );
    assert.deepEqual(streamed.map((event) => event.event), ["error", "done"]);
    assert.equal(streamed[0].data.error.type, "UNAVAILABLE");
    assert.equal(streamed[1].data.stop_reason, "error");
  } finally {
    if (saved !== undefined) Deno.env.set("ANTHROPIC_API_KEY", saved);
  }
});

Deno.test("the deployed assistant function answers through the stack, with a token only", async () => {
  const anonymous = await fetch(functionsUrl("assistant/actions?status=pending"));
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
  const response = await fetch(functionsUrl("assistant/actions?status=pending"), {
    headers: { authorization: `Bearer ${bob.token}` },
  });
  assert.deepEqual(await response.json(), { ok: true, data: { actions: [], next_cursor: null } });
  const badStatus = await fetch(functionsUrl("assistant/actions?status=maybe"), {
    headers: { authorization: `Bearer ${bob.token}` },
  });
  assert.equal(badStatus.status, 400);
  await badStatus.body?.cancel();
});
