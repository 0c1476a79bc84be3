import { errorFromStatus, isErrorEnvelope, ToolError } from "./errors.ts";

/** What the client needs of a supabase-js client: `functions.invoke` (SupabaseClient and FunctionsClient fit). */
export interface FunctionsHost {
  functions: {
    invoke(
      functionName: string,
      options: { method: "POST"; body: Record<string, unknown>; headers: Record<string, string>; signal?: AbortSignal },
    ): Promise<{ data: unknown; error: unknown; response?: Response }>;
  };
}

export interface CallOptions {
  signal?: AbortSignal;
  /** More headers for this call. */
  headers?: Record<string, string>;
}

export interface HouseholdOptions {
  /** X-Household-Id: the household to act in, for a user in several; with one it is implied. */
  householdId?: string;
}

export interface WriteOptions {
  /** Idempotency-Key: a retry with the same key and input returns the first reply and changes nothing. */
  idempotencyKey?: string;
}

export type AnyCallOptions = CallOptions & HouseholdOptions & WriteOptions;

async function failure(tool: string, error: unknown, response: Response | undefined): Promise<ToolError> {
  if (!response) {
    const reason = error instanceof Error ? error.message : String(error);
    return new ToolError({
      type: "UNAVAILABLE",
      message: `${tool} got no reply: ${reason}`,
      retryable: true,
      status: 0,
      tool,
      cause: error,
    });
  }
  const body = await response.json().catch(() => undefined);
  if (!isErrorEnvelope(body)) return errorFromStatus(tool, response.status, error);
  return new ToolError({ ...body.error, status: response.status, tool, cause: error });
}

/**
 * Calls `POST /functions/v1/<group>/<action>` through supabase-js (which sends the user's token) and returns the
 * envelope's `data`; any failure is thrown as a ToolError.
 */
export async function callTool<Output>(
  host: FunctionsHost,
  tool: string,
  input: object,
  options: AnyCallOptions = {},
): Promise<Output> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.idempotencyKey !== undefined) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.householdId !== undefined) headers["X-Household-Id"] = options.householdId;
  const { data, error, response } = await host.functions.invoke(tool.replace(".", "/"), {
    method: "POST",
    body: input as Record<string, unknown>,
    headers,
    signal: options.signal,
  });
  if (error) throw await failure(tool, error, response);
  if (typeof data === "object" && data !== null && (data as { ok?: unknown }).ok === true && "data" in data) {
    return (data as { data: Output }).data;
  }
  throw new ToolError({
    type: "INTERNAL",
    message: `${tool} answered without the { ok: true, data } envelope.`,
    retryable: false,
    status: response?.status ?? 200,
    tool,
  });
}
