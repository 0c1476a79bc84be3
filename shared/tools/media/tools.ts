import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { AppError } from "../../errors.ts";
import { checkImage, decodedBytes, type ImageHeader, jpegLeastBytes } from "../../images/image-type.ts";
import { mediaDocs, ocrLimits, speechLimits, speechToTextDocs } from "./docs.ts";
import { recipeDraftFromText } from "../recipe/tools.ts";
import { MediaOcrImageResult, MediaSpeechToTextResult } from "./results.ts";
import { audioTypeOf } from "../../speech/audio-type.ts";
import { speechSettings } from "../../speech/speech-settings.ts";
import { transcribe } from "../../speech/transcribe.ts";

const dataUrlPrefix = /^data:[^,]{0,100};base64,/;

function decodeBase64(text: string, field: string): Uint8Array {
  try {
    const binary = atob(text.replace(dataUrlPrefix, ""));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    throw new AppError("VALIDATION_ERROR", `${field} must be base64 (standard alphabet)`, { field });
  }
}

function ocrTimeLimitMs(): number {
  const configured = Number(Deno.env.get("OCR_TIME_LIMIT_MS"));
  return Number.isInteger(configured) && configured > 0 ? configured : ocrLimits.defaultTimeLimitMs;
}

/**
 * The image's header, if it may be read: a whole PNG, JPEG or WebP within the pixel and decoded-byte budgets,
 * judged from its header alone, before anything decodes it.
 */
export function checkOcrImage(bytes: Uint8Array): ImageHeader {
  const image = checkImage(bytes);
  if (!image.ok) throw new AppError("VALIDATION_ERROR", `image: ${image.reason}`, { field: "image" });
  if (image.width === 0 || image.height === 0) {
    throw new AppError("VALIDATION_ERROR", "image: it has no pixels", { field: "image" });
  }
  // Refused from the header alone, before anything decodes it.
  if (image.width * image.height > ocrLimits.maxPixels || Math.max(image.width, image.height) > ocrLimits.maxSide) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `the image is ${image.width}×${image.height}; at most ${ocrLimits.maxPixels} pixels and ` +
        `${ocrLimits.maxSide} on a side are read`,
      { field: "image" },
    );
  }
  // A JPEG's scans code each 8×8 block of each component in one bit at least: fewer bytes than that cannot be the
  // image the header claims, and its decoder would allocate for the claimed size (hundreds of MB for a few hundred
  // bytes) before finding out.
  const leastBytes = image.type === "image/jpeg" ? jpegLeastBytes(bytes) ?? 0 : 0;
  if (bytes.length < leastBytes) {
    throw new AppError(
      "VALIDATION_ERROR",
      `image: the JPEG claims ${image.width}×${image.height} pixels, which take at least ${leastBytes} bytes; ` +
        `it has ${bytes.length}`,
      { field: "image" },
    );
  }
  if (decodedBytes(image) > ocrLimits.maxDecodedBytes) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `the image is ${image.width}×${image.height} with ${image.channels} channels of ${image.bitDepth} bits: ` +
        `${decodedBytes(image)} bytes decoded, over the ${ocrLimits.maxDecodedBytes} read (send 8 bits per ` +
        "channel, or fewer pixels)",
      { field: "image" },
    );
  }
  return image;
}

export const ocrImage = defineTool({
  name: "media.ocr_image",
  ...mediaDocs.ocrImage,
  effect: "read",
  latencyBudgetMs: 5000,
  inputSchema: z.strictObject({
    image: z.string()
      .min(1, { error: "must not be empty" })
      .max(ocrLimits.maxBase64Characters, {
        error: `must be at most ${ocrLimits.maxImageBytes} bytes (base64: ${ocrLimits.maxBase64Characters} characters)`,
      })
      .describe(
        `The image file as base64 (a data: URL prefix is allowed): PNG, JPEG or WebP, told from its bytes; at most ` +
          `${ocrLimits.maxImageBytes} bytes and ${ocrLimits.maxPixels} pixels.`,
      ),
  }),
  outputSchema: MediaOcrImageResult,
  execute: async (input, context) => {
    const bytes = decodeBase64(input.image, "image");
    if (bytes.length > ocrLimits.maxImageBytes) {
      throw new AppError("PAYLOAD_TOO_LARGE", `the image is larger than ${ocrLimits.maxImageBytes} bytes`, {
        field: "image",
      });
    }
    const image = checkOcrImage(bytes);
    assertOcrCanRun();
    // The household first (a non-member is refused before any OCR): its turn in the OCR queue depends on it.
    const household = await context.resolveHousehold();
    // Loaded on first use: the registry (and so every function) imports this file, and only OCR needs
    // tesseract.js, whose module alone would add to every function's cold start.
    const { readImageText } = await import("../../images/ocr.ts");
    const recognized = await readImageText(household, bytes, image, ocrTimeLimitMs());
    const recipe = await recipeDraftFromText(recognized.text, context, "app.media_ocr_image");
    return {
      extracted_text: recognized.text,
      confidence: recognized.confidence,
      image: { type: image.type, width: image.width, height: image.height },
      recipe,
    };
  },
});

const languageCode = z.string().max(2).regex(/^[a-z]{2}$/, { error: 'must be an ISO-639-1 code such as "en"' });

export const speechToText = defineTool({
  name: "media.speech_to_text",
  ...speechToTextDocs,
  effect: "read",
  latencyBudgetMs: 5000,
  inputSchema: z.strictObject({
    audio: z.string()
      .min(1, { error: "must not be empty" })
      .max(speechLimits.maxBase64Characters, {
        error:
          `must be at most ${speechLimits.maxAudioBytes} bytes (base64: ${speechLimits.maxBase64Characters} characters)`,
      })
      .describe(
        `The recording as base64 (a data: URL prefix is allowed): WAV, MP3, OGG, FLAC, WebM or MP4/M4A, told ` +
          `from its bytes; at most ${speechLimits.maxAudioBytes} bytes.`,
      ),
    language: languageCode.optional().describe('The spoken language as ISO-639-1 ("en"); absent: detected.'),
  }),
  outputSchema: MediaSpeechToTextResult,
  execute: async (input, context) => {
    const bytes = decodeBase64(input.audio, "audio");
    const type = audioTypeOf(bytes);
    if (!type) {
      throw new AppError(
        "VALIDATION_ERROR",
        "audio: it is not WAV, MP3, OGG, FLAC, WebM or MP4 (judged from its bytes)",
        {
          field: "audio",
        },
      );
    }
    const settings = speechSettings();
    // The caller's household is checked before the audio leaves for a paid service.
    await context.invoke("app.media_speech_to_text", {});
    const transcript = await transcribe(bytes, type, settings, input.language);
    return { ...transcript, audio: { type: type.mediaType, bytes: bytes.length } };
  },
});

/**
 * OCR runs tesseract.js in Web Workers. Hosted Supabase Edge Functions offer none, so there the tool says so in words
 * (not retryable: it will not start working on its own) instead of failing inside tesseract.js; apps offer pasting
 * the text instead.
 */
export function assertOcrCanRun(workerConstructor: unknown = (globalThis as { Worker?: unknown }).Worker): void {
  if (typeof workerConstructor === "function") return;
  throw new AppError(
    "UNAVAILABLE",
    "This server cannot read photos: OCR needs Web Workers, which this runtime does not offer (hosted Supabase Edge " +
      "Functions do not). Paste the recipe's text instead (recipe.parse_text).",
    { retryable: false },
  );
}

export const mediaTools = [ocrImage, speechToText];
