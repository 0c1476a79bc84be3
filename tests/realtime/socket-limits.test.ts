// Realtime's limits on a client's socket, as the stand-in applies them: a frame over max_frame_size closes the
// socket with 1009 (as Cowboy does), a socket past max_events_per_second has its channels shut down with
// "Too many messages per second" and is closed, and what a socket holds (frames not yet handled, answers the client
// has not read) stays under websocket_max_heap_size. Counted in frames and bytes, never in time or RSS.
import assert from "node:assert/strict";
import { authIssuer, jwks, readSigningKey } from "../../supabase/local/stack/signing-key.ts";
import { realtimeDefaultLimits, type SocketLimits } from "../../supabase/local/realtime/limits.ts";
import { type RealtimeStandIn, startRealtimeStandIn } from "../../supabase/local/realtime/stand-in.ts";
import { closeCodes, tooManyMessages, tooMuchHeld } from "../../supabase/local/realtime/socket-session.ts";
import { adminSql, createTestUser, stackEnv } from "../support/stack.ts";
import { householdOf } from "../support/households.ts";
import { RawWebSocket } from "./raw-websocket.ts";
import { LiveClient, waitFor } from "./realtime-client.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

function socketUrl(base: string): string {
  const { anonKey } = stackEnv();
  return `${base.replace(/^http/, "ws")}/realtime/v1/websocket?apikey=${encodeURIComponent(anonKey)}&vsn=2.0.0`;
}

/** A stand-in of its own, with the given limits, served on a port of its own. */
async function withStandIn(
  limits: Partial<SocketLimits>,
  run: (standIn: RealtimeStandIn, url: string, apiUrl: string) => Promise<void>,
): Promise<void> {
  const { databaseUrl, stateDirectory, apiUrl } = stackEnv();
  const standIn = await startRealtimeStandIn({
    databaseUrl,
    jwks: jwks(await readSigningKey(stateDirectory)),
    issuers: [authIssuer(apiUrl), "supabase-local"],
    limits: { ...realtimeDefaultLimits, ...limits },
  });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => standIn.handle(request));
  try {
    const apiUrl = `http://127.0.0.1:${server.addr.port}`;
    await run(standIn, socketUrl(apiUrl), apiUrl);
  } finally {
    await standIn.close();
    await server.shutdown();
  }
}

function heartbeat(ref: number): string {
  return JSON.stringify([null, String(ref), "phoenix", "heartbeat", {}]);
}

/** A heartbeat frame of exactly `size` bytes (padded in its payload, which the server ignores). */
function heartbeatOfSize(size: number): string {
  const empty = JSON.stringify([null, "1", "phoenix", "heartbeat", { pad: "" }]);
  return JSON.stringify([null, "1", "phoenix", "heartbeat", { pad: "x".repeat(size - empty.length) }]);
}

function closed(socket: WebSocket): Promise<CloseEvent> {
  return new Promise((resolve) => socket.addEventListener("close", resolve, { once: true }));
}

Deno.test({
  name: "realtime: the stack's socket takes a frame of Realtime's max_frame_size and closes on a larger one (1009)",
  ...options,
  fn: async () => {
    const url = socketUrl(stackEnv().apiUrl);
    const limit = realtimeDefaultLimits.maxFrameSize;
    assert.equal(limit, 5_000_000);

    const fits = new WebSocket(url);
    await new Promise((resolve) => fits.addEventListener("open", resolve, { once: true }));
    const answered = new Promise<string>((resolve) => fits.addEventListener("message", (event) => resolve(event.data)));
    const largest = heartbeatOfSize(limit);
    assert.equal(new TextEncoder().encode(largest).length, limit);
    fits.send(largest);
    assert.deepEqual(JSON.parse(await answered), [null, "1", "phoenix", "phx_reply", { status: "ok", response: {} }]);
    const fitsClosed = closed(fits);
    fits.close();
    await fitsClosed;

    const tooBig = new WebSocket(url);
    await new Promise((resolve) => tooBig.addEventListener("open", resolve, { once: true }));
    const answers: string[] = [];
    tooBig.addEventListener("message", (event) => answers.push(event.data));
    const tooBigClosed = closed(tooBig);
    tooBig.send(heartbeatOfSize(limit + 1));
    const event = await tooBigClosed;
    assert.equal(event.code, 1009, "closed as Cowboy closes a frame over max_frame_size");
    assert.deepEqual(answers, [], "the oversized frame is not answered");
  },
});

