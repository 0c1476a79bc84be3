import { AppError } from "../errors.ts";

export const defaultMaxBodyBytes = 1024 * 1024;

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${maxBytes} bytes.`);
}

function isJsonMediaType(contentType: string): boolean {
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

// Content-Length can be absent or wrong (chunked bodies), so the bytes are counted as they arrive too.
async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The request's JSON object body. An empty body is `{}` (tools without input); a non-empty one needs
 * `Content-Type: application/json` (else 415) and must be a JSON object (else 400).
 */
export async function readJsonBody(request: Request, maxBytes = defaultMaxBodyBytes): Promise<unknown> {
  const bytes = await readLimited(request, maxBytes);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return {};
  const contentType = request.headers.get("content-type");
  if (!contentType || !isJsonMediaType(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the tool input as JSON with Content-Type: application/json.");
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION_ERROR", "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("VALIDATION_ERROR", "The request body must be a JSON object of the tool's input fields.");
  }
  return body;
}
