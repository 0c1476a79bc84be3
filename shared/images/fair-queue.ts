import { AppError } from "../errors.ts";

export interface FairQueueOptions {
  /** Jobs that run at once (one per OCR worker). */
  slots: number;
  /** A household's calls in flight (its one running and those waiting); one more is RATE_LIMITED. */
  perHousehold: number;
  /** Calls that may wait in all; one more is UNAVAILABLE (the service as a whole is full, not one household). */
  waitingInAll: number;
}

interface Waiting {
  start: (slot: number) => void;
}

/**
 * Shares a few slots between households: each household runs at most one job at a time, and a free slot goes to
 * the household that has waited longest (round robin). So one household's large images hold at most one slot,
 * a household with nothing running is served by the next free slot, and only the household that already has a job
 * running (and its own calls waiting) is told to come back later, with a Retry-After from the recent job times.
 */
export class FairQueue {
  readonly #options: FairQueueOptions;
  readonly #freeSlots: number[];
  readonly #running = new Set<string>();
  readonly #waiting = new Map<string, Waiting[]>();
  /** Households with a call waiting and nothing running, in the order they became so. */
  readonly #ready: string[] = [];
  #waitingCount = 0;
  /** A running mean of job times, for Retry-After. */
  #meanJobMs = 2000;

  constructor(options: FairQueueOptions) {
    this.#options = options;
    this.#freeSlots = Array.from({ length: options.slots }, (_, index) => index);
  }

  /** Runs the job on a free slot once it is this household's turn. */
  async run<Result>(household: string, job: (slot: number) => Promise<Result>): Promise<Result> {
    const slot = await this.#turn(household);
    const started = performance.now();
    try {
      return await job(slot);
    } finally {
      this.#meanJobMs = 0.8 * this.#meanJobMs + 0.2 * (performance.now() - started);
      this.#running.delete(household);
      // The lowest free slot first: one household's calls one after another keep reusing slot 0's worker, and
      // the other slots start (and hold memory) only when calls overlap.
      this.#freeSlots.push(slot);
      this.#freeSlots.sort((left, right) => left - right);
      if (this.#waiting.get(household)?.length) this.#ready.push(household);
      this.#dispatch();
    }
  }

  /** What is running and waiting now, by household (for tests and the bench). */
  snapshot(): { running: string[]; waiting: Record<string, number> } {
    const waiting = Object.fromEntries([...this.#waiting].map(([household, calls]) => [household, calls.length]));
    return { running: [...this.#running], waiting };
  }

  #turn(household: string): Promise<number> {
    const queue = this.#waiting.get(household) ?? [];
    const inFlight = queue.length + (this.#running.has(household) ? 1 : 0);
    if (inFlight >= this.#options.perHousehold) {
      const seconds = Math.max(1, Math.ceil((inFlight * this.#meanJobMs) / 1000));
      throw new AppError(
        "RATE_LIMITED",
        `this household already has ${inFlight} images being read; send the next one in ${seconds} s`,
        { retryAfterSeconds: seconds },
      );
    }
    if (this.#waitingCount >= this.#options.waitingInAll) {
      throw new AppError("UNAVAILABLE", "OCR is busy with other households' images; try again shortly", {
        retryAfterSeconds: Math.max(1, Math.ceil(this.#meanJobMs / 1000)),
      });
    }
    return new Promise<number>((resolve) => {
      if (queue.length === 0 && !this.#running.has(household)) this.#ready.push(household);
      queue.push({ start: resolve });
      this.#waiting.set(household, queue);
      this.#waitingCount += 1;
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#freeSlots.length > 0 && this.#ready.length > 0) {
      const household = this.#ready.shift()!;
      const queue = this.#waiting.get(household)!;
      const next = queue.shift()!;
      if (queue.length === 0) this.#waiting.delete(household);
      this.#waitingCount -= 1;
      this.#running.add(household);
      next.start(this.#freeSlots.shift()!);
    }
  }
}
