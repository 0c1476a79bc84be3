// The limits Supabase Realtime puts on a client's socket, with its defaults (supabase/realtime):
// - max_frame_size 5_000_000 bytes on the WebSocket (lib/realtime_web/endpoint.ex); Cowboy closes a socket that
//   sends a bigger frame with close code 1009 and no reason (cowboy_websocket.erl, {error, badsize}).
// - max_events_per_second 100 (TENANT_MAX_EVENTS_PER_SECOND, config/runtime.exs), counted by a RateCounter that
//   ticks every 5 s and averages its last 12 buckets (Realtime.Tenants.events_per_second_rate in
//   lib/realtime/tenants.ex); once triggered, a channel that sees another event sends a `system` error
//   "Too many messages per second" and closes (RealtimeChannel.handle_info(:update_rate_counter, ...)).
// - max_channels_per_client 100 (TENANT_MAX_CHANNELS_PER_CLIENT): a join beyond it is refused with
//   "ChannelRateLimitReached: Too many channels" (RealtimeChannel.limit_channels).
// - websocket_max_heap_size 50_000_000 bytes (WEBSOCKET_MAX_HEAP_SIZE): the socket's process is killed when its
//   heap grows past it (RealtimeWeb.Socket.init); Cowboy also reads only active_n (100) packets ahead, so a client
//   that sends without reading is held back by TCP.

export interface SocketLimits {
  /** The largest frame a client may send, in bytes. */
  maxFrameSize: number;
  /** Events per second a socket may average (over 5 s ticks, the last 12 of them). */
  maxEventsPerSecond: number;
  /** Channels one socket may join. */
  maxChannelsPerClient: number;
  /** Bytes a socket may hold: frames received and not yet handled, and replies the client has not yet read. */
  maxHeldBytes: number;
}

export const realtimeDefaultLimits: SocketLimits = {
  maxFrameSize: 5_000_000,
  maxEventsPerSecond: 100,
  maxChannelsPerClient: 100,
  maxHeldBytes: 50_000_000,
};

const environmentNames: Record<keyof SocketLimits, string> = {
  maxFrameSize: "REALTIME_MAX_FRAME_SIZE",
  maxEventsPerSecond: "TENANT_MAX_EVENTS_PER_SECOND",
  maxChannelsPerClient: "TENANT_MAX_CHANNELS_PER_CLIENT",
  maxHeldBytes: "WEBSOCKET_MAX_HEAP_SIZE",
};

/** Realtime's defaults, each overridden by its environment variable (Realtime's own names) when set. */
export function limitsFromEnv(env: (name: string) => string | undefined = (name) => Deno.env.get(name)): SocketLimits {
  const limits = { ...realtimeDefaultLimits };
  for (const key of Object.keys(environmentNames) as (keyof SocketLimits)[]) {
    const text = env(environmentNames[key]);
    if (text === undefined || text === "") continue;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new Error(`${environmentNames[key]} must be a positive whole number, not ${JSON.stringify(text)}`);
    }
    limits[key] = value;
  }
  return limits;
}

const tickMs = 5_000;
const maxBuckets = 12;

/**
 * Realtime's RateCounter for events per second: counts in 5-second buckets, keeps the last 12, and is triggered
 * when the average per second over the buckets it has reaches the limit. Realtime checks at each tick; this checks
 * at each event, so it trips no later than Realtime would.
 */
export class EventRate {
  private readonly buckets: number[] = [0];
  private bucketStart: number;

  constructor(private readonly limit: number, private readonly now: () => number = Date.now) {
    this.bucketStart = now();
  }

  /** Counts one event; true when the average has reached the limit. */
  add(): boolean {
    const now = this.now();
    const elapsedTicks = Math.floor((now - this.bucketStart) / tickMs);
    if (elapsedTicks > 0) {
      for (let tick = 0; tick < Math.min(elapsedTicks, maxBuckets); tick++) this.buckets.unshift(0);
      this.buckets.length = Math.min(this.buckets.length, maxBuckets);
      this.bucketStart += elapsedTicks * tickMs;
    }
    this.buckets[0]++;
    const sum = this.buckets.reduce((total, count) => total + count, 0);
    return sum / this.buckets.length / (tickMs / 1000) >= this.limit;
  }
}

/** The UTF-8 size of a frame's data, without encoding it when its length already decides. */
export function frameSize(data: string | ArrayBuffer | Blob, maxFrameSize: number): number {
  if (typeof data !== "string") return data instanceof Blob ? data.size : data.byteLength;
  if (data.length > maxFrameSize || data.length * 3 <= maxFrameSize) return data.length;
  return new TextEncoder().encode(data).length;
}
