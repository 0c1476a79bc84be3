import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import { settingsFromEnv } from "./settings.ts";

const names = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "ASSISTANT_MODEL",
  "ASSISTANT_MAX_TOKENS",
  "ASSISTANT_MAX_ROUNDS",
  "ASSISTANT_MAX_RETRIES",
  "ASSISTANT_ACTION_TTL_SECONDS",
];

function withEnv(values: Record<string, string>, run: () => void) {
  const saved = new Map(names.map((name) => [name, Deno.env.get(name)]));
  for (const name of names) Deno.env.delete(name);
  for (const [name, value] of Object.entries(values)) Deno.env.set(name, value);
  try {
    run();
  } finally {
    for (const [name, value] of saved) value === undefined ? Deno.env.delete(name) : Deno.env.set(name, value);
  }
}

Deno.test("the assistant's settings come from the environment, with defaults", () => {
  withEnv({ ANTHROPIC_API_KEY: "key" }, () => {
    assert.deepEqual(settingsFromEnv(), {
      apiKey: "key",
      baseURL: undefined,
      model: "claude-sonnet-4-5",
      maxTokens: 4096,
      maxRounds: 6,
      maxRetries: 2,
      actionTtlSeconds: 86_400,
    });
  });
  withEnv({
    ANTHROPIC_API_KEY: "key",
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9999",
    ASSISTANT_MODEL: "claude-other",
    ASSISTANT_MAX_TOKENS: "2000",
    ASSISTANT_MAX_ROUNDS: "3",
    ASSISTANT_MAX_RETRIES: "1",
    ASSISTANT_ACTION_TTL_SECONDS: "60",
  }, () => {
    assert.deepEqual(settingsFromEnv(), {
      apiKey: "key",
      baseURL: "http://127.0.0.1:9999",
      model: "claude-other",
      maxTokens: 2000,
      maxRounds: 3,
      maxRetries: 1,
      actionTtlSeconds: 60,
    });
  });
});

Deno.test("a missing key or a nonsense number is a clear UNAVAILABLE error", () => {
  withEnv({}, () => {
    assert.throws(() => settingsFromEnv(), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.type, "UNAVAILABLE");
      assert.match(error.message, /ANTHROPIC_API_KEY/);
      return true;
    });
  });
  withEnv({ ANTHROPIC_API_KEY: "key", ASSISTANT_MAX_ROUNDS: "lots" }, () => {
    assert.throws(() => settingsFromEnv(), /ASSISTANT_MAX_ROUNDS must be a whole number from 1 to 50/);
  });
});
