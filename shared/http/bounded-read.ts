// Reading a body with a ceiling on its bytes. A declared length can be absent (a chunked body) or wrong, so the bytes
// are counted as they arrive, and the reading stops at the first chunk past the ceiling: leaving a `for await` loop
// early cancels a ReadableStream (and destroys a Node stream), so an over-large body is neither read to its end nor
// held whole in memory.

/**
 * A Uint8Array over an ArrayBuffer, which is what a Blob takes: `Uint8Array<ArrayBuffer>` to TypeScript 5.7 and
 * later, plain `Uint8Array` to the Edge Runtime's Deno 2.1 (TypeScript 5.6). Spelled as what slice() returns, so
 * it names the right one in both.
 */
export type BytesOnArrayBuffer = ReturnType<Uint8Array["slice"]>;

/** The chunks joined into one array of `total` bytes (their sum by default). */
export function concatenate(
  chunks: Uint8Array[],
  total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0),
): BytesOnArrayBuffer {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Whether a Content-Length header already says the body is over `maxBytes` (absent or not a number: no). */
export function declaredOver(contentLength: string | null | undefined, maxBytes: number): boolean {
  const declared = Number(contentLength ?? "NaN");
  return Number.isFinite(declared) && declared > maxBytes;
}

/** Every byte of `body` (none for no body), or null as soon as they pass `maxBytes`. */
export async function bytesAtMost(
  body: AsyncIterable<Uint8Array> | null,
  maxBytes: number,
): Promise<BytesOnArrayBuffer | null> {
  if (!body) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) return null;
    chunks.push(chunk);
  }
  return concatenate(chunks, total);
}
