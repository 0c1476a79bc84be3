import type { AccessTokenClaims } from "../../../shared/auth/access-token.ts";
import type { Sql } from "../../../shared/db/client.ts";
import { canReceive, canSend, isTokenRole } from "./channel-authorization.ts";
import { TokenRefused } from "./channel-token.ts";
import { decodeFrame, encodeBroadcast, encodeFrame, type Frame, type ProtocolVersion } from "./frames.ts";

/** A message for the clients of a topic: from realtime.send, or a client's broadcast. */
export interface BroadcastMessage {
  id: string;
  /** The topic without Realtime's `realtime:` prefix, as realtime.send names it. */
  topic: string;
  event: string;
  private: boolean;
  payload: unknown;
}

export interface SessionContext {
  version: ProtocolVersion;
  apiKey: string;
  sql: Sql;
  checkToken: (token: string) => Promise<AccessTokenClaims>;
  /** Sends a client's broadcast to every session; to the sender's own only when it asked for its own. */
  fanOut: (message: BroadcastMessage, sender: SocketSession, includeSender: boolean) => void;
}

interface JoinedChannel {
  /** `realtime:<topic>`, as the client names the channel in every frame. */
  topic: string;
  subTopic: string;
  joinRef: string | null;
  token: string;
  claims: AccessTokenClaims;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  mayBroadcast?: boolean;
  tokenTimer?: ReturnType<typeof setTimeout>;
}

// Realtime confirms a channel's token every five minutes, and when it expires (RealtimeChannel's confirm_token).
const confirmTokenIntervalMs = 5 * 60_000;

const databaseUnavailable = "Realtime was unable to connect to the project database";

/** An error PostgreSQL raised (a policy's), rather than a connection that failed. */
function isDatabaseError(error: unknown): boolean {
  return (error as { name?: string }).name === "PostgresError";
}

/**
 * One client's WebSocket, as Supabase Realtime's socket and channel processes treat it: heartbeats, private
 * channel joins authorised by the realtime.messages policies run as the user, token refreshes, and channels
 * closed when their token expires. Frames are handled one at a time, in order, as a Phoenix channel does.
 */
