// The write queue of the list and the week: every tick, untick, add, edit and removal of a list's item, and every
// meal planned, moved, given servings or removed, is stored first (durably, with the Idempotency-Key minted when the
// person acted), then sent in order. A call that is sent twice (the reply was lost,
// the page reloaded mid-replay, two replays raced) carries the same key, so the server answers the second from the
// first and applies it once. Storage and transport are injected: IndexedDB and supabase-js in the browser, memory
// and a plain client in tests.

import { typedParts } from "./typed-preview.ts";

/** Idempotency records are kept 7 days on the server: a call queued longer ago could run twice, so it is not sent. */
export const replayWindowMs = 7 * 24 * 60 * 60 * 1000;

export type QueuedTool =
  | "grocery.check_item"
  | "grocery.uncheck_item"
  | "grocery.add_item"
  | "grocery.add_text"
  | "grocery.remove_item"
  | "grocery.update_item"
  | "planner.add_meal"
  | "planner.update_meal"
  | "planner.remove_meal";

/** The `listId` of the week's calls: a list's id is a UUID, so it never names a list (the list's screens skip them). */
export const plannerQueueId = "planner";

/** What became of a call: waiting to be sent, or kept to be shown to the person because it was not applied. */
export type CallStatus = "pending" | "conflict" | "gone" | "expired" | "failed";

export interface QueuedCall {
  /** Also the id the list (or the week) shows for an item (a meal) added offline (`local:<id>`) until the server names it. */
  id: string;
  sequence: number;
  idempotencyKey: string;
  tool: QueuedTool;
  /** The list the call is on, or `plannerQueueId` for the week's. */
  listId: string;
  input: Record<string, unknown>;
  /** The list's version the person saw when acting: lets the server refuse a write that would undo a newer one. */
  seenVersion: number | null;
  /** When the person acted (ms since the epoch). */
  actedAt: number;
  /** The item's name (a meal's recipe title), for sentences about the call. */
  itemName: string;
  status: CallStatus;
  /** Why the call was not applied, in words. */
  message?: string;
  /** For an applied add: the line it landed on (a new one or the one it merged into), or the meal it made. */
  landedOn?: string;
  /** For an applied quick add: the line each typed part landed on, in order (when the server answered one each). */
  landedLines?: string[];
  /** How often it was sent (each time under the same key). */
  attempts: number;
}

export interface QueueStorage {
  load(): Promise<QueuedCall[]>;
  save(call: QueuedCall): Promise<void>;
  remove(id: string): Promise<void>;
}

export type TransportResult =
  | { ok: true; data: Record<string, unknown> }
  | {
    ok: false;
    /** True when the call did not reach the server or it asked to be retried: the queue stops and tries later. */
    retryable: boolean;
    status: number | null;
    type: string;
    message: string;
    details?: Record<string, unknown>;
  };

export type Transport = (call: QueuedCall) => Promise<TransportResult>;

export interface ReplayReport {
  applied: QueuedCall[];
  kept: QueuedCall[];
  /** The call the queue stopped at because the server could not be reached (the rest wait behind it). */
  stoppedAt?: QueuedCall;
}

export interface QueueListener {
  /** A call the server applied, with its reply. */
  applied?: (call: QueuedCall, data: Record<string, unknown>) => void;
  /** The stored calls changed. */
  changed?: () => void;
}

export const localIdPrefix = "local:";

export class OfflineQueue {
  private replaying: Promise<ReplayReport> | undefined;
  private replayAgain = false;
  private lastSequence = 0;
  private loaded: Promise<void> | undefined;
  private readonly listeners = new Set<QueueListener>();

  constructor(
    private readonly storage: QueueStorage,
    private readonly transport: Transport,
    private readonly options: {
      now?: () => number;
      newId?: () => string;
    } = {},
  ) {}

