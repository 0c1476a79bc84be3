/// <reference lib="dom" />
// One turn of the assistant over server-sent events: POST /functions/v1/assistant/chat with
// Accept: text/event-stream (functions/assistant; events in shared/agent/turn-events.ts). supabase-js hands back the
// Response for an event stream, so its body is read as it arrives: text appears while the model writes it.
import type { SupabaseClient } from "@supabase/supabase-js";
import { ApiError, asApiError } from "../../api.ts";
import { sseEventParser } from "./sse-events.ts";

export interface PendingAction {
  id: string;
  tool: string;
  input: unknown;
  /** The describer's sentence ("Add Tacos to dinner on 27 November"); absent on older actions. */
  summary?: string | null;
  description?: string | null;
  status: "pending" | "confirmed" | "rejected" | "expired";
  result: { ok: boolean; error?: { message: string } } | null;
  expires_at: string;
}

export type ChatEvent =
  | { type: "conversation"; conversation_id: string }
  | { type: "text_delta"; text: string }
  | { type: "tool_call_started"; name: string }
  | { type: "pending_action_created"; action: PendingAction }
  | { type: "error"; error: { type: string; message: string; retryable: boolean } }
  | { type: "done"; conversation_id: string | null; reply: string; stop_reason: string };

export async function streamTurn(
  supabase: SupabaseClient,
  request: { message: string; conversationId: string | null; householdId: string },
  onEvent: (event: ChatEvent) => void,
): Promise<void> {
  const { data, error } = await supabase.functions.invoke("assistant/chat", {
    method: "POST",
    body: { message: request.message, conversation_id: request.conversationId },
    headers: { accept: "text/event-stream", "x-household-id": request.householdId },
  });
  if (error) throw await replyError(error);
  if (!(data instanceof Response) || !data.body) {
    throw new ApiError("INVALID_REPLY", "The assistant did not answer with a stream.", 200);
  }
  const reader = data.body.pipeThrough(new TextDecoderStream()).getReader();
  const push = sseEventParser(onEvent);
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    push(value);
  }
}

async function replyError(error: unknown): Promise<ApiError> {
  const response = (error as { context?: unknown }).context;
  if (response instanceof Response) {
    const body = await response.json().catch(() => null);
    if (body?.error?.message) {
      return new ApiError(body.error.type, body.error.message, response.status, body.error.retryable === true);
    }
    return new ApiError(`HTTP_${response.status}`, `The assistant answered HTTP ${response.status}.`, response.status);
  }
  return asApiError(error);
}
