import assert from "node:assert/strict";
import { shutdownWithin } from "./stack.ts";

Deno.test({
  name: "stopping the API does not wait for ever on a request whose stream never ends",
  // The request is left hanging on purpose; the server is gone when the test ends.
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      () => new Response(new ReadableStream({ start() {} })),
    );
    const response = await fetch(`http://127.0.0.1:${server.addr.port}/`);
    assert.equal(response.status, 200);
    // A plain graceful shutdown would wait for this stream for ever; bounded, it goes on after 300 ms.
    let limit: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      shutdownWithin(server, 300).then(() => "stopped"),
      new Promise((resolve) => limit = setTimeout(() => resolve("still waiting after 5 s"), 5_000)),
    ]);
    clearTimeout(limit);
    assert.equal(outcome, "stopped");
    await response.body?.cancel().catch(() => {});
  },
});