  /** Tells `listener` of every applied call and every change to the stored calls; returns how to stop. */
  listen(listener: QueueListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener.changed?.();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private newId(): string {
    return this.options.newId?.() ?? crypto.randomUUID();
  }

  private async ready(): Promise<void> {
    this.loaded ??= this.storage.load().then((calls) => {
      for (const call of calls) this.lastSequence = Math.max(this.lastSequence, call.sequence);
    });
    await this.loaded;
  }

  /** Every stored call in the order the person made them. */
  async calls(): Promise<QueuedCall[]> {
    await this.ready();
    return (await this.storage.load()).sort((first, second) => first.sequence - second.sequence);
  }

  /** Stores the person's action before anything is sent; the key is minted now, once. */
  async enqueue(
    action: {
      tool: QueuedTool;
      listId: string;
      input: Record<string, unknown>;
      seenVersion: number | null;
      itemName: string;
    },
  ): Promise<QueuedCall> {
    await this.ready();
    const call: QueuedCall = {
      ...action,
      id: this.newId(),
      sequence: ++this.lastSequence,
      idempotencyKey: this.newId(),
      actedAt: this.now(),
      status: "pending",
      attempts: 0,
    };
    await this.storage.save(call);
    this.changed();
    return call;
  }

  /** Forgets a kept call once the person has seen it. */
  async dismiss(id: string): Promise<void> {
    await this.storage.remove(id);
    this.changed();
  }

  /**
   * Sends the pending calls in order, one at a time. Concurrent replays share one run (a replay asked for while
   * one runs makes it go round once more), so a call is never in flight twice from this queue.
   */
  replay(): Promise<ReplayReport> {
    if (this.replaying) {
      this.replayAgain = true;
      return this.replaying;
    }
    this.replaying = (async () => {
      const total: ReplayReport = { applied: [], kept: [] };
      try {
        do {
          this.replayAgain = false;
          const report = await this.replayOnce();
          total.applied.push(...report.applied);
          total.kept.push(...report.kept);
          total.stoppedAt = report.stoppedAt;
          if (report.stoppedAt) break;
        } while (this.replayAgain);
      } finally {
        this.replaying = undefined;
      }
      return total;
    })();
    return this.replaying;
  }

  private async replayOnce(): Promise<ReplayReport> {
    const report: ReplayReport = { applied: [], kept: [] };
    let after = 0;
    while (true) {
      // Read again each round: an applied add renames the item in the calls after it.
      const stored = (await this.calls()).find((call) => call.status === "pending" && call.sequence > after);
      if (!stored) break;
      after = stored.sequence;
      const call = await this.resolveLocalItem(stored);
      if (call.status !== "pending") {
        report.kept.push(call);
        continue;
      }
      if (this.now() - call.actedAt > replayWindowMs) {
        await this.keep(
          call,
          "expired",
          `Not sent: it was made more than 7 days ago, too long to be sure it would not apply twice.`,
        );
        report.kept.push(call);
        continue;
      }
      call.attempts += 1;
      await this.storage.save(call);
      const result = await this.transport(call);
      if (result.ok) {
        await this.applied(call, result.data);
        report.applied.push(call);
        continue;
      }
      if (result.retryable) {
        report.stoppedAt = call;
        return report;
      }
      const status = result.status === 409 ? "conflict" : result.status === 404 ? "gone" : "failed";
      await this.keep(call, status, result.message);
      report.kept.push(call);
    }
    return report;
  }

  // A call on an item added offline names it `local:<add's id>`; once the add is applied it names the line the
  // add landed on (a new one, or the one it merged into). Its add kept (not applied): it cannot be made either.
  private async resolveLocalItem(call: QueuedCall): Promise<QueuedCall> {
    const itemId = call.input.grocery_item_id ?? call.input.planner_meal_id;
    if (typeof itemId !== "string" || !itemId.startsWith(localIdPrefix)) return call;
    const added = call.input.planner_meal_id === itemId ? "planning" : "adding";
    await this.keep(call, "failed", `Not sent: ${added} ${call.itemName} did not go through.`);
    return call;
  }

  private async applied(call: QueuedCall, data: Record<string, unknown>): Promise<void> {
    if (call.tool === "grocery.add_item" && typeof data.grocery_item_id === "string") {
      // Name the new line in every later call on it before the add is forgotten: a crash in between replays the
      // add under its key (answered from the first) and renames again.
      const localId = localIdPrefix + call.id;
      for (const later of await this.calls()) {
        if (later.input.grocery_item_id === localId) {
          await this.storage.save({ ...later, input: { ...later.input, grocery_item_id: data.grocery_item_id } });
        }
      }
    }
    if (call.tool === "grocery.add_text" && Array.isArray(data.lines)) {
      // A quick add's lines are `local:<add's id>:<line>` until then, the lines as typedParts cut the text; the
      // server answers one line each, in order, unless it joined a prep state to its line ("2 onions, chopped"):
      // then a later call on one of them is kept, in words, rather than sent to the wrong line.
      const lines = data.lines as { grocery_item_id?: unknown }[];
      const typed = typedParts(String(call.input.text ?? ""));
      const landedLines = typed.length === lines.length ? lines.map((line) => line.grocery_item_id) : [];
      if (landedLines.length > 0 && landedLines.every((id) => typeof id === "string")) {
        call.landedLines = landedLines as string[];
      }
      const prefix = `${localIdPrefix}${call.id}:`;
      for (const later of await this.calls()) {
        const itemId = later.input.grocery_item_id;
        if (typeof itemId !== "string" || !itemId.startsWith(prefix)) continue;
        const landed = landedLines[Number(itemId.slice(prefix.length))];
        if (typeof landed === "string") {
          await this.storage.save({ ...later, input: { ...later.input, grocery_item_id: landed } });
        }
      }
    }
    const mealId = call.tool === "planner.add_meal" ? data.planner_meal_id : undefined;
    if (typeof mealId === "string") {
      // A meal planned offline and then moved or removed offline: those calls name the meal the add made.
      const localId = localIdPrefix + call.id;
      for (const later of await this.calls()) {
        if (later.input.planner_meal_id === localId) {
          await this.storage.save({ ...later, input: { ...later.input, planner_meal_id: mealId } });
        }
      }
    }
    await this.storage.remove(call.id);
    if (typeof data.grocery_item_id === "string") call.landedOn = data.grocery_item_id;
    if (typeof mealId === "string") call.landedOn = mealId;
    for (const listener of this.listeners) listener.applied?.(call, data);
    this.changed();
  }

  private async keep(call: QueuedCall, status: CallStatus, message: string): Promise<void> {
    call.status = status;
    call.message = message;
    await this.storage.save(call);
    this.changed();
  }
}

/** Memory storage: for tests, and where IndexedDB is missing (the queue then lasts as long as the page). */
export class MemoryQueueStorage implements QueueStorage {
  private readonly calls = new Map<string, QueuedCall>();
  load(): Promise<QueuedCall[]> {
    return Promise.resolve([...this.calls.values()].map((call) => structuredClone(call)));
  }
  save(call: QueuedCall): Promise<void> {
    this.calls.set(call.id, structuredClone(call));
    return Promise.resolve();
  }
  remove(id: string): Promise<void> {
    this.calls.delete(id);
    return Promise.resolve();
  }
}
