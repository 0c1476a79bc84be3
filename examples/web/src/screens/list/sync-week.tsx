/// <reference lib="dom" />
// Push this week's planned meals into the list: first what would change (grocery.sync_plan with preview), then,
// if the person agrees, the same sync made for real.
import { useState } from "preact/hooks";
import type { GrocerySyncPlanOutput } from "@meal-planner/client/tools-client.generated.ts";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import { formatAmount } from "@meal-planner/client/amounts.ts";
import { formatDay, formatDayRange } from "@meal-planner/client/dates.ts";

/** Monday to Sunday of the week holding `day`, as YYYY-MM-DD in the person's time zone. */
export function weekOf(day: Date): { start: string; end: string } {
  const monday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  const format = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  return { start: format(monday), end: format(sunday) };
}

function changeInWords(change: GrocerySyncPlanOutput["changes"][number]): string {
  const amount = (quantity: number) => formatAmount({ quantity, unit: change.unit, name: change.ingredient_name });
  const parts = [];
  if (change.added > 0) parts.push(`add ${amount(change.added)}`);
  if (change.withdrawn > 0) parts.push(`take back ${amount(change.withdrawn)}`);
  if (change.kept > 0) parts.push(`keep ${amount(change.kept)} already bought`);
  return `${parts.join(", ")} (${change.recipe_title}, ${formatDay(change.date)})`;
}

export function SyncWeek({ listId, onApplied }: { listId: string; onApplied: () => Promise<void> }) {
  const { api, announce } = useApp();
  const [preview, setPreview] = useState<GrocerySyncPlanOutput | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const week = weekOf(new Date());

  async function run(apply: boolean) {
    setBusy(true);
    setError(null);
    try {
      const input = { grocery_list_id: listId, start_date: week.start, end_date: week.end, preview: !apply };
      const result = await api.tools().grocery.syncPlan(input, apply ? api.once() : {});
      if (apply) {
        announce(result.message);
        setPreview(null);
        await onApplied();
      } else setPreview(result);
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  const changes = preview?.changes.filter((change) => change.added > 0 || change.withdrawn > 0) ?? [];
  return (
    <section class="sync-week" aria-labelledby="sync-week-heading">
      <h2 id="sync-week-heading">This week's meals</h2>
      {preview
        ? (
          <div class="sync-preview">
            <p>{preview.message}</p>
            {changes.length > 0
              ? <ul>{changes.map((change, index) => <li key={index}>{changeInWords(change)}</li>)}</ul>
              : null}
            <div class="button-row">
              {changes.length > 0
                ? <button type="button" onClick={() => run(true)} disabled={busy}>Apply to the list</button>
                : null}
              <button type="button" class="secondary" onClick={() => setPreview(null)}>
                {changes.length > 0 ? "Cancel" : "Close"}
              </button>
            </div>
          </div>
        )
        : (
          <button type="button" class="secondary" onClick={() => run(false)} disabled={busy}>
            Add this week's meals ({formatDayRange(week.start, week.end)})
          </button>
        )}
      <ErrorMessage error={error} />
    </section>
  );
}
