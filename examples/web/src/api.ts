/// <reference lib="dom" />
// The app's API: tools through the typed client generated from the registry (shared/client/, typed in and out,
// one ToolError), and the assistant's action routes, which are not tools, through supabase-js `functions.invoke`.
// Every reply is the envelope `{ ok, data }` or `{ ok: false, error }`.
import { createClient, FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import { ToolError } from "../../../shared/client/errors.ts";
import { createToolsClient } from "../../../shared/client/tools-client.generated.ts";

/** The envelope's error, as the API sent it, with the HTTP status. */
export class ApiError extends Error {
  constructor(readonly type: string, message: string, readonly status: number | null, readonly retryable = false) {
    super(message);
  }
}

export interface ApiSettings {
  apiUrl: string;
  anonKey: string;
  token: () => string | null;
  householdId: () => string | null;
}

export type Api = ReturnType<typeof createApi>;

export function createApi(settings: ApiSettings) {
  // With no token supabase-js sends the anon key as the bearer, and the functions answer 401: the page shows
  // that answer rather than guessing, so what it says is what the API decided.
  const client = createClient(settings.apiUrl, settings.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: () => Promise.resolve(settings.token()),
  });

  async function invoke<Data>(
    path: string,
    method: "GET" | "POST",
    body?: Record<string, unknown>,
    write = false,
  ): Promise<Data> {
    const headers: Record<string, string> = {};
    const householdId = settings.householdId();
    if (householdId) headers["x-household-id"] = householdId;
    // One key per user action: a retried request is answered from the first, never applied twice.
    if (write) headers["idempotency-key"] = crypto.randomUUID();
    const { data, error } = await client.functions.invoke(path, { method, body, headers });
    if (error) throw await describe(error, settings.apiUrl);
    if (!data || data.ok !== true) throw new ApiError("INVALID_REPLY", `Unexpected reply from ${path}.`, 200);
    return data.data as Data;
  }

  return {
    /** The typed tools, in the household chosen now; a ToolError becomes the page's ApiError. */
    tools: () => createToolsClient(client, { householdId: settings.householdId() ?? undefined }),
    /** A fresh Idempotency-Key per user action: a retried request is answered from the first. */
    once: () => ({ idempotencyKey: crypto.randomUUID() }),
    get: <Data>(path: string) => invoke<Data>(path, "GET"),
    post: <Data>(path: string) => invoke<Data>(path, "POST", undefined, true),
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
        return new ApiError(type, message, response.status, retryable === true);
      }
    } catch {
      // not the envelope: fall through to the status line
    }
    return new ApiError(`HTTP_${response.status}`, text.slice(0, 200) || response.statusText, response.status);
  }
  if (error instanceof FunctionsFetchError) {
    return new ApiError("NETWORK", `Could not reach the API at ${apiUrl}. Is deno task start running?`, null, true);
  }
  return new ApiError("UNKNOWN", error instanceof Error ? error.message : String(error), null);
}
