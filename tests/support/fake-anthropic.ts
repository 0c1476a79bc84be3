// A local stand-in for the Anthropic Messages API, speaking its protocol (JSON
// replies, server-sent event streams, error bodies and retry headers) so that
// the real SDK can be tested against it. Responses are scripted by the test.

export type ScriptedBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown; rawJson?: string };

export type ScriptedResponse =
  | { kind: "message"; content: ScriptedBlock[]; stop_reason?: "end_turn" | "tool_use" | "max_tokens" }
  | { kind: "error"; status: number; type: string; message: string; retryAfterSeconds?: number };

export interface ReceivedRequest {
  headers: Record<string, string>;
  // deno-lint-ignore no-explicit-any
  body: any;
}

export interface FakeAnthropic {
  baseURL: string;
  requests: ReceivedRequest[];
  script(...responses: ScriptedResponse[]): void;
  close(): Promise<void>;
}

function chunks(text: string, count = 3): string[] {
  if (text.length === 0) return [""];
  const size = Math.ceil(text.length / count);
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size));
  return parts;
}

function apiError(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  return Response.json({ type: "error", error: { type, message } }, {
    status,
    headers: { "request-id": `req_${crypto.randomUUID()}`, ...headers },
  });
}

function messageEvents(model: string, id: string, response: Extract<ScriptedResponse, { kind: "message" }>) {
  const stopReason = response.stop_reason ??
    (response.content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn");
  const events: [string, unknown][] = [[
    "message_start",
    {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
  ], ["ping", { type: "ping" }]];
  response.content.forEach((block, index) => {
    if (block.type === "text") {
      events.push(["content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "text", text: "" },
      }]);
      for (const text of chunks(block.text)) {
        events.push(["content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "text_delta", text },
        }]);
      }
    } else {
      events.push(["content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
      }]);
      for (const partial_json of chunks(block.rawJson ?? JSON.stringify(block.input))) {
        events.push(["content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json },
        }]);
      }
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push(["message_delta", {
    type: "message_delta",
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: 20 },
  }]);
  events.push(["message_stop", { type: "message_stop" }]);
  return { events, stopReason };
}

function answer(request: ReceivedRequest, response: ScriptedResponse | undefined): Response {
  if (!response) return apiError(500, "api_error", "the fake's script is exhausted: the test expected fewer requests");
  if (response.kind === "error") {
    const headers: Record<string, string> = {};
    if (response.retryAfterSeconds !== undefined) {
      headers["retry-after"] = String(Math.ceil(response.retryAfterSeconds));
      headers["retry-after-ms"] = String(Math.round(response.retryAfterSeconds * 1000));
    }
    return apiError(response.status, response.type, response.message, headers);
  }
  const id = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  const { events, stopReason } = messageEvents(request.body.model, id, response);
  if (request.body.stream) {
    const text = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("");
    return new Response(text, { headers: { "content-type": "text/event-stream", "request-id": `req_${id}` } });
  }
  const content = response.content.map((block) =>
    block.type === "text" ? block : { type: "tool_use", id: block.id, name: block.name, input: block.input }
  );
  return Response.json({
    id,
    type: "message",
    role: "assistant",
    model: request.body.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 20 },
  });
}

/** Starts the fake on 127.0.0.1 with a free port; each request takes the next scripted response. */
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
          script: (...responses) => queue.push(...responses),
          close: () => server.shutdown(),
        }),
    }, async (request) => {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/messages") {
        return apiError(404, "not_found_error", `${request.method} ${url.pathname} is not part of this fake`);
      }
      const received: ReceivedRequest = {
        headers: Object.fromEntries(request.headers),
        body: await request.json(),
      };
      requests.push(received);
      // The SDK sends the key as `Authorization: Bearer` (older versions: x-api-key).
      if (!received.headers["x-api-key"] && !/^Bearer \S+/.test(received.headers["authorization"] ?? "")) {
        return apiError(401, "authentication_error", "an API key is required");
      }
      if (!received.headers["anthropic-version"]) {
        return apiError(400, "invalid_request_error", "anthropic-version header is required");
      }
      return answer(received, queue.shift());
    });
  });
}
