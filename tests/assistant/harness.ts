import postgres from "postgres";

// Response bodies are read as the app would: loosely typed JSON.
// deno-lint-ignore no-explicit-any
type Json = any;
import { createAccessTokenVerifier } from "../../shared/auth/access-token.ts";
import { createAssistantHandler } from "../../shared/http/assistant-handler.ts";
import type { AssistantSettings } from "../../shared/agent/settings.ts";
import { type FakeAnthropic, startFakeAnthropic } from "../support/fake-anthropic.ts";
import { stackEnv, type TestUser } from "../support/stack.ts";
import { authIssuer } from "../../supabase/local/stack/signing-key.ts";

export interface AssistantHarness {
  fake: FakeAnthropic;
  request(
    user: TestUser,
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<Response>;
  json(user: TestUser, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }>;
  close(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  accept?: string;
  headers?: Record<string, string>;
}

export const today = "2026-11-24";

/**
 * The assistant handler in-process, against the test stack's database and
 * JWKS, with the real SDK pointed at a fake Messages API the test scripts.
 */
export async function startAssistant(
  settings: Partial<AssistantSettings> = {},
  databaseSettings: Record<string, string> = {},
): Promise<AssistantHarness> {
  const fake = await startFakeAnthropic();
  const sql = postgres(stackEnv().databaseUrl, { max: 4, onnotice: () => {}, connection: databaseSettings });
  const handler = createAssistantHandler({
    sql,
    verify: createAccessTokenVerifier({
      jwksUrl: `${stackEnv().apiUrl}/auth/v1/.well-known/jwks.json`,
      issuer: authIssuer(stackEnv().apiUrl),
    }),
    settings: () => ({
      apiKey: "test-key",
      baseURL: fake.baseURL,
      model: "claude-test",
      maxTokens: 512,
      maxRounds: 4,
      maxRetries: 1,
      actionTtlSeconds: 3600,
      ...settings,
    }),
    now: () => new Date(`${today}T12:00:00Z`),
  });
  const request = (user: TestUser, method: string, path: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${user.token}`, ...options.headers };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.accept) headers.accept = options.accept;
    return Promise.resolve(handler(
      new Request(`http://assistant.local/assistant/${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    ));
  };
  return {
    fake,
    request,
    json: async (user, method, path, body) => {
      const response = await request(user, method, path, { body });
      return { status: response.status, body: await response.json() };
    },
    close: async () => {
      await fake.close();
      await sql.end();
    },
  };
}

/** The events of a server-sent event stream, in order. */
export async function readEvents(response: Response): Promise<{ event: string; data: Json }[]> {
  const text = await response.text();
  return text.split("\n\n").filter((chunk) => chunk.trim()).map((chunk) => {
    const event = /^event: (.*)$/m.exec(chunk)?.[1] ?? "";
    const data = JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? "null");
    return { event, data };
  });
}
