// One open list as a client holds it: the server's copy kept current by pulls (ListSync), the person's writes
// going through the durable queue, and the view that lays the writes still on their way over the copy. No browser
// API here: the page adds the Realtime channel and the timers, the tests drive it directly.
import { overlay, type ShownList } from "../offline/pending-overlay.ts";
import type { OfflineQueue, QueuedCall, QueuedTool, ReplayReport } from "../offline/queue.ts";
import type { ListState } from "./list-state.ts";
import { type ListReader, ListSync } from "./list-sync.ts";

export class ShoppingList {
  readonly sync: ListSync;
  /**
   * The stored calls; null until they are read once, when no view is given: the saved copy alone would show a tick
   * made offline as not made (an offline reload would show the old state, then the pending one).
   */
  private calls: QueuedCall[] | null = null;
  /**
   * Calls the server applied that no copy since has shown, with the number of the last pull started before they
   * were applied: laid over the copy until a later pull's copy arrives (a failed pull keeps them laid over).
   */
  private sent: { call: QueuedCall; after: number }[] = [];
  private readonly stopListening: () => void;
  /** Whether the last replay reached the server (false: offline, calls wait). */
  reachable = true;

  constructor(
    reader: ListReader,
    private readonly queue: OfflineQueue,
    readonly listId: string,
    saved: ListState | null,
    private readonly onView: (view: ShownList & { state: ListState }) => void,
  ) {
    this.sync = new ListSync(reader, listId, saved, (_state, pull) => {
      this.sent = this.sent.filter((sent) => sent.after >= pull);
      this.show();
    });
    this.stopListening = queue.listen({
      changed: () => void this.refreshCalls(),
      applied: (call) => {
        if (call.listId !== listId) return;
        // Any pull that starts from now on sees the call; until one ends the overlay keeps showing it.
        this.sent.push({ call, after: this.sync.started });
        this.sync.pull().catch(() => {});
      },
    });
  }

  close(): void {
    this.stopListening();
  }

  /** Reads the list (or pulls from the saved copy's version), then sends what waits. */
  async start(): Promise<void> {
    await this.refreshCalls();
    // A pull reads the whole list when there is no saved copy; one at a time with the pulls pokes ask for.
    await this.sync.pull();
    await this.flush();
  }

  /** The person acted: stored first (with its key), shown as pending, then sent. */
  async act(tool: QueuedTool, input: Record<string, unknown>, itemName: string): Promise<QueuedCall> {
    const call = await this.queue.enqueue({
      tool,
      listId: this.listId,
      input,
      seenVersion: this.sync.state?.version ?? null,
      itemName,
    });
    await this.refreshCalls();
    void this.flush().catch(() => {});
    return call;
  }

  /** Sends the waiting calls; remembers whether the server could be reached. */
  async flush(): Promise<ReplayReport> {
    const report = await this.queue.replay();
    this.reachable = report.stoppedAt === undefined;
    await this.refreshCalls();
    return report;
  }

  queuedCalls(): Promise<QueuedCall[]> {
    return this.queue.calls();
  }

  async dismiss(callId: string): Promise<void> {
    await this.queue.dismiss(callId);
  }

  view(): (ShownList & { state: ListState }) | null {
    const state = this.sync.state;
    if (!state || this.calls === null) return null;
    return { ...overlay(state, this.calls, this.sent.map((sent) => sent.call)), state };
  }

  private async refreshCalls(): Promise<void> {
    this.calls = await this.queue.calls();
    this.show();
  }

  private show(): void {
    const view = this.view();
    if (view) this.onView(view);
  }
}
