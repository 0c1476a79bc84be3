import type postgres from "postgres";
import type { AuthenticatedUser } from "../auth/access-token.ts";
import { databaseUnavailable } from "./connection-errors.ts";
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
  /** The call changes state: it runs as the writer role, the only one with write grants. */
  isWrite: boolean;
  /** Whether it gets an invocation record (and so idempotency); defaults to isWrite. */
  recorded?: boolean;
  idempotencyKey?: string | null;
  inputHash?: string | null;
}

/** What private.invoke_json(p_request jsonb) reads, by name: the one contract with the SQL. */
export interface InvokeRecord {
  claims: Record<string, unknown>;
  household_id: string | null;
  tool: string;
  function: string;
  input: unknown;
  scope: "household" | "user";
  is_write: boolean;
  idempotency_key: string | null;
  input_hash: string | null;
  recorded: boolean;
}

export function invokeRecord(request: InvokeRequest): InvokeRecord {
  return {
    claims: request.user.claims,
    household_id: request.householdId,
    tool: request.name,
    function: request.functionName,
    input: request.input ?? null,
    scope: request.scope,
    is_write: request.isWrite,
    idempotency_key: request.idempotencyKey ?? null,
    input_hash: request.inputHash ?? null,
    recorded: request.recorded ?? request.isWrite,
  };
}

export interface InvokeResult<Data = unknown> {
  replayed: boolean;
  data: Data;
  household_id: string | null;
}

/**
 * One round trip: private.invoke_json sets the caller's claims and role
 * (`authenticated` to read, the writer role to write), resolves the household, handles idempotency and the audit
 * record, and runs the app function under RLS. Database errors come back as AppErrors.
 */
export async function invokeAppFunction<Data = unknown>(
  sql: Queryable,
  request: InvokeRequest,
): Promise<InvokeResult<Data>> {
  let rows: { result: InvokeResult<Data> }[];
  try {
    const record = invokeRecord(request) as unknown as postgres.JSONValue;
    rows = await sql<{ result: InvokeResult<Data> }[]>`select private.invoke_json(${sql.json(record)}) as result`;
  } catch (error) {
    throw databaseErrorToAppError(error);
  }
  const result = rows[0]?.result;
  if (result && typeof result === "object") return result;
  // private.invoke always answers one row with an object, unless its connection was lost: postgres.js has been seen
  // to resolve such a query with no rows when the server terminated the connection under it. Whether a write
  // committed is then unknown, as with any lost connection, so the caller gets the same retryable 503.
  throw databaseUnavailable(
    new Error(`private.invoke answered ${rows.length} rows instead of one reply (a connection lost mid-query)`),
  );
}
