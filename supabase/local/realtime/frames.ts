// Phoenix channel frames as Supabase Realtime speaks them to @supabase/realtime-js (lib/serializer.ts there;
// RealtimeWeb.Socket.V2Serializer on the server). Protocol 2.0.0: text frames are JSON arrays
// [join_ref, ref, topic, event, payload]; a client's broadcast may come as a binary "user broadcast push"
// (kind 3) and the server sends broadcasts as binary "user broadcast" frames (kind 4). Protocol 1.0.0: text
// frames are JSON objects {join_ref, ref, topic, event, payload}, and nothing is binary.

export type ProtocolVersion = "1.0.0" | "2.0.0";

export const protocolVersions: readonly ProtocolVersion[] = ["1.0.0", "2.0.0"];

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

const userBroadcastPush = 3;
const userBroadcast = 4;
const jsonEncoding = 1;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asRef(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A frame from a client, or undefined when it is not one (the server ignores what it cannot read). */
export function decodeFrame(data: string | ArrayBuffer, version: ProtocolVersion): Frame | undefined {
  try {
    if (typeof data !== "string") return version === "2.0.0" ? decodeUserBroadcastPush(data) : undefined;
    const parsed: unknown = JSON.parse(data);
    if (version === "2.0.0" && Array.isArray(parsed) && parsed.length === 5) {
      const [joinRef, ref, topic, event, payload] = parsed;
      if (typeof topic === "string" && typeof event === "string" && isRecord(payload)) {
        return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload };
      }
    }
    if (version === "1.0.0" && isRecord(parsed)) {
      const { join_ref, ref, topic, event, payload } = parsed;
      if (typeof topic === "string" && typeof event === "string" && isRecord(payload)) {
        return { joinRef: asRef(join_ref), ref: asRef(ref), topic, event, payload };
      }
    }
  } catch {
    // not JSON, or a truncated binary frame
  }
  return undefined;
}

// kind, join_ref size, ref size, topic size, user event size, metadata size, encoding, then the strings and the
// user payload: what realtime-js's _encodeUserBroadcastPush writes.
function decodeUserBroadcastPush(buffer: ArrayBuffer): Frame | undefined {
  const view = new DataView(buffer);
  if (view.getUint8(0) !== userBroadcastPush) return undefined;
  const sizes = [1, 2, 3, 4, 5].map((index) => view.getUint8(index));
  const encoding = view.getUint8(6);
  const decoder = new TextDecoder();
  let offset = 7;
  const [joinRef, ref, topic, userEvent, metadata] = sizes.map((size) => {
    const text = decoder.decode(buffer.slice(offset, offset + size));
    offset += size;
    return text;
  });
  const body = buffer.slice(offset);
  const userPayload = encoding === jsonEncoding ? JSON.parse(decoder.decode(body)) : body;
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: "broadcast",
    payload: {
      type: "broadcast",
      event: userEvent,
      payload: userPayload,
      ...(metadata ? { meta: JSON.parse(metadata) } : {}),
    },
  };
}

export function encodeFrame(frame: Frame, version: ProtocolVersion): string {
  const { joinRef, ref, topic, event, payload } = frame;
  return JSON.stringify(
    version === "2.0.0" ? [joinRef, ref, topic, event, payload] : { join_ref: joinRef, ref, topic, event, payload },
  );
}

/**
 * A broadcast to the clients of a channel, as Realtime sends Broadcast from the database: protocol 2.0.0 gets
 * a binary user broadcast (kind, topic size, event size, metadata size, encoding, the strings, the JSON payload)
 * with the message id as metadata; 1.0.0 a JSON "broadcast" frame.
 */
export function encodeBroadcast(
  message: { topic: string; event: string; payload: unknown; id: string },
  version: ProtocolVersion,
): string | Uint8Array {
  const meta = { id: message.id };
  if (version === "1.0.0") {
    return encodeFrame({
      joinRef: null,
      ref: null,
      topic: message.topic,
      event: "broadcast",
      payload: { type: "broadcast", event: message.event, payload: message.payload, meta },
    }, version);
  }
  const encoder = new TextEncoder();
  const [topic, event, metadata, body] = [
    message.topic,
    message.event,
    JSON.stringify(meta),
    JSON.stringify(message.payload),
  ]
    .map((text) => encoder.encode(text));
  for (const part of [topic, event, metadata]) {
    if (part.length > 255) throw new Error("a broadcast's topic, event and metadata are at most 255 bytes each");
  }
  const frame = new Uint8Array(5 + topic.length + event.length + metadata.length + body.length);
  frame.set([userBroadcast, topic.length, event.length, metadata.length, jsonEncoding]);
  let offset = 5;
  for (const part of [topic, event, metadata, body]) {
    frame.set(part, offset);
    offset += part.length;
  }
  return frame;
}
