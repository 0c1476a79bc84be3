// Keeps one list's copy current: a full read once, then deltas pulled with grocery.changes from the last version
// (on a poke naming a newer version, on reconnect, when the page comes back). Pulls never overlap: one asked for
// while another runs makes it pull once more when it ends, so every write finished before a pull was asked for is
// in the copy after that pull resolves.
import type {
  GroceryChangesInput,
  GroceryChangesOutput,
  GroceryGetListOutput,
} from "@meal-planner/client/tools-client.generated.ts";
import { applyChanges, type ListState, stateFromRead } from "./list-state.ts";

export interface ListReader {
  getList(listId: string): Promise<GroceryGetListOutput>;
  changes(input: GroceryChangesInput): Promise<GroceryChangesOutput>;
}

/** The error a `since` the server does not know answers: the copy is re-read from scratch. */
function isStale(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  return status === 409;
}

export class ListSync {
  private pulling: Promise<void> | undefined;
  private pullAgain = false;
  /** How many reads and pulls have started: a write applied before pull n started is in its result. */
  started = 0;

  constructor(
    private readonly reader: ListReader,
    readonly listId: string,
    public state: ListState | null,
    /** Told each new copy, with the number of the read or pull that made it. */
    private readonly onState: (state: ListState, pull: number) => void,
  ) {}

  /** A full read (the first, or after the server could not give a delta). */
  async read(): Promise<ListState> {
    const pull = ++this.started;
    this.state = stateFromRead(await this.reader.getList(this.listId));
    this.onState(this.state, pull);
    return this.state;
  }

  /** A poke said the list is at `version`: pull when we are behind it. */
  poked(version: number): Promise<void> {
    if (this.state && version <= this.state.version) return Promise.resolve();
    return this.pull();
  }

  /** Brings the copy up to the server's version; resolves once a pull that started after this call has ended. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.pullAgain = false;
          await this.pullOnce();
        } while (this.pullAgain);
      } finally {
        this.pulling = undefined;
      }
    })();
    return this.pulling;
  }

  private async pullOnce(): Promise<void> {
    if (!this.state) {
      await this.read();
      return;
    }
    const pull = ++this.started;
    let state = this.state;
    let cursor: string | undefined;
    try {
      do {
        const page = await this.reader.changes({ grocery_list_id: this.listId, since: state.version, cursor });
        // Every page is read from the same `since`; the version moves once the last page is in.
        const version = state.version;
        state = { ...applyChanges(state, page), version: page.next_cursor ? version : Math.max(version, page.version) };
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
    } catch (error) {
      if (isStale(error)) {
        await this.read();
        return;
      }
      throw error;
    }
    this.state = state;
    this.onState(state, pull);
  }
}
