import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { functionsUrl, stackEnv, type TestUser } from "./stack.ts";

export interface ToolResponse<Data = unknown> {
  status: number;
  headers: Headers;
  body: {
    ok: boolean;
    data?: Data;
    error?: { type: string; message: string; field?: string; retryable: boolean };
  };
}

/**
 * Calls a tool as the web app does with fetch: `POST /functions/v1/<group>/<action>`
 * with the user's token and, when given, Idempotency-Key and X-Household-Id.
 */
export async function callTool<Data = unknown>(
  user: TestUser | undefined,
  tool: string,
  input: unknown,
  options: { idempotencyKey?: string; householdId?: string; headers?: Record<string, string> } = {},
): Promise<ToolResponse<Data>> {
  const [group, action] = tool.split(".");
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (user) headers.authorization = `Bearer ${user.token}`;
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  if (options.householdId) headers["x-household-id"] = options.householdId;
  const response = await fetch(functionsUrl(`${group}/${action}`), {
    method: "POST",
    headers,
    body: JSON.stringify(input),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** The tool's data, or a thrown assertion naming the error: for arranging a test's state. */
export async function callToolOk<Data = unknown>(
  user: TestUser,
  tool: string,
  input: unknown,
  options: { idempotencyKey?: string; householdId?: string } = {},
): Promise<Data> {
  const response = await callTool<Data>(user, tool, input, options);
  if (!response.body.ok) {
    throw new Error(`${tool} failed with ${response.status}: ${JSON.stringify(response.body.error)}`);
  }
  return response.body.data as Data;
}

/** A supabase-js client that calls functions as this user, as the household web app does. */
export function supabaseAs(user: TestUser): SupabaseClient {
  const { apiUrl, anonKey } = stackEnv();
  return createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: () => Promise.resolve(user.token),
  });
}
