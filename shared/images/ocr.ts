// OCR for the process: a few slots (OCR_WORKERS, default 2), each one tesseract.js worker, shared fairly between
// households (fair-queue.ts): a household runs one image at a time, so its large images never hold the other slot.
import type { ImageHeader } from "./image-type.ts";
import { ocrLimits } from "../tools/media/docs.ts";
import { FairQueue } from "./fair-queue.ts";
import { OcrSlot, type OcrSlotSettings, type RecognizedText } from "./ocr-slot.ts";

export type { RecognizedText } from "./ocr-slot.ts";

export const ocrSettings: OcrSlotSettings & { perHousehold: number; waitingInAll: number } = {
  // 2048×2048: a 12-megapixel photo of a page is read at about 200 dpi, enough for printed text.
  maxPixels: 4_194_304,
  growthPixels: 1_000_000,
  jobsPerWorker: 50,
  recycleIdleMs: 3_000,
  stopIdleMs: 20_000,
  perHousehold: ocrLimits.perHousehold,
  waitingInAll: 32,
};

function workerCount(): number {
  const configured = Number(Deno.env.get("OCR_WORKERS"));
  return Number.isInteger(configured) && configured >= 2 && configured <= 16 ? configured : 2;
}

let pool: { queue: FairQueue; slots: OcrSlot[] } | undefined;

function ocrPool(): { queue: FairQueue; slots: OcrSlot[] } {
  if (!pool) {
    const slots = Array.from({ length: workerCount() }, (_, index) => new OcrSlot(index, ocrSettings));
    pool = { queue: new FairQueue({ slots: slots.length, ...ocrSettings }), slots };
  }
  return pool;
}

/**
 * The text in an image (its header already checked against the budgets), read for `household` when its turn comes.
 * RATE_LIMITED (with Retry-After) when that household already has `perHousehold` images in flight; UNAVAILABLE
 * over the time limit; VALIDATION_ERROR when the image cannot be decoded.
 */
export function readImageText(
  household: string,
  image: Uint8Array,
  header: ImageHeader,
  timeLimitMs: number,
): Promise<RecognizedText> {
  const { queue, slots } = ocrPool();
  return queue.run(household, (slot) => slots[slot].read(image, header, timeLimitMs));
}

/** What runs and waits now, by household. */
export function ocrQueueSnapshot(): { running: string[]; waiting: Record<string, number> } {
  return ocrPool().queue.snapshot();
}

/** Stops every worker (new ones start on the next call): for tests and benches that end cleanly. */
export async function closeOcrWorkers(): Promise<void> {
  const slots = pool?.slots ?? [];
  pool = undefined;
  await Promise.all(slots.map((slot) => slot.close()));
}
