import { createWorker, OEM, type Worker } from "tesseract.js";
import english from "@tesseract.js-data/eng";
import { Buffer } from "node:buffer";
import { dirname, join } from "node:path";
import { AppError } from "../errors.ts";

// English data from the npm package, read from its files where Deno's npm cache (or node_modules) holds them:
// never a download at run time. The package's index names the "4.0.0" folder (the legacy+LSTM model); the
// LSTM-only engine we run uses the smaller integer model beside it, as tesseract.js's own CDN default does.
const languagePath = join(dirname((english as { langPath: string }).langPath), "4.0.0_best_int");

let sharedWorker: Promise<Worker> | undefined;

/** One worker for the process, created on first use and reused by every request after it. */
function ocrWorker(): Promise<Worker> {
  sharedWorker ??= createWorker("eng", OEM.LSTM_ONLY, {
    langPath: languagePath,
    gzip: true,
    cacheMethod: "none",
    // Recognition failures reject recognize(); without this the worker also throws them at the top level.
    errorHandler: () => {},
  }).catch((error) => {
    sharedWorker = undefined;
    throw error;
  });
  return sharedWorker;
}

/** Stops the worker (a new one starts on the next call): after a time-out, and for tests that end cleanly. */
export async function closeOcrWorker(): Promise<void> {
  const worker = sharedWorker;
  sharedWorker = undefined;
  await (await worker?.catch(() => undefined))?.terminate();
}

export interface RecognizedText {
  text: string;
  /** Tesseract's mean word confidence, 0–1. */
  confidence: number;
}

/**
 * The text in an image (already checked to be a whole PNG, JPEG or WebP). Over the time limit the worker is
 * stopped and the call is UNAVAILABLE; an image the decoder cannot read is a VALIDATION_ERROR.
 */
export async function recognizeText(image: Uint8Array, timeLimitMs: number): Promise<RecognizedText> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new AppError("UNAVAILABLE", `OCR took longer than ${timeLimitMs} ms`)),
      timeLimitMs,
    );
  });
  try {
    const worker = await Promise.race([ocrWorker(), timedOut]);
    const recognition = worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength)).catch(
      (error: unknown) => {
        throw new AppError("VALIDATION_ERROR", `the image could not be decoded (${String(error)})`, { field: "image" });
      },
    );
    // After a time-out nobody awaits it; its rejection (the worker stopped) must not go unhandled.
    recognition.catch(() => {});
    const result = await Promise.race([recognition, timedOut]);
    return { text: result.data.text, confidence: Math.round(result.data.confidence) / 100 };
  } catch (error) {
    if (error instanceof AppError && error.type === "UNAVAILABLE") await closeOcrWorker();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
