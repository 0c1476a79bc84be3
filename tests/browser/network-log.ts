// What a page asked the network for, kept so that a failing browser test can say which call was still in flight
// or how it was answered when the screen did not change: a wait that times out says only what it waited for.
import type { Page, Request } from "playwright-core";

interface Entry {
  method: string;
  url: string;
  startedAt: number;
  endedAt?: number;
  outcome?: string;
}

const kept = 40;
// A failure message shows every call in flight and the last few answered.
const shown = 10;

export interface NetworkLog {
  /** The calls still in flight and the last ones answered, with their statuses and times, a line each. */
  describe(): string;
}

export function recordNetwork(page: Page): NetworkLog {
  const started = performance.now();
  const entries = new Map<Request, Entry>();
  const forget = () => {
    for (const [request, entry] of entries) {
      if (entries.size <= kept) break;
      if (entry.endedAt !== undefined) entries.delete(request);
    }
  };
  page.on("request", (request) => {
    entries.set(request, { method: request.method(), url: request.url(), startedAt: performance.now() });
    forget();
  });
  page.on("requestfinished", async (request) => {
    const entry = entries.get(request);
    if (!entry) return;
    entry.endedAt = performance.now();
    const response = await request.response().catch(() => null);
    entry.outcome = response ? String(response.status()) : "finished";
  });
  page.on("requestfailed", (request) => {
    const entry = entries.get(request);
    if (!entry) return;
    entry.endedAt = performance.now();
    entry.outcome = `failed: ${request.failure()?.errorText ?? "unknown"}`;
  });
  const at = (ms: number) => `${((ms - started) / 1000).toFixed(2)} s`;
  return {
    describe() {
      const now = performance.now();
      const all = [...entries.values()];
      const answered = all.filter((entry) => entry.endedAt !== undefined).slice(-shown);
      return all.filter((entry) => entry.endedAt === undefined || answered.includes(entry)).map((entry) => {
        const path = entry.url.replace(/^https?:\/\/[^/]+/, "");
        const answer = entry.endedAt === undefined
          ? `IN FLIGHT for ${((now - entry.startedAt) / 1000).toFixed(2)} s`
          : `${entry.outcome} after ${Math.round(entry.endedAt - entry.startedAt)} ms`;
        return `  ${at(entry.startedAt)} ${entry.method} ${path}: ${answer}`;
      }).join("\n");
    },
  };
}

/** The start of what a page shows, for a failure message. */
export async function visibleText(page: Page, characters = 600): Promise<string> {
  const text = await page.locator("body").innerText({ timeout: 2_000 }).catch((error) => `(unreadable: ${error})`);
  return text.replace(/\s+/g, " ").slice(0, characters);
}
