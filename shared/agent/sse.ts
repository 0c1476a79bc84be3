import type { TurnEvent } from "./turn-events.ts";

const failedTurn: TurnEvent[] = [
  { type: "error", error: { type: "INTERNAL", message: "The assistant failed during this turn.", retryable: true } },
  { type: "done", conversation_id: null, reply: "", stop_reason: "error", rounds: 0 },
];

/**
 * A server-sent events response fed by `produce`, which gets an emit function.
 * The stream ends with exactly one `done` event: the first one the producer
 * sends closes it (later events are dropped), and a producer that fails or
 * stops without one gets an error and a `done` sent for it.
 */
export function eventStreamResponse(produce: (emit: (event: TurnEvent) => void) => Promise<unknown>): Response {
  const encoder = new TextEncoder();
  let finished = false;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const emit = (event: TurnEvent) => {
        if (finished) return;
        if (event.type === "done") finished = true;
        if (cancelled) return;
        controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
      };
      produce(emit)
        .catch((error) => console.error("assistant: stream producer failed", error))
        .finally(() => {
          for (const event of failedTurn) emit(event);
          if (!cancelled) controller.close();
        });
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-accel-buffering": "no",
    },
  });
}
