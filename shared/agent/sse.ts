import { corsHeaders } from "../http/cors.ts";
import type { TurnEvent } from "./turn-events.ts";

/**
 * A server-sent events response fed by `produce`, which gets an emit function.
 * The stream closes when `produce` settles; it is the producer's job to send
 * exactly one `done` event.
 */
export function eventStreamResponse(produce: (emit: (event: TurnEvent) => void) => Promise<unknown>): Response {
  const encoder = new TextEncoder();
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const emit = (event: TurnEvent) => {
        if (closed) return;
        controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
      };
      produce(emit).catch((error) => console.error("assistant: stream producer failed", error)).finally(() => {
        closed = true;
        controller.close();
      });
    },
    cancel() {
      closed = true;
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      ...corsHeaders,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-accel-buffering": "no",
    },
  });
}
