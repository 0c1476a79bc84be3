import type { Sql } from "../../shared/db/client.ts";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { ensureUser } from "../../supabase/local/stack/users.ts";
import type { TestUser } from "../support/stack.ts";

/**
 * For tests that run functions of their own (startFunctionsProcess) rather than the stack's: a user and a token
 * whose issuer is those functions' URL, as the stack's tokens name the stack's.
 */
export async function userFor(sql: Sql, stateDirectory: string, apiUrl: string, label: string): Promise<TestUser> {
  const user = await ensureUser(sql, `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const key = await readSigningKey(stateDirectory);
  return { ...user, token: await signUserToken(key, apiUrl, user) };
}

export interface Reply {
  status: number;
  body: {
    ok: boolean;
    data?: Record<string, unknown>;
    error?: { type: string; message: string; retryable: boolean };
  };
}

/** A tool call as the web app makes it, to the functions at apiUrl. */
export async function callAt(
  apiUrl: string,
  user: TestUser,
  tool: string,
  input: unknown,
  householdId?: string,
): Promise<Reply> {
  const [group, action] = tool.split(".");
  const headers: Record<string, string> = {
    "content-type": "application/json",
    authorization: `Bearer ${user.token}`,
  };
  if (householdId) headers["x-household-id"] = householdId;
  const response = await fetch(`${apiUrl}/functions/v1/${group}/${action}`, {
    method: "POST",
    headers,
    body: JSON.stringify(input),
  });
  return { status: response.status, body: await response.json() };
}
