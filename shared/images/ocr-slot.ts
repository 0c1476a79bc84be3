import { createWorker, OEM, type Worker as TesseractWorker } from "tesseract.js";
import english from "@tesseract.js-data/eng";
import { Buffer } from "node:buffer";
import { dirname, join } from "node:path";
import { AppError } from "../errors.ts";
import { decodedBytes, type ImageHeader } from "./image-type.ts";
import type { PreparedImage } from "./ocr-prepare.ts";
import type { PrepareReply, PrepareRequest } from "./ocr-prepare-worker.ts";

// English data from the npm package, read from its files where Deno's npm cache (or node_modules) holds them:
// never a download at run time. The package's index names the "4.0.0" folder (the legacy+LSTM model); the
// LSTM-only engine we run uses the smaller integer model beside it, as tesseract.js's own CDN default does.
const languagePath = join(dirname((english as { langPath: string }).langPath), "4.0.0_best_int");

export interface RecognizedText {
  text: string;
  /** Tesseract's mean word confidence, 0–1. */
  confidence: number;
}

export interface OcrSlotSettings {
  /** The most pixels tesseract is given: larger PNGs (and JPEGs) are scaled down to this. */
  maxPixels: number;
  /** A job on more pixels than this grows the worker's memory (WebAssembly memory never shrinks). */
  growthPixels: number;
  /** Fresh workers after this many jobs. */
  jobsPerWorker: number;
  /** A grown slot is recycled after this long without a job. */
  recycleIdleMs: number;
  /** Slot 0 keeps a worker ready (started again after a recycle); the others stop after this long idle. */
  stopIdleMs: number;
}

/**
 * One OCR worker (tesseract.js in a worker thread) and the Worker that prepares its images, recycled so the
 * process's memory comes back: at once after a time-out, an image its decoders refused or `jobsPerWorker` jobs;
 * after a short idle spell when a large image grew it; and, but for slot 0, after a longer idle spell.
 */
export class OcrSlot {
  #tesseract?: Promise<TesseractWorker>;
  #prepare?: Worker;
  #jobs = 0;
  #grown = false;
  #idleTimer?: ReturnType<typeof setTimeout>;

  constructor(readonly index: number, readonly settings: OcrSlotSettings) {}

  /** The image's text, within `timeLimitMs` for preparing and reading it together. */
  async read(image: Uint8Array, header: ImageHeader, timeLimitMs: number): Promise<RecognizedText> {
    clearTimeout(this.#idleTimer);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new AppError("UNAVAILABLE", `OCR took longer than ${timeLimitMs} ms`)),
        timeLimitMs,
      );
    });
    let recycleNow = false;
    try {
      const prepared = await Promise.race([this.#prepared(image, header), timedOut]);
      // The preparer held the whole decoded image: a new one for the next (it starts in a few milliseconds).
      if (decodedBytes(header) > this.settings.growthPixels * 4) this.#stopPreparer();
      if (prepared.width * prepared.height > this.settings.growthPixels) this.#grown = true;
      // Only a WebP reaches tesseract larger than maxPixels (ocr-prepare.ts): never keep what it grew.
      if (prepared.width * prepared.height > this.settings.maxPixels) recycleNow = true;
      const worker = await Promise.race([this.#worker(), timedOut]);
      const recognition = worker.recognize(Buffer.from(prepared.bytes)).catch((error: unknown) => {
        recycleNow = true;
        throw new AppError("VALIDATION_ERROR", `the image could not be decoded (${String(error)})`, { field: "image" });
      });
      // After a time-out nobody awaits it; its rejection (the worker stopped) must not go unhandled.
      recognition.catch(() => {});
      const result = await Promise.race([recognition, timedOut]);
      return { text: result.data.text, confidence: Math.round(result.data.confidence) / 100 };
    } catch (error) {
      if (!(error instanceof AppError && error.type === "VALIDATION_ERROR" && !recycleNow)) recycleNow = true;
      throw error;
    } finally {
      clearTimeout(timer);
      this.#jobs += 1;
      if (recycleNow || this.#jobs >= this.settings.jobsPerWorker) await this.close();
      this.#whenIdle();
    }
  }

  /** Stops both workers and the idle timer; the next job starts new ones. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    const tesseract = this.#tesseract;
    this.#tesseract = undefined;
    this.#stopPreparer();
    this.#jobs = 0;
    this.#grown = false;
    // A worker still starting (a time-out can come first) is stopped once it has started, without waiting here.
    const stopped = tesseract?.then((worker) => worker.terminate(), () => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([stopped, new Promise((resolve) => timer = setTimeout(resolve, 1000))]);
    clearTimeout(timer);
  }

  #stopPreparer(): void {
    this.#prepare?.terminate();
    this.#prepare = undefined;
  }

  /** Starts the OCR worker now (slot 0 after a recycle, so the next image does not wait for it). */
  warm(): Promise<unknown> {
    return this.#worker().catch(() => undefined);
  }

  #whenIdle(): void {
    const delay = this.#grown ? this.settings.recycleIdleMs : this.index === 0 ? undefined : this.settings.stopIdleMs;
    if (delay === undefined || !this.#tesseract) return;
    const timer = setTimeout(async () => {
      this.#idleTimer = undefined;
      await this.close();
      if (this.index === 0) await this.warm();
    }, delay);
    Deno.unrefTimer(timer);
    this.#idleTimer = timer;
  }

  #worker(): Promise<TesseractWorker> {
    this.#tesseract ??= createWorker("eng", OEM.LSTM_ONLY, {
      langPath: languagePath,
      gzip: true,
      cacheMethod: "none",
      // Recognition failures reject recognize(); without this the worker also throws them at the top level.
      errorHandler: () => {},
    }).catch((error) => {
      this.#tesseract = undefined;
      throw error;
    });
    return this.#tesseract;
  }

  #prepared(image: Uint8Array, header: ImageHeader): Promise<PreparedImage> {
    this.#prepare ??= new Worker(new URL("./ocr-prepare-worker.ts", import.meta.url).href, { type: "module" });
    const worker = this.#prepare;
    return new Promise<PreparedImage>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<PrepareReply>) => {
        const reply = event.data;
        if (reply.ok) resolve(reply);
        else reject(new AppError("VALIDATION_ERROR", `image: ${reply.reason}`, { field: "image" }));
      };
      // The preparer itself failed (out of memory, say): retryable, and the slot starts afresh.
      worker.onerror = (event) => {
        event.preventDefault();
        console.error(`OCR image preparer failed: ${event.message}`);
        reject(new AppError("UNAVAILABLE", "the image could not be prepared for OCR; try again, or a smaller image"));
      };
      const request: PrepareRequest = { bytes: image, header, maxPixels: this.settings.maxPixels };
      worker.postMessage(request);
    });
  }
}
