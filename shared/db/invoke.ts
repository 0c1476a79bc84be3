import type postgres from "postgres";
import type { AuthenticatedUser } from "../auth/access-token.ts";
import { databaseErrorToAppError } from "./sql-errors.ts";
import type { Queryable } from "./client.ts";

export interface InvokeRequest {
  user: AuthenticatedUser;
  /** Named by the caller; null lets the database take the caller's only household. */
  householdId: string | null;
  /** What the audit record calls it: a tool name, or `assistant.<step>`. */
  name: string;
  /** `app.<function>(p_household_id uuid, p_input jsonb) returns jsonb`. */
  functionName: string;
  input: unknown;
  scope: "household" | "user";
  isWrite: boolean;
  idempotencyKey?: string | null;
  inputHash?: string | null;
}

export interface InvokeResult<Data = unknown> {
  replayed: boolean;
  data: Data;
  household_id: string | null;
}

/**
 * One round trip: private.invoke sets the caller's claims and role
 * `authenticated`, resolves the household, handles idempotency and the audit
 * record, and runs the app function under RLS. Database errors come back as AppErrors.
 */
export async function invokeAppFunction<Data = unknown>(
  sql: Queryable,
  request: InvokeRequest,
): Promise<InvokeResult<Data>> {
  try {
    const rows = await sql<{ result: InvokeResult<Data> }[]>`
      select private.invoke(
        ${sql.json(request.user.claims as postgres.JSONValue)}, ${request.householdId}, ${request.name},
        ${request.functionName}, ${sql.json(request.input as postgres.JSONValue)}, ${request.scope},
        ${request.isWrite}, ${request.idempotencyKey ?? null}, ${request.inputHash ?? null}
      ) as result`;
    return rows[0].result;
  } catch (error) {
    throw databaseErrorToAppError(error);
  }
}
