import assert from "node:assert/strict";
import { parseEnvironment } from "../config/env.ts";
import { AppError } from "../errors.ts";
import { settingsFromEnv } from "./settings.ts";

const settingsFrom = (values: Record<string, string>) => settingsFromEnv(parseEnvironment(values));

Deno.test("the assistant's settings come from the environment, with defaults", () => {
  assert.deepEqual(settingsFrom({ ANTHROPIC_API_KEY: "key" }), {
    apiKey: "key",
    baseURL: undefined,
    model: "claude-sonnet-4-5",
    maxTokens: 4096,
    maxRounds: 6,
    maxRetries: 2,
    actionTtlSeconds: 86_400,
  });
  assert.deepEqual(
    settingsFrom({
      ANTHROPIC_API_KEY: "key",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9999",
      ASSISTANT_MODEL: "claude-other",
      ASSISTANT_MAX_TOKENS: "2000",
      ASSISTANT_MAX_ROUNDS: "3",
      ASSISTANT_MAX_RETRIES: "1",
      ASSISTANT_ACTION_TTL_SECONDS: "60",
    }),
    {
      apiKey: "key",
      baseURL: "http://127.0.0.1:9999",
      model: "claude-other",
      maxTokens: 2000,
      maxRounds: 3,
      maxRetries: 1,
      actionTtlSeconds: 60,
    },
  );
});

Deno.test("a missing key or a nonsense number is a clear UNAVAILABLE error", () => {
  for (const values of [{}, { ANTHROPIC_API_KEY: "" }] as Record<string, string>[]) {
    assert.throws(() => settingsFrom(values), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.type, "UNAVAILABLE");
      assert.equal(error.retryable, false);
      assert.match(error.message, /ANTHROPIC_API_KEY/);
      return true;
    });
  }
  assert.throws(() => settingsFrom({ ANTHROPIC_API_KEY: "key", ASSISTANT_MAX_ROUNDS: "lots" }), (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.type, "UNAVAILABLE");
    assert.match(error.message, /ASSISTANT_MAX_ROUNDS must be a whole number from 1 to 50/);
    return true;
  });
});
