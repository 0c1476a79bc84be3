// GET /assistant/status tells a signed-in app whether the assistant is configured, and nothing of its setup; it
// needs a user like every other route. No database and no model: the settings are given.
import assert from "node:assert/strict";
import { AppError } from "../../shared/errors.ts";
import { createAssistantHandler } from "../../shared/http/assistant-handler.ts";
import type { AssistantSettings } from "../../shared/agent/settings.ts";

const user = () => Promise.resolve({ sub: "00000000-0000-4000-8000-000000000001", role: "authenticated" as const });
const settings: AssistantSettings = {
  apiKey: "test-key",
  model: "claude-test",
  maxTokens: 512,
  maxRounds: 4,
  maxRetries: 1,
  actionTtlSeconds: 3600,
};
const unconfigured = () => {
  throw new AppError("UNAVAILABLE", "The assistant is not configured: set ANTHROPIC_API_KEY for the functions.", {
    retryable: false,
  });
};

function status(handler: ReturnType<typeof createAssistantHandler>, authorization = "Bearer x") {
  return handler(new Request("http://assistant.local/assistant/status", { headers: { authorization } }));
}

Deno.test("assistant status: configured when the settings read", async () => {
  const response = await status(createAssistantHandler({ verify: user, settings: () => settings }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, data: { configured: true } });
});

Deno.test("assistant status: not configured, without a word of the setup", async () => {
  const response = await status(createAssistantHandler({ verify: user, settings: unconfigured }));
  assert.equal(response.status, 200);
  const text = await response.text();
  assert.deepEqual(JSON.parse(text), { ok: true, data: { configured: false } });
  assert.doesNotMatch(text, /ANTHROPIC|API_KEY/);
});

Deno.test("assistant status: a request without a user is refused", async () => {
  const response = await createAssistantHandler({ settings: () => settings, verify: user })(
    new Request("http://assistant.local/assistant/status"),
  );
  assert.equal(response.status, 401);
  await response.body?.cancel();
});
