import { AppError } from "../errors.ts";
import type { AudioType } from "./audio-type.ts";
import type { SpeechSettings } from "./speech-settings.ts";
import type { BytesOnArrayBuffer } from "../http/bounded-read.ts";

export interface Transcript {
  transcript: string;
  /** 0–1, from the reply's log-probabilities; null when the reply carries none. */
  confidence: number | null;
  confidence_source: "logprobs" | "segments" | "none";
}

interface TranscriptionReply {
  text?: unknown;
  logprobs?: { logprob?: unknown }[];
  segments?: { avg_logprob?: unknown; start?: unknown; end?: unknown }[];
}

const numbers = (values: unknown[]) => values.filter((value): value is number => typeof value === "number");

/** The mean probability the reply gives: per token (gpt-4o-transcribe's logprobs) or per segment (whisper-1). */
function confidenceOf(reply: TranscriptionReply): Pick<Transcript, "confidence" | "confidence_source"> {
  const tokenLogprobs = numbers((reply.logprobs ?? []).map((token) => token?.logprob));
  if (tokenLogprobs.length > 0) {
    const mean = tokenLogprobs.reduce((sum, logprob) => sum + logprob, 0) / tokenLogprobs.length;
    return { confidence: Math.round(Math.exp(mean) * 1000) / 1000, confidence_source: "logprobs" };
  }
  const segmentLogprobs = numbers((reply.segments ?? []).map((segment) => segment?.avg_logprob));
  if (segmentLogprobs.length > 0 && segmentLogprobs.length === (reply.segments ?? []).length) {
    const mean = segmentLogprobs.reduce((sum, logprob) => sum + logprob, 0) / segmentLogprobs.length;
    return { confidence: Math.round(Math.exp(mean) * 1000) / 1000, confidence_source: "segments" };
  }
  return { confidence: null, confidence_source: "none" };
}

function upstreamError(status: number, detail: string): AppError {
  const said = detail ? `: ${detail.slice(0, 200)}` : "";
  if (status === 400 || status === 413 || status === 415) {
    return new AppError("VALIDATION_ERROR", `the speech service refused the audio (${status})${said}`, {
      field: "audio",
    });
  }
  if (status === 429) return new AppError("RATE_LIMITED", `the speech service is busy (429)${said}`);
  if (status === 401 || status === 403) {
    return new AppError("UNAVAILABLE", `the speech service refused SPEECH_TO_TEXT_API_KEY (${status})`, {
      retryable: false,
    });
  }
  return new AppError("UNAVAILABLE", `the speech service failed (${status})${said}`);
}

/** Sends the audio to an OpenAI-compatible POST {base}/audio/transcriptions and reads its reply. */
export async function transcribe(
  audio: Uint8Array,
  type: AudioType,
  settings: SpeechSettings,
  language?: string,
): Promise<Transcript> {
  const form = new FormData();
  form.append("file", new Blob([audio as BytesOnArrayBuffer], { type: type.mediaType }), `audio.${type.extension}`);
  form.append("model", settings.model);
  form.append("response_format", settings.responseFormat);
  if (language) form.append("language", language);

  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${settings.apiKey}` },
      body: form,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new AppError(
      "UNAVAILABLE",
      timedOut
        ? `the speech service did not answer within ${settings.timeoutMs} ms`
        : "the speech service could not be reached",
    );
  }
  const body = await response.text().catch(() => "");
  if (!response.ok) {
    let detail = body;
    try {
      detail = JSON.parse(body)?.error?.message ?? body;
    } catch { /* not JSON: the text as it is */ }
    throw upstreamError(response.status, String(detail));
  }
  let reply: TranscriptionReply;
  try {
    reply = JSON.parse(body);
  } catch {
    throw new AppError("UNAVAILABLE", "the speech service's reply was not JSON");
  }
  if (typeof reply?.text !== "string") throw new AppError("UNAVAILABLE", "the speech service's reply had no text");
  return { transcript: reply.text.trim(), ...confidenceOf(reply) };
}
