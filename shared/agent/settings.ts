import { env, type Environment } from "../config/env.ts";
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

/**
 * The assistant's part of env(): ANTHROPIC_API_KEY (required here, so that a function without it starts and
 * answers 503 at request time), ANTHROPIC_BASE_URL, ASSISTANT_MODEL, ASSISTANT_MAX_TOKENS,
 * ASSISTANT_MAX_ROUNDS, ASSISTANT_MAX_RETRIES, ASSISTANT_ACTION_TTL_SECONDS.
 */
export function settingsFromEnv(environment: Environment = env()): AssistantSettings {
  if (!environment.anthropicApiKey) {
    throw new AppError("UNAVAILABLE", "The assistant is not configured: set ANTHROPIC_API_KEY for the functions.", {
      retryable: false,
    });
  }
  return {
    apiKey: environment.anthropicApiKey,
    baseURL: environment.anthropicBaseUrl,
    model: environment.assistantModel,
    maxTokens: environment.assistantMaxTokens,
    maxRounds: environment.assistantMaxRounds,
    maxRetries: environment.assistantMaxRetries,
    actionTtlSeconds: environment.assistantActionTtlSeconds,
  };
}
