// A local stand-in for the Anthropic Messages API, for tests only. It speaks the protocol closely enough for the
// real @anthropic-ai/sdk to parse everything: JSON replies, server-sent event streams, error bodies and retry
// headers. Each POST /v1/messages consumes the next scripted response, so tests decide what "Claude" says.
//
// Protocol details the SDK (1.12.0) depends on:
// - it authenticates with `Authorization: Bearer <apiKey>`; `x-api-key` is only sent if a caller sets it by hand,
//   so either header counts as a key here.
// - every SSE event needs its `event:` line: the SDK skips events without one, drops `ping`, and throws on `error`.
// - retry delays come from `retry-after-ms` (milliseconds, fractional allowed) before `retry-after` (seconds);
//   a missing, zero or unparseable value falls back to exponential backoff starting at ~0.5 s.
// - a streamed tool_use input is the concatenation of its `partial_json` chunks, parsed by a partial-JSON parser:
//   truncated JSON is completed; anything else makes `messages.stream(...)` fail with an AnthropicError wrapping
//   the SyntaxError (raw `create({stream: true})` events just carry the chunks).

export type ScriptedBlock =
  | { type: "text"; text: string }
  | {
    type: "tool_use";
    id: string;
    name: string;
    input: unknown;
    /** streamed as this raw JSON text instead of JSON.stringify(input), to test malformed tool arguments.
     * Only streaming uses it: a non-streamed reply always carries the parsed `input`, as the real API does. */
    rawJson?: string;
  };

export type ScriptedResponse =
  | {
    kind: "message";
    content: ScriptedBlock[];
    stop_reason?: "end_turn" | "tool_use" | "max_tokens";
    usage?: { input_tokens: number; output_tokens: number };
  }
  | { kind: "error"; status: number; type: string; message: string; retryAfterSeconds?: number };

export interface ReceivedRequest {
  headers: Record<string, string>;
  // deno-lint-ignore no-explicit-any
  body: any;
}

export interface FakeAnthropic {
  /** e.g. "http://127.0.0.1:41234": what to pass as the SDK's baseURL */
  baseURL: string;
  /** every POST /v1/messages received, in order, body parsed */
  requests: ReceivedRequest[];
  /** appends to the queue; each request consumes one */
  script(...responses: ScriptedResponse[]): void;
  close(): Promise<void>;
}

type ScriptedMessage = Extract<ScriptedResponse, { kind: "message" }>;

const defaultUsage = { input_tokens: 10, output_tokens: 20 };

/** Splits text into up to three non-empty pieces (one empty piece for empty text). */
function splitIntoChunks(text: string, count = 3): string[] {
  if (text.length === 0) return [""];
  const size = Math.ceil(text.length / count);
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function newRequestId(): string {
  return `req_${crypto.randomUUID().replaceAll("-", "")}`;
}

function errorResponse(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  return Response.json({ type: "error", error: { type, message } }, {
    status,
    headers: { "request-id": newRequestId(), ...headers },
  });
}

function stopReasonOf(scripted: ScriptedMessage): string {
  return scripted.stop_reason ??
    (scripted.content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn");
}

/** The event sequence of a streamed message, as [event name, data] pairs. */
function streamEvents(id: string, model: string, scripted: ScriptedMessage): [string, unknown][] {
  const usage = scripted.usage ?? defaultUsage;
  const events: [string, unknown][] = [
    ["message_start", {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
      },
    }],
    ["ping", { type: "ping" }],
  ];
  scripted.content.forEach((block, index) => {
    const startBlock = block.type === "text"
      ? { type: "text", text: "" }
      : { type: "tool_use", id: block.id, name: block.name, input: {} };
    events.push(["content_block_start", { type: "content_block_start", index, content_block: startBlock }]);
    const pieces = block.type === "text"
      ? splitIntoChunks(block.text).map((text) => ({ type: "text_delta", text }))
      : splitIntoChunks(block.rawJson ?? JSON.stringify(block.input)).map((partial_json) => ({
        type: "input_json_delta",
        partial_json,
      }));
    for (const delta of pieces) events.push(["content_block_delta", { type: "content_block_delta", index, delta }]);
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push(["message_delta", {
    type: "message_delta",
    delta: { stop_reason: stopReasonOf(scripted), stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  }]);
  events.push(["message_stop", { type: "message_stop" }]);
  return events;
}

function messageResponse(request: ReceivedRequest, scripted: ScriptedMessage): Response {
  const id = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  const model = request.body.model;
  const headers = { "request-id": newRequestId() };
  if (request.body.stream === true) {
    const encoder = new TextEncoder();
    const events = streamEvents(id, model, scripted);
    // One chunk per event, so the SDK's SSE decoder sees them arrive separately.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = events.shift();
        if (!next) return controller.close();
        controller.enqueue(encoder.encode(`event: ${next[0]}\ndata: ${JSON.stringify(next[1])}\n\n`));
      },
    });
    return new Response(body, {
      headers: { ...headers, "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
    });
  }
  const content = scripted.content.map((block) =>
    block.type === "text"
      ? { type: "text", text: block.text }
      : { type: "tool_use", id: block.id, name: block.name, input: block.input }
  );
  return Response.json({
    id,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stopReasonOf(scripted),
    stop_sequence: null,
    usage: scripted.usage ?? defaultUsage,
  }, { headers });
}

function scriptedResponse(request: ReceivedRequest, scripted: ScriptedResponse | undefined): Response {
  if (!scripted) {
    return errorResponse(500, "api_error", "fake Anthropic: the script is exhausted (the test sent more requests)");
  }
  if (scripted.kind === "message") return messageResponse(request, scripted);
  const headers: Record<string, string> = {};
  if (scripted.retryAfterSeconds !== undefined) {
    headers["retry-after"] = String(Math.ceil(scripted.retryAfterSeconds));
    headers["retry-after-ms"] = String(scripted.retryAfterSeconds * 1000);
  }
  return errorResponse(scripted.status, scripted.type, scripted.message, headers);
}

/** Starts the fake on 127.0.0.1 with a free port. */
export function startFakeAnthropic(): Promise<FakeAnthropic> {
  const requests: ReceivedRequest[] = [];
  const queue: ScriptedResponse[] = [];
  return new Promise((resolve) => {
    const server = Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen: ({ port }) =>
        resolve({
          baseURL: `http://127.0.0.1:${port}`,
          requests,
          script: (...responses) => void queue.push(...responses),
          close: async () => {
            await server.shutdown();
            await server.finished;
          },
        }),
    }, async (request) => {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/messages") {
        return errorResponse(404, "not_found_error", `fake Anthropic: ${request.method} ${url.pathname} is not served`);
      }
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return errorResponse(400, "invalid_request_error", "fake Anthropic: the request body is not JSON");
      }
      const received: ReceivedRequest = { headers: Object.fromEntries(request.headers), body };
      requests.push(received);
      // Neither check consumes a scripted response.
      if (!received.headers["x-api-key"] && !/^Bearer \S+/.test(received.headers["authorization"] ?? "")) {
        return errorResponse(401, "authentication_error", "fake Anthropic: x-api-key (or Authorization) is missing");
      }
      if (!received.headers["anthropic-version"]) {
        return errorResponse(400, "invalid_request_error", "fake Anthropic: the anthropic-version header is missing");
      }
      return scriptedResponse(received, queue.shift());
    });
  });
}