Deno.test({
  name: "realtime: a socket that floods heartbeats without reading is closed at the events rate, holding little",
  ...options,
  fn: async () => {
    const maxEventsPerSecond = 10;
    await withStandIn({ maxEventsPerSecond }, async (standIn, url) => {
      const raw = await RawWebSocket.open(url);
      try {
        // 20,000 heartbeats, written in batches, never reading an answer until the server has closed.
        const batch = Array.from({ length: 500 }, (_, index) => RawWebSocket.textFrame(heartbeat(index)));
        const bytes = new Uint8Array(batch.reduce((total, frame) => total + frame.length, 0));
        batch.reduce((offset, frame) => (bytes.set(frame, offset), offset + frame.length), 0);
        let sent = 0;
        while (sent < 20_000 && !standIn.socketCounts()[0]?.closedFor) {
          if (!await raw.write(bytes)) break;
          sent += batch.length;
        }
        await waitFor(() => standIn.socketCounts()[0]?.closedFor !== undefined, "the stand-in to close the socket");
        const [counts] = standIn.socketCounts();
        assert.deepEqual(counts.closedFor, { code: closeCodes.policyViolation, reason: tooManyMessages });
        // Realtime's counter averages 5-second buckets, the last 12 of them: however slowly the batches
        // arrived, no more than the limit times 60 seconds' worth is ever taken.
        assert.ok(counts.framesAccepted < maxEventsPerSecond * 60, `${counts.framesAccepted} frames taken`);
        assert.ok(counts.framesAccepted >= maxEventsPerSecond * 5 - 1, "the frames under the limit were taken");
        assert.equal(counts.queuedFrames, 0);
      } finally {
        raw.close();
      }

      // A client that reads, sending each heartbeat once the last is answered (so that the server has read all
      // it sent when it closes), sees the socket closed with the reason, after one answer per heartbeat taken.
      const reader = new WebSocket(url);
      await new Promise((resolve) => reader.addEventListener("open", resolve, { once: true }));
      const answers: string[] = [];
      reader.addEventListener("message", (event) => {
        answers.push(event.data);
        if (reader.readyState === WebSocket.OPEN) reader.send(heartbeat(answers.length));
      });
      const readerClosed = closed(reader);
      reader.send(heartbeat(0));
      const event = await readerClosed;
      assert.equal(event.code, closeCodes.policyViolation);
      assert.equal(event.reason, tooManyMessages);
      const counts = standIn.socketCounts()[1];
      assert.deepEqual(counts.closedFor, { code: closeCodes.policyViolation, reason: tooManyMessages });
      assert.equal(answers.length, counts.framesAccepted, "one answer per heartbeat taken, none after");
    });
  },
});

Deno.test({
  name: "realtime: a socket whose answers go unread is closed before it holds more than its heap limit",
  ...options,
  fn: async () => {
    const maxHeldBytes = 4_000_000;
    await withStandIn({ maxHeldBytes, maxEventsPerSecond: 1_000_000 }, async (standIn, url) => {
      const raw = await RawWebSocket.open(url);
      try {
        // Frames on a topic never joined: Phoenix answers each with "unmatched topic", naming the topic, so a
        // 500 kB topic makes a 500 kB answer. 200 of them (100 MB of answers) while reading none.
        const frame = RawWebSocket.textFrame(JSON.stringify(["1", "1", "x".repeat(500_000), "anything", {}]));
        let sent = 0;
        while (sent < 200 && !standIn.socketCounts()[0]?.closedFor) {
          if (!await raw.write(frame)) break;
          sent++;
        }
        await waitFor(() => standIn.socketCounts()[0]?.closedFor !== undefined, "the stand-in to close the socket");
        const [counts] = standIn.socketCounts();
        assert.deepEqual(counts.closedFor, { code: closeCodes.policyViolation, reason: tooMuchHeld });
        assert.ok(counts.peakHeldBytes <= maxHeldBytes, `held ${counts.peakHeldBytes} bytes at most`);
        assert.ok(counts.framesAccepted < 200, `${counts.framesAccepted} frames taken`);
      } finally {
        raw.close();
      }
    });
  },
});

Deno.test({
  name: "realtime: past the events rate a joined channel gets Realtime's system error and closes",
  ...options,
  fn: async () => {
    const sql = adminSql();
    try {
      const member = await createTestUser(sql, "live-flood");
      const household = await householdOf(sql, member);
      await withStandIn({ maxEventsPerSecond: 2 }, async (standIn, _url, apiUrl) => {
        const client = new LiveClient(member.token, {}, apiUrl);
        try {
          const { channel, log } = await client.subscribe(`household:${household}`);
          assert.deepEqual(log.statuses.map((entry) => entry.status), ["SUBSCRIBED"]);
          for (let index = 0; index < 100 && !standIn.socketCounts()[0]?.closedFor; index++) {
            await channel.send({ type: "broadcast", event: "flood", payload: { index } });
          }
          await waitFor(() => log.system.length > 0, "the system message");
          assert.deepEqual(
            log.system.map(({ status, message }) => ({ status, message })),
            [{ status: "error", message: tooManyMessages }],
          );
          assert.deepEqual(standIn.socketCounts()[0].closedFor, {
            code: closeCodes.policyViolation,
            reason: tooManyMessages,
          });
        } finally {
          await client.close();
        }
      });
    } finally {
      await sql.end();
    }
  },
});
