import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { AppError } from "../errors.ts";
import { checkImage } from "../media/image-type.ts";
import { recognizeText } from "../media/ocr.ts";
import { mediaDocs, ocrLimits } from "./docs/media.ts";
import { recipeDraftFromText } from "./recipe.ts";
import { MediaOcrImageResult } from "./results.ts";

const dataUrlPrefix = /^data:[^,]{0,100};base64,/;

function decodeBase64(text: string): Uint8Array {
  try {
    const binary = atob(text.replace(dataUrlPrefix, ""));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    throw new AppError("VALIDATION_ERROR", "image must be base64 (standard alphabet)", { field: "image" });
  }
}

function ocrTimeLimitMs(): number {
  const configured = Number(Deno.env.get("OCR_TIME_LIMIT_MS"));
  return Number.isInteger(configured) && configured > 0 ? configured : ocrLimits.defaultTimeLimitMs;
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
    const bytes = decodeBase64(input.image);
    if (bytes.length > ocrLimits.maxImageBytes) {
      throw new AppError("PAYLOAD_TOO_LARGE", `the image is larger than ${ocrLimits.maxImageBytes} bytes`, {
        field: "image",
      });
    }
    const image = checkImage(bytes);
    if (!image.ok) throw new AppError("VALIDATION_ERROR", `image: ${image.reason}`, { field: "image" });
    if (image.width * image.height > ocrLimits.maxPixels || Math.max(image.width, image.height) > ocrLimits.maxSide) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `the image is ${image.width}×${image.height}; at most ${ocrLimits.maxPixels} pixels and ` +
          `${ocrLimits.maxSide} on a side are read`,
        { field: "image" },
      );
    }
    if (image.width === 0 || image.height === 0) {
      throw new AppError("VALIDATION_ERROR", "image: it has no pixels", { field: "image" });
    }
    const recognized = await recognizeText(bytes, ocrTimeLimitMs());
    const recipe = await recipeDraftFromText(recognized.text, context, "app.media_ocr_image");
    return {
      extracted_text: recognized.text,
      confidence: recognized.confidence,
      image: { type: image.type, width: image.width, height: image.height },
      recipe,
    };
  },
});

export const mediaTools = [ocrImage];
