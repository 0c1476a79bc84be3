import type { JSONWebKeySet } from "jose";
import postgres from "postgres";
import { createChannelTokenChecker, TokenRefused } from "./channel-token.ts";
import { type ProtocolVersion, protocolVersions } from "./frames.ts";
import { limitsFromEnv, type SocketLimits } from "./limits.ts";
import { type BroadcastMessage, type SocketCounts, SocketSession } from "./socket-session.ts";

/** Where supabase-js connects: `${SUPABASE_URL}/realtime/v1` plus the Phoenix transport's `/websocket`. */
export const realtimeWebSocketPath = "/realtime/v1/websocket";

/** The channel bootstrap.sql's realtime.send notifies with each message it sends. */
const broadcastChannel = "realtime_local_broadcast";

export interface RealtimeStandIn {
  handle(request: Request): Promise<Response>;
  /** What each socket opened so far has taken and held, in the order they opened (open and closed alike). */
  socketCounts(): SocketCounts[];
  close(): Promise<void>;
}

function refusal(status: number, error: string): Response {
  return Response.json({ error }, { status });
}

function parseBroadcast(text: string): BroadcastMessage | undefined {
  try {
    const message = JSON.parse(text);
    if (typeof message.id === "string" && typeof message.topic === "string" && typeof message.event === "string") {
      return {
        id: message.id,
        topic: message.topic,
        event: message.event,
        private: message.private === true,
        payload: message.payload,
      };
    }
  } catch {
    // not ours
  }
  return undefined;
}

/**
 * The local stand-in for Supabase Realtime, on the API port at /realtime/v1/websocket: private Broadcast channels
 * for @supabase/realtime-js, fed from the database (realtime.send), each join authorised by running the
 * realtime.messages policies as the joining user. Broadcast only: no Presence, no Postgres Changes.
 */
export async function startRealtimeStandIn(options: {
  databaseUrl: string;
  jwks: JSONWebKeySet;
  issuers: string[];
  /** Realtime's limits on a socket; by default Realtime's defaults, overridden by its environment variables. */
  limits?: SocketLimits;
}): Promise<RealtimeStandIn> {
  const limits = options.limits ?? limitsFromEnv();
  const sql = postgres(options.databaseUrl, {
    max: 4,
    onnotice: () => {},
    connection: { application_name: "realtime-stand-in" },
  });
  const checkToken = createChannelTokenChecker({ jwks: options.jwks, issuers: options.issuers });
  const sessions = new Set<SocketSession>();
  // Kept for socketCounts (the stand-in's tests): the last sockets' counts, a few numbers each.
  const counts: SocketCounts[] = [];
  const keptCounts = 100;
  // A dedicated connection that postgres.js reconnects (and listens on again) when it is lost.
  const listener = await sql.listen(broadcastChannel, (text) => {
    const message = parseBroadcast(text);
    if (message) { for (const session of sessions) session.deliver(message); }
  });

  // As Realtime's janitor, which drops realtime.messages' partitions older than 72 hours: at start, then hourly.
  const pruneOldMessages = () =>
    sql`delete from realtime.messages where inserted_at < now() - interval '72 hours'`.catch((error) =>
      console.error(`realtime stand-in: pruning old messages failed: ${error.message}`)
    );
  await pruneOldMessages();
  const pruning = setInterval(pruneOldMessages, 60 * 60 * 1000);

  const fanOut = (message: BroadcastMessage, sender: SocketSession, includeSender: boolean) => {
    for (const session of sessions) if (session !== sender || includeSender) session.deliver(message);
  };

  return {
    async handle(request) {
      if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
        return refusal(400, "Realtime speaks WebSocket here: connect with @supabase/realtime-js (supabase-js).");
      }
      const url = new URL(request.url);
      const version = (url.searchParams.get("vsn") ?? "1.0.0") as ProtocolVersion;
      if (!protocolVersions.includes(version)) return refusal(400, `Protocol version ${version} is not supported`);
      // As Realtime's socket: the API key (the anon key) is a token of the project; the channels take the user's.
      const apiKey = url.searchParams.get("apikey") ?? request.headers.get("apikey");
      if (!apiKey) return refusal(401, "API key is missing");
      try {
        await checkToken(apiKey);
      } catch (error) {
        if (error instanceof TokenRefused) return refusal(401, error.message);
        throw error;
      }
      const offered = (request.headers.get("sec-websocket-protocol") ?? "").split(",").map((name) => name.trim());
      const { socket, response } = Deno.upgradeWebSocket(request, {
        ...(offered.includes("phoenix") ? { protocol: "phoenix" } : {}),
      });
      const session = new SocketSession(socket, { version, apiKey, sql, checkToken, fanOut, limits });
      sessions.add(session);
      counts.push(session.counts);
      if (counts.length > keptCounts) counts.shift();
      socket.addEventListener("close", () => sessions.delete(session));
      return response;
    },
    socketCounts: () => counts.map((entry) => ({ ...entry })),
    async close() {
      clearInterval(pruning);
      for (const session of sessions) session.close();
      sessions.clear();
      await listener.unlisten().catch(() => {});
      await sql.end({ timeout: 1 });
    },
  };
}
