/// <reference lib="dom" />
// One week's meals in the page: the server's (kept on this device as they are read) or, when a read gets no reply,
// the copy kept last; the person's planning, moves, servings and removals go through the list's durable queue
// (the same IndexedDB queue, the same Idempotency-Key minted when they acted, sent in order and exactly once), laid
// over the meals as pending until the server has them. Coming back online sends what waits and reads the week again.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { ApiError, asApiError } from "../../api.ts";
import { useApp } from "../../context.ts";
import { offlineFor } from "../../live/use-shopping-list.ts";
import { plannerQueueId, type QueuedCall } from "../../offline/queue.ts";
import { gotNoReply, readThrough } from "../../offline/read-through.ts";
import type { StoredMeal } from "../../offline/stored-copies.ts";
import { storedCopiesFor } from "../../offline/stored-copies-browser.ts";
import { weekOverlay } from "../../offline/week-overlay.ts";

export type PlannerTool = "planner.add_meal" | "planner.update_meal" | "planner.remove_meal";
/** What became of an action: the server's reply, or kept on this device to be sent later (offline). */
export type PlanOutcome = { applied: Record<string, unknown> } | { queued: QueuedCall };
export type PlanAct = (tool: PlannerTool, input: Record<string, unknown>, title: string) => Promise<PlanOutcome>;

/** How often waiting calls are sent again, and an offline week read again, while either is the case. */
const retryMs = 2000;

