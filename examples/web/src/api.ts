/// <reference lib="dom" />
// The app's API: tools through the typed client generated from the registry (shared/client/, typed in and out,
// one ToolError), and the assistant's action routes, which are not tools, through supabase-js `functions.invoke`.
// supabase-js attaches the signed-in user's access token (refreshed by its auth client) to every call.
import { FunctionsFetchError, FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { ToolError } from "@meal-planner/client/errors.ts";
import { createToolsClient } from "@meal-planner/client/tools-client.generated.ts";

/** The envelope's error, as the API sent it, with the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: number | null,
    readonly retryable = false,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type Api = ReturnType<typeof createApi>;

export function createApi(client: SupabaseClient, apiUrl: string, householdId: () => string | null) {
  async function invoke<Data>(path: string, method: "GET" | "POST", write = false): Promise<Data> {
    const headers: Record<string, string> = {};
    const household = householdId();
    if (household) headers["x-household-id"] = household;
    // One key per user action: a retried request is answered from the first, never applied twice.
    if (write) headers["idempotency-key"] = crypto.randomUUID();
    const { data, error } = await client.functions.invoke(path, { method, headers });
    if (error) throw await describe(error, apiUrl);
    if (!data || data.ok !== true) throw new ApiError("INVALID_REPLY", `Unexpected reply from ${path}.`, 200);
    return data.data as Data;
  }

  return {
    client,
    /** The typed tools, in the household chosen now. */
    tools: () => createToolsClient(client, { householdId: householdId() ?? undefined }),
    /** A fresh Idempotency-Key per user action: a retried request is answered from the first. */
    once: (key: string = crypto.randomUUID()) => ({ idempotencyKey: key }),
    get: <Data>(path: string) => invoke<Data>(path, "GET"),
    post: <Data>(path: string) => invoke<Data>(path, "POST", true),
  };
}

/** The page shows one kind of error: the typed client's ToolError is carried over as it is. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ToolError) {
    return new ApiError(error.type, error.message, error.status || null, error.retryable);
  }
  return new ApiError("UNKNOWN", error instanceof Error ? error.message : String(error), null);
}

async function describe(error: unknown, apiUrl: string): Promise<ApiError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const text = await response.text();
    try {
      const envelope = JSON.parse(text);
      if (envelope?.error?.message) {
        const { type, message, retryable } = envelope.error;
        return new ApiError(type, message, response.status, retryable === true, envelope.error);
      }
    } catch {
      // not the envelope: fall through to the status line
    }
    return new ApiError(`HTTP_${response.status}`, text.slice(0, 200) || response.statusText, response.status);
  }
  if (error instanceof FunctionsFetchError) {
    return new ApiError("NETWORK", `Could not reach the server at ${apiUrl}.`, null, true);
  }
  return new ApiError("UNKNOWN", error instanceof Error ? error.message : String(error), null);
}
