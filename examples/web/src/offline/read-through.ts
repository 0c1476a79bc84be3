// Reading through the stored copy: online the server's answer is shown and kept; when the call gets no reply
// (offline, or the server out of reach) the copy kept last is shown instead, with when it was read. Any other
// failure (a refusal, a recipe that is gone) is the server's answer and is shown as it is.
import type { Copy } from "./stored-copies.ts";

export interface ReadResult<Data> {
  data: Data;
  /** When the shown copy was read from the server; null: it is the server's answer just now. */
  copyFrom: number | null;
}

/** True when the call never got an answer: a ToolError or ApiError of no status (the typed client's UNAVAILABLE). */
export function gotNoReply(error: unknown): boolean {
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  return (status === 0 || status === null) && (type === "UNAVAILABLE" || type === "NETWORK");
}

// How long the answer waits for its copy to be kept. Waiting at all means a person who reads a screen and then goes
// offline finds it kept; waiting without end would let a stalled store (IndexedDB held up by a busy device, or
// blocked by another tab's older connection) keep the answer from being shown. Past this the copy is kept later.
const saveWaitMs = 2_000;

export async function readThrough<Data>(
  read: () => Promise<Data>,
  save: (data: Data) => Promise<void>,
  stored: () => Promise<Copy<Data> | undefined>,
  waitForSaveMs = saveWaitMs,
): Promise<ReadResult<Data>> {
  let data: Data;
  try {
    data = await read();
  } catch (error) {
    if (!gotNoReply(error)) throw error;
    const copy = await stored().catch(() => undefined);
    if (!copy) throw error;
    return { data: copy.data, copyFrom: copy.savedAt };
  }
  // Kept for later; a full or missing store never stands between the person and what the server said.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    save(data).catch(() => {}),
    new Promise<void>((resolve) => timer = setTimeout(resolve, waitForSaveMs)),
  ]);
  clearTimeout(timer);
  return { data, copyFrom: null };
}
