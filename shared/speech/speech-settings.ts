import { AppError } from "../errors.ts";

export interface SpeechSettings {
  /** The API's base, as the OpenAI SDK takes it ("https://api.openai.com/v1"); /audio/transcriptions is added. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  responseFormat: "json" | "verbose_json";
}

function unavailable(message: string): AppError {
  return new AppError("UNAVAILABLE", message, { retryable: false });
}

/**
 * The transcription endpoint's settings from the environment, read at each call (an empty value is unset).
 * Missing or bad ones are a 503 naming the variable, never its value.
 */
export function speechSettings(
  read: (name: string) => string | undefined = (name) => Deno.env.get(name),
): SpeechSettings {
  const value = (name: string) => read(name) || undefined;
  const missing = ["SPEECH_TO_TEXT_BASE_URL", "SPEECH_TO_TEXT_API_KEY", "SPEECH_TO_TEXT_MODEL"]
    .filter((name) => value(name) === undefined);
  if (missing.length > 0) {
    throw unavailable(`speech to text is not configured: set ${missing.join(", ")}`);
  }
  const baseUrl = value("SPEECH_TO_TEXT_BASE_URL")!.replace(/\/+$/, "");
  if (!/^https?:\/\/[^/\s]+/.test(baseUrl)) {
    throw unavailable("SPEECH_TO_TEXT_BASE_URL must be an http:// or https:// URL");
  }
  const timeoutText = value("SPEECH_TO_TEXT_TIMEOUT_MS") ?? "30000";
  const timeoutMs = Number(timeoutText);
  if (!/^\d+$/.test(timeoutText) || timeoutMs < 1 || timeoutMs > 300_000) {
    throw unavailable("SPEECH_TO_TEXT_TIMEOUT_MS must be a whole number from 1 to 300000");
  }
  const responseFormat = value("SPEECH_TO_TEXT_RESPONSE_FORMAT") ?? "verbose_json";
  if (responseFormat !== "json" && responseFormat !== "verbose_json") {
    throw unavailable('SPEECH_TO_TEXT_RESPONSE_FORMAT must be "json" or "verbose_json"');
  }
  return {
    baseUrl,
    apiKey: value("SPEECH_TO_TEXT_API_KEY")!,
    model: value("SPEECH_TO_TEXT_MODEL")!,
    timeoutMs,
    responseFormat,
  };
}
