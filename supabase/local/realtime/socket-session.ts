import type { AccessTokenClaims } from "../../../shared/auth/access-token.ts";
import type { Sql } from "../../../shared/db/client.ts";
import { canReceive, canSend, isTokenRole } from "./channel-authorization.ts";
import { TokenRefused } from "./channel-token.ts";
import { decodeFrame, encodeBroadcast, encodeFrame, type Frame, type ProtocolVersion } from "./frames.ts";
import { EventRate, frameSize, type SocketLimits } from "./limits.ts";

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
  limits: SocketLimits;
}

/** What a socket has taken and held, for the stand-in's own tests. */
export interface SocketCounts {
  /** Frames the client sent that were handled (not dropped as over a limit). */
  framesAccepted: number;
  /** Frames received and not yet handled, and their bytes. */
  queuedFrames: number;
  queuedBytes: number;
  /** The most bytes the socket held at once: queued frames plus what the client had not yet read. */
  peakHeldBytes: number;
  /** Why the stand-in closed the socket, if it did. */
  closedFor?: { code: number; reason: string };
}

/** Close codes: Cowboy's for a frame over max_frame_size; policy violation for the rest. */
export const closeCodes = { messageTooBig: 1009, policyViolation: 1008 } as const;
export const tooManyMessages = "Too many messages per second";
export const tooMuchHeld = "Too much data held for this socket";

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
  private readonly rate: EventRate;
  private closing = false;
  readonly counts: SocketCounts = { framesAccepted: 0, queuedFrames: 0, queuedBytes: 0, peakHeldBytes: 0 };

  constructor(private readonly socket: WebSocket, private readonly context: SessionContext) {
    socket.binaryType = "arraybuffer";
    this.rate = new EventRate(context.limits.maxEventsPerSecond);
    socket.onmessage = (event) => this.take(event.data);
    socket.onclose = () => this.forgetChannels();
  }

  // Every frame is checked before it is read or queued: its size, then the socket's rate (every frame counts,
  // heartbeats too: a client that floods is closed, since the stand-in cannot hold it back as Cowboy's TCP
  // backpressure does), then what the socket holds. A socket being closed takes nothing more.
  private take(data: string | ArrayBuffer): void {
    if (this.closing) return;
    const { limits } = this.context;
    const size = frameSize(data, limits.maxFrameSize);
    if (size > limits.maxFrameSize) return this.closeSocket(closeCodes.messageTooBig, "");
    if (this.rate.add()) return this.rateLimited();
    if (!this.holds(size)) return;
    this.counts.framesAccepted++;
    const frame = decodeFrame(data, this.context.version);
    if (!frame) return;
    this.counts.queuedFrames++;
    this.counts.queuedBytes += size;
    this.enqueue(async () => {
      try {
        if (!this.closing) await this.receive(frame);
      } finally {
        this.counts.queuedFrames--;
        this.counts.queuedBytes -= size;
      }
    });
  }

  /** Whether the socket may hold `extra` more bytes; closes it when not. */
  private holds(extra: number): boolean {
    const held = this.counts.queuedBytes + this.socket.bufferedAmount;
    this.counts.peakHeldBytes = Math.max(this.counts.peakHeldBytes, held);
    if (held + extra <= this.context.limits.maxHeldBytes) return true;
    this.closeSocket(closeCodes.policyViolation, tooMuchHeld);
    return false;
  }

  // As Realtime once its events counter has triggered: each channel says why in a `system` message and closes.
  // Then the socket is closed too.
  private rateLimited(): void {
    for (const channel of [...this.channels.values()]) this.shutDown(channel, tooManyMessages);
    this.closeSocket(closeCodes.policyViolation, tooManyMessages);
  }

  private closeSocket(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.counts.closedFor = { code, reason };
    this.forgetChannels();
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }

  /** A message from the database: to each of this socket's channels on its topic. */
  deliver(message: BroadcastMessage): void {
    for (const channel of [...this.channels.values()]) {
      if (channel.subTopic !== message.topic || !message.private) continue;
      // Realtime counts each message it pushes to a channel against the same events per second.
      if (this.rate.add()) return this.rateLimited();
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
    this.closing = true;
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
    if (this.channels.size >= this.context.limits.maxChannelsPerClient) {
      return this.refuse(frame, "ChannelRateLimitReached: Too many channels");
    }
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
    if (this.closing || this.socket.readyState !== WebSocket.OPEN) return;
    if (!this.holds(typeof data === "string" ? data.length : data.byteLength)) return;
    this.socket.send(data);
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
