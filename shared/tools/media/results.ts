// What the media tools' SQL functions return (private.invoke's "data"). The rules every shape follows are in
// ../result-fields.ts.
import * as z from "zod";
import { RecipeDraft } from "../recipe/results.ts";

export const MediaOcrImageResult = z.strictObject({
  extracted_text: z.string(),
  confidence: z.number().min(0).max(1),
  image: z.strictObject({
    type: z.enum(["image/png", "image/jpeg", "image/webp"]),
    width: z.int().positive(),
    height: z.int().positive(),
  }),
  recipe: RecipeDraft,
});
export type MediaOcrImageResult = z.infer<typeof MediaOcrImageResult>;

export const MediaSpeechToTextResult = z.strictObject({
  transcript: z.string(),
  confidence: z.number().min(0).max(1).nullable(),
  confidence_source: z.enum(["logprobs", "segments", "none"]),
  audio: z.strictObject({ type: z.string(), bytes: z.int().positive() }),
});
export type MediaSpeechToTextResult = z.infer<typeof MediaSpeechToTextResult>;
