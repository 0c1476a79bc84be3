import { AppError } from "../errors.ts";
import { bytesAtMost, declaredOver } from "./bounded-read.ts";

export const defaultMaxBodyBytes = 1024 * 1024;

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${maxBytes} bytes.`);
}

function isJsonMediaType(contentType: string): boolean {
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (declaredOver(request.headers.get("content-length"), maxBytes)) throw tooLarge(maxBytes);
  const bytes = await bytesAtMost(request.body, maxBytes);
  if (!bytes) throw tooLarge(maxBytes);
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
