// The Worker that prepares images for OCR (ocr-prepare.ts), so decoding a large image never holds the thread that
// serves requests. Its memory goes when the OCR slot that owns it is recycled.
/// <reference lib="deno.worker" />
import type { ImageHeader } from "./image-type.ts";
import { prepareForOcr } from "./ocr-prepare.ts";
import { UnreadableImage } from "./png-decode.ts";

export interface PrepareRequest {
  bytes: Uint8Array;
  header: ImageHeader;
  maxPixels: number;
}

export type PrepareReply =
  | { ok: true; bytes: Uint8Array; width: number; height: number }
  | { ok: false; reason: string };

self.onmessage = (event: MessageEvent<PrepareRequest>) => {
  const { bytes, header, maxPixels } = event.data;
  let reply: PrepareReply;
  try {
    reply = { ok: true, ...prepareForOcr(bytes, header, maxPixels) };
  } catch (error) {
    const reason = error instanceof UnreadableImage ? error.message : `it could not be decoded (${String(error)})`;
    reply = { ok: false, reason };
  }
  self.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []);
};
