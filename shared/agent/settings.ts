import { AppError } from "../errors.ts";

export interface AssistantSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
  maxTokens: number;
  /** Model calls in one turn; the turn ends with a clear message when they run out. */
  maxRounds: number;
  /** Retries the SDK makes on 429, 5xx and connection errors. */
  maxRetries: number;
  /** How long a proposed write waits for the user's decision. */
  actionTtlSeconds: number;
}

function positiveInteger(name: string, fallback: number, maximum: number): number {
  const raw = Deno.env.get(name);
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > maximum) {
    throw new AppError("UNAVAILABLE", `${name} must be a whole number from 1 to ${maximum}.`);
  }
  return value;
}

/**
 * From the environment: ANTHROPIC_API_KEY (required), ANTHROPIC_BASE_URL,
 * ASSISTANT_MODEL, ASSISTANT_MAX_TOKENS, ASSISTANT_MAX_ROUNDS,
 * ASSISTANT_MAX_RETRIES, ASSISTANT_ACTION_TTL_SECONDS.
 */
export function settingsFromEnv(): AssistantSettings {
  const apiKey = Deno.env.get("ANTHROPIC_API_KEY");
  if (!apiKey) {
    throw new AppError("UNAVAILABLE", "The assistant is not configured: set ANTHROPIC_API_KEY for the functions.", {
      retryable: false,
    });
  }
  return {
    apiKey,
    baseURL: Deno.env.get("ANTHROPIC_BASE_URL") || undefined,
    model: Deno.env.get("ASSISTANT_MODEL") || "claude-sonnet-4-5",
    maxTokens: positiveInteger("ASSISTANT_MAX_TOKENS", 4096, 64_000),
    maxRounds: positiveInteger("ASSISTANT_MAX_ROUNDS", 6, 50),
    maxRetries: positiveInteger("ASSISTANT_MAX_RETRIES", 2, 10),
    actionTtlSeconds: positiveInteger("ASSISTANT_ACTION_TTL_SECONDS", 86_400, 30 * 86_400),
  };
}
