// Sends a queued call as the typed client sends any tool call, with the key minted when the person acted.
import { callTool, type FunctionsHost } from "@meal-planner/client/call-tool.ts";
import { ToolError } from "@meal-planner/client/errors.ts";
import type { QueuedCall, Transport, TransportResult } from "./queue.ts";

/** The tools whose input takes `seen_version` (conflict detection); learnt from the first refusal of the field. */
const seenVersionRefused = new Set<string>();

export function toolTransport(host: FunctionsHost, householdId: () => string | undefined): Transport {
  return async (call: QueuedCall): Promise<TransportResult> => {
    // Adds take no seen_version: they change no line someone else may have changed.
    const withVersion = call.seenVersion !== null && call.tool !== "grocery.add_item" &&
      call.tool !== "grocery.add_text" && !seenVersionRefused.has(call.tool);
    const input = withVersion ? { ...call.input, seen_version: call.seenVersion } : call.input;
    try {
      const data = await callTool<Record<string, unknown>>(host, call.tool, input, {
        idempotencyKey: call.idempotencyKey,
        householdId: householdId(),
      });
      return { ok: true, data };
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      // A server without conflict detection refuses the unknown field and applies nothing: send it without.
      if (withVersion && error.status === 400 && /seen_version/.test(`${error.field} ${error.message}`)) {
        seenVersionRefused.add(call.tool);
        return await toolTransport(host, householdId)(call);
      }
      // No reply, a server error, an expired token or a rate limit: the same call may succeed later.
      const retryable = error.retryable || error.status === 0 || error.status === 401 || error.status >= 500;
      return { ok: false, retryable, status: error.status || null, type: error.type, message: error.message };
    }
  };
}