export function useWeekPlan(monday: string, sunday: string) {
  const { api, supabase, session, household, announce } = useApp();
  const { queue } = useMemo(() => offlineFor(supabase, session.user.id, household.id), [
    supabase,
    session.user.id,
    household.id,
  ]);
  const copies = useMemo(() => storedCopiesFor(session.user.id, household.id), [session.user.id, household.id]);
  const [meals, setMeals] = useState<StoredMeal[] | null>(null);
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  // The stored calls; null until they are read once, and the week is not shown till then: its saved copy alone would
  // show a meal planned or moved offline as not done, then done (an offline reload).
  const [calls, setCalls] = useState<QueuedCall[] | null>(null);
  // Calls of an action still waiting for its reply: shown as before the queue (the form busy), not as pending; only
  // a call the server could not be reached for is laid over the week.
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(new Set());
  const inFlightNow = useRef<ReadonlySet<string>>(inFlight);
  /** Actions waiting for their reply: a replay they share is theirs to tell of, not "sent what was made offline". */
  const acting = useRef(0);
  const [reachable, setReachable] = useState(true);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  // Read by the retry timer, which outlives the render it was set up in.
  const waiting = useRef(false);
  waiting.current = (calls ?? []).some((call) => call.status === "pending" && !inFlight.has(call.id)) || !reachable ||
    copyFrom !== null;
  const current = useRef<StoredMeal[] | null>(null);
  const appliedReplies = useRef(new Map<string, Record<string, unknown>>());
  const appliedCount = useRef(0);
  /** Which week's effect is current: a read of the week left behind is not shown. */
  const generation = useRef(0);

  function keep(next: StoredMeal[]) {
    current.current = next;
    setMeals(next);
    void copies.saveWeek(monday, next).catch(() => {});
  }

  /** The server's meal as a reply gave it: shown in this week, or gone from it when it moved to another. */
  function replaceMeal(meal: StoredMeal) {
    const others = (current.current ?? []).filter((other) => other.id !== meal.id);
    keep(meal.date >= monday && meal.date <= sunday ? [...others, meal] : others);
  }

  function dropMeals(mealIds: string[]) {
    keep((current.current ?? []).filter((meal) => !mealIds.includes(meal.id)));
  }

  async function reload(): Promise<void> {
    // A call applied while the week was being read may be missing from the answer: read again until none was.
    let before: number;
    let result;
    const mine = generation.current;
    try {
      do {
        before = appliedCount.current;
        result = await readThrough(
          async () => (await api.tools().planner.listMeals({ start_date: monday, end_date: sunday, limit: 100 })).meals,
          (read) => copies.saveWeek(monday, read),
          () => copies.week(monday),
        );
      } while (before !== appliedCount.current && result.copyFrom === null);
    } catch (error) {
      if (mine !== generation.current || current.current) return; // A week already shown stays; the status line says the server is out of reach.
      setLoadError(
        gotNoReply(error)
          ? new ApiError(
            "OFFLINE",
            "You are offline, and this week was not opened on this device before: it shows once you are back online.",
            null,
          )
          : asApiError(error),
      );
      return;
    }
    if (mine !== generation.current) return;
    setLoadError(null);
    current.current = result.data;
    setMeals(result.data);
    setCopyFrom(result.copyFrom);
  }

  async function refreshCalls() {
    try {
      setCalls((await queue.calls()).filter((call) => call.listId === plannerQueueId));
    } catch (error) {
      // Storage that cannot be read (IndexedDB refused) still lets the week show, without calls laid over it.
      setCalls((current) => current ?? []);
      throw error;
    }
  }

  /** Sends what waits (list calls too: one queue, in order); says whether the server could be reached. */
  async function flush() {
    const report = await queue.replay();
    setReachable(report.stoppedAt === undefined);
    return report;
  }

  const act: PlanAct = async (tool, input, title) => {
    const call = await queue.enqueue({ tool, listId: plannerQueueId, input, seenVersion: null, itemName: title });
    // Set before the stored calls are read again (that waits for IndexedDB), so the call never shows as pending.
    inFlightNow.current = new Set(inFlightNow.current).add(call.id);
    setInFlight(inFlightNow.current);
    acting.current += 1;
    const report = await flush().finally(() => {
      acting.current -= 1;
      const next = new Set(inFlightNow.current);
      next.delete(call.id);
      inFlightNow.current = next;
      setInFlight(next);
    });
    const reply = appliedReplies.current.get(call.id);
    if (reply) return { applied: reply };
    const kept = report.kept.find((other) => other.id === call.id);
    if (kept) {
      // Refused at once, while the person is still at the form: said there, as before the queue, not kept.
      await queue.dismiss(call.id);
      throw new ApiError(kept.status.toUpperCase(), kept.message ?? "It was not applied.", null);
    }
    return { queued: call };
  };

  useEffect(() => {
    let closed = false;
    generation.current += 1;
    setMeals(null);
    current.current = null;
    const stopListening = queue.listen({
      changed: () => void refreshCalls(),
      applied: (call, data) => {
        if (call.listId !== plannerQueueId || closed) return;
        appliedCount.current += 1;
        appliedReplies.current.set(call.id, data);
        // The meal as the server has it now; the call is no longer laid over it.
        setCalls((waiting) => waiting && waiting.filter((other) => other.id !== call.id));
        const meal = data.meal as StoredMeal | undefined;
        // While the week is still being read, that read brings the meal as it is now.
        if (!meal || !current.current) return;
        if (call.tool === "planner.remove_meal") dropMeals([meal.id]);
        else replaceMeal(meal);
      },
    });
    /** Sends what waits; says how many of the week's changes made offline went, in place of "…sent when back". */
    const sendWaiting = async () => {
      const actingBefore = acting.current;
      const report = await flush();
      const sent = report.applied.filter((call) => call.listId === plannerQueueId).length;
      if (sent > 0 && !closed && actingBefore === 0 && acting.current === 0) {
        announce(sent === 1 ? "Sent the change made offline." : `Sent the ${sent} changes made offline.`);
      }
    };
    const catchUp = async () => {
      await sendWaiting().catch(() => {});
      if (!closed) await reload();
    };
    setLoadError(null);
    void refreshCalls();
    void reload().then(sendWaiting).catch(() => {});
    const onOffline = () => setReachable(false);
    addEventListener("online", catchUp);
    addEventListener("offline", onOffline);
    const timer = setInterval(() => {
      if (waiting.current && navigator.onLine) void catchUp();
    }, retryMs);
    return () => {
      closed = true;
      stopListening();
      removeEventListener("online", catchUp);
      removeEventListener("offline", onOffline);
      clearInterval(timer);
    };
  }, [monday, queue]);

  const shown = useMemo(
    () => meals && calls ? weekOverlay(meals, calls.filter((call) => !inFlight.has(call.id)), monday, sunday) : null,
    [meals, calls, inFlight, monday],
  );
  const offline = copyFrom !== null || !reachable;
  return {
    shown,
    loadError,
    copyFrom,
    offline,
    act,
    replaceMeal,
    dropMeals,
    reload,
    dismiss: (callId: string) => queue.dismiss(callId),
  };
}
