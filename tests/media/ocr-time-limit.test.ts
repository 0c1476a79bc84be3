import assert from "node:assert/strict";
import { closeOcrWorker, recognizeText } from "../../shared/media/ocr.ts";
import { AppError } from "../../shared/errors.ts";
import { renderText } from "./render.ts";

Deno.test("OCR over its time limit is UNAVAILABLE, and the next call starts a new worker that works", async () => {
  const image = await renderText("2 cups rice", 40);
  try {
    await assert.rejects(recognizeText(image, 1), (error) => error instanceof AppError && error.type === "UNAVAILABLE");
    const recognized = await recognizeText(image, 60_000);
    assert.match(recognized.text, /2 cups rice/);
    const undecodable = new Uint8Array([...image.subarray(0, 60), ...new Uint8Array(200), ...image.subarray(-12)]);
    await assert.rejects(
      recognizeText(undecodable, 60_000),
      (error) => error instanceof AppError && error.type === "VALIDATION_ERROR" && error.field === "image",
    );
  } finally {
    await closeOcrWorker();
  }
});
