import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod";
import { findTool, type ToolName, type ToolOutput } from "../../shared/tools/registry.ts";
import { functionsUrl, stackEnv, type TestUser } from "./stack.ts";

/** What a successful reply of the named tool carries; unknown for a name that is not a tool. */
export type ReplyData<Name extends string> = Name extends ToolName ? ToolOutput<Name> : unknown;

export interface ToolResponse<Data = unknown> {
  status: number;
  headers: Headers;
  body: {
    ok: boolean;
    data?: Data;
    error?: { type: string; message: string; field?: string; retryable: boolean; details?: Record<string, unknown> };
  };
}

/**
 * Every successful reply a test sees is checked against its tool's outputSchema (its group's results.ts), so a
 * difference between the SQL and the declared result type fails the test that met it.
 */
export function checkReplyData(toolName: string, data: unknown): void {
  const tool = findTool(toolName);
  if (!tool) return;
  const parsed = tool.outputSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `${toolName} replied with data its outputSchema refuses:\n${z.prettifyError(parsed.error)}\n` +
        JSON.stringify(data),
    );
  }
}

const toolPath = /\/functions\/v1\/([a-z_]+)\/([a-z_]+)$/;

/** fetch, with a successful tool reply's data checked as checkReplyData does: what supabase-js calls use. */
async function checkingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const request = new Request(input, init);
  const match = toolPath.exec(new URL(request.url).pathname);
  if (match && request.method === "POST" && response.ok) {
    const body = await response.clone().json();
    if (body.ok) checkReplyData(`${match[1]}.${match[2]}`, body.data);
  }
  return response;
}

/**
 * Calls a tool as the web app does with fetch: `POST /functions/v1/<group>/<action>`
 * with the user's token and, when given, Idempotency-Key and X-Household-Id.
 */
export async function callTool<Name extends string>(
  user: TestUser | undefined,
  tool: Name,
  input: unknown,
  options: { idempotencyKey?: string; householdId?: string; headers?: Record<string, string> } = {},
): Promise<ToolResponse<ReplyData<Name>>> {
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
  const body = await response.json();
  if (body.ok) checkReplyData(tool, body.data);
  return { status: response.status, headers: response.headers, body };
}

/** The tool's data, or a thrown assertion naming the error: for arranging a test's state. */
export async function callToolOk<Name extends ToolName>(
  user: TestUser,
  tool: Name,
  input: unknown,
  options: { idempotencyKey?: string; householdId?: string } = {},
): Promise<ToolOutput<Name>> {
  const response = await callTool(user, tool, input, options);
  if (!response.body.ok) {
    throw new Error(`${tool} failed with ${response.status}: ${JSON.stringify(response.body.error)}`);
  }
  return response.body.data as ToolOutput<Name>;
}

/** A supabase-js client that calls functions as this user, as the household web app does. */
export function supabaseAs(user: TestUser): SupabaseClient {
  const { apiUrl, anonKey } = stackEnv();
  return createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: () => Promise.resolve(user.token),
    global: { fetch: checkingFetch },
  });
}