export class SocketSession {
  private readonly channels = new Map<string, JoinedChannel>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly socket: WebSocket, private readonly context: SessionContext) {
    socket.binaryType = "arraybuffer";
    socket.onmessage = (event) => {
      const frame = decodeFrame(event.data, context.version);
      if (frame) this.enqueue(() => this.receive(frame));
    };
    socket.onclose = () => this.forgetChannels();
  }

  /** A message from the database: to each of this socket's channels on its topic. */
  deliver(message: BroadcastMessage): void {
    for (const channel of this.channels.values()) {
      if (channel.subTopic !== message.topic || !message.private) continue;
      try {
        this.send(encodeBroadcast({ ...message, topic: channel.topic }, this.context.version));
      } catch (error) {
        console.error(
          `realtime stand-in: a broadcast on ${channel.topic} could not be sent:`,
          (error as Error).message,
        );
      }
    }
  }

  close(): void {
    this.forgetChannels();
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000, "server stopping");
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((error) => console.error("realtime stand-in:", error));
  }

  private async receive(frame: Frame): Promise<void> {
    if (frame.topic === "phoenix") {
      if (frame.event === "heartbeat") this.reply(frame, "ok", {});
      return;
    }
    switch (frame.event) {
      case "phx_join":
        return await this.join(frame);
      case "phx_leave":
        this.forget(frame.topic);
        return this.reply(frame, "ok", {});
      case "access_token":
        return await this.refreshToken(frame);
      case "broadcast":
        return await this.broadcast(frame);
      default:
        if (!this.channels.has(frame.topic)) this.reply(frame, "error", { reason: "unmatched topic" });
    }
  }

  private async join(frame: Frame): Promise<void> {
    this.forget(frame.topic); // a second join of one topic replaces the first, as in Phoenix
    if (!frame.topic.startsWith("realtime:")) return this.reply(frame, "error", { reason: "unmatched topic" });
    const subTopic = frame.topic.slice("realtime:".length);
    if (!subTopic) return this.refuse(frame, "TopicNameRequired: You must provide a topic name");
    const config = (frame.payload.config ?? {}) as { private?: boolean; broadcast?: { self?: boolean; ack?: boolean } };
    // As a hosted project with "Allow public access" off (Realtime settings), which the README asks for.
    if (config.private !== true) return this.refuse(frame, "PrivateOnly: This project only allows private channels");

    const offered = frame.payload.access_token ?? frame.payload.user_token;
    const token = typeof offered === "string" && !offered.startsWith("sb_") ? offered : this.context.apiKey;
    let claims: AccessTokenClaims;
    try {
      claims = await this.context.checkToken(token);
    } catch (error) {
      if (error instanceof TokenRefused) return this.refuse(frame, `${error.code}: ${error.message}`);
      throw error;
    }
    const denied = await this.readDenial(subTopic, claims);
    if (denied) return this.refuse(frame, denied);

    const channel: JoinedChannel = {
      topic: frame.topic,
      subTopic,
      joinRef: frame.joinRef,
      token,
      claims,
      selfBroadcast: config.broadcast?.self === true,
      ackBroadcast: config.broadcast?.ack === true,
    };
    this.channels.set(frame.topic, channel);
    this.scheduleTokenCheck(channel);
    this.reply(frame, "ok", { postgres_changes: [] });
  }

  /** Why the user may not read the topic, in Realtime's words; undefined when the policies admit them. */
  private async readDenial(subTopic: string, claims: AccessTokenClaims): Promise<string | undefined> {
    try {
      if (isTokenRole(claims.role) && await canReceive(this.context.sql, { topic: subTopic, claims })) return undefined;
    } catch (error) {
      if (!isDatabaseError(error)) return `UnableToConnectToProject: ${databaseUnavailable}`;
      console.error("realtime stand-in: a realtime.messages policy failed:", (error as Error).message);
    }
    return `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;
  }

  // A new token for a joined channel: checked, and the policies run again with it, as Realtime does; a
  // channel whose new token is refused, or whose user may no longer read, is closed.
  private async refreshToken(frame: Frame): Promise<void> {
    const channel = this.channels.get(frame.topic);
    const token = frame.payload.access_token;
    if (!channel || typeof token !== "string" || token.startsWith("sb_") || token === channel.token) return;
    let claims: AccessTokenClaims;
    try {
      claims = await this.context.checkToken(token);
    } catch (error) {
      if (error instanceof TokenRefused) return this.shutDown(channel, error.message);
      throw error;
    }
    const denied = await this.readDenial(channel.subTopic, claims);
    if (denied) return this.shutDown(channel, denied.slice(denied.indexOf(": ") + 2));
    Object.assign(channel, { token, claims, mayBroadcast: undefined });
    this.scheduleTokenCheck(channel);
  }

  private scheduleTokenCheck(channel: JoinedChannel): void {
    clearTimeout(channel.tokenTimer);
    const untilExpiry = (channel.claims.exp ?? 0) * 1000 - Date.now();
    channel.tokenTimer = setTimeout(() => {
      this.enqueue(async () => {
        if (this.channels.get(channel.topic) !== channel) return;
        try {
          channel.claims = await this.context.checkToken(channel.token);
          this.scheduleTokenCheck(channel);
        } catch (error) {
          if (!(error instanceof TokenRefused)) throw error;
          this.shutDown(channel, error.message);
        }
      });
    }, Math.max(0, Math.min(confirmTokenIntervalMs, untilExpiry)));
  }

  // A client's broadcast: sent on only when the INSERT policies let the user write to the topic (checked once
  // per token, as Realtime keeps the result); otherwise dropped without a reply, as Realtime does.
  private async broadcast(frame: Frame): Promise<void> {
    const channel = this.channels.get(frame.topic);
    if (!channel) return this.reply(frame, "error", { reason: "unmatched topic" });
    if (channel.mayBroadcast === undefined) {
      channel.mayBroadcast = await canSend(this.context.sql, { topic: channel.subTopic, claims: channel.claims })
        .catch(() => false);
    }
    if (!channel.mayBroadcast) return;
    const { event, payload } = frame.payload as { event?: unknown; payload?: unknown };
    if (typeof event !== "string") return;
    this.context.fanOut(
      { id: crypto.randomUUID(), topic: channel.subTopic, event, private: true, payload },
      this,
      channel.selfBroadcast,
    );
    if (channel.ackBroadcast) this.reply(frame, "ok", {});
  }

  // As Realtime's shutdown_response: a `system` message saying why, then the channel is closed.
  private shutDown(channel: JoinedChannel, message: string): void {
    this.forget(channel.topic);
    const payload = { extension: "system", status: "error", message, channel: channel.subTopic };
    this.sendFrame({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event: "system", payload });
    this.sendFrame({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: "phx_close",
      payload: {},
    });
  }

  private refuse(frame: Frame, reason: string): void {
    this.reply(frame, "error", { reason });
  }

  private reply(frame: Frame, status: "ok" | "error", response: Record<string, unknown>): void {
    const { joinRef, ref, topic } = frame;
    this.sendFrame({ joinRef, ref, topic, event: "phx_reply", payload: { status, response } });
  }

  private sendFrame(frame: Frame): void {
    this.send(encodeFrame(frame, this.context.version));
  }

  private send(data: string | Uint8Array): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(data);
  }

  private forget(topic: string): void {
    const channel = this.channels.get(topic);
    if (channel) clearTimeout(channel.tokenTimer);
    this.channels.delete(topic);
  }

  private forgetChannels(): void {
    for (const topic of [...this.channels.keys()]) this.forget(topic);
  }
}
