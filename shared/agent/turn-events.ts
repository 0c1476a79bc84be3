/** A pending action as the app sees it. */
export interface PendingAction {
  id: string;
  tool: string;
  input: unknown;
  /** The tool's describer's sentence ("Add 1 l milk to Weekly shop"); null for actions proposed before it existed. */
  summary: string | null;
  status: "pending" | "confirmed" | "rejected" | "expired";
  conversation_id: string | null;
  result: unknown;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

export interface ToolCallRecord {
  id: string;
  name: string;
  input: unknown;
  result: unknown;
  is_error: boolean;
}

/** What a turn reports as it goes: the same events feed the JSON reply and the SSE stream. */
export type TurnEvent =
  | { type: "conversation"; conversation_id: string }
  | { type: "text_delta"; text: string }
  | { type: "tool_call_started"; id: string; name: string; input: unknown }
  | { type: "tool_call_result"; id: string; name: string; result: unknown; is_error: boolean }
  | { type: "pending_action_created"; action: PendingAction }
  | { type: "error"; error: { type: string; message: string; retryable: boolean } }
  | {
    type: "done";
    conversation_id: string | null;
    reply: string;
    stop_reason: "end_turn" | "round_limit" | "max_tokens" | "error";
    rounds: number;
  };

export type EmitEvent = (event: TurnEvent) => void;
