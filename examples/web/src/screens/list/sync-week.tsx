/// <reference lib="dom" />
// Push this week's planned meals into the list: first what would change (grocery.sync_plan with preview), with the
// person's choices (which meals, which on-hand ingredients to add anyway), then, if they agree, the same sync made
// for real with the same choices. Marking an ingredient on hand from the preview leaves it off from then on.
import { useState } from "preact/hooks";
import type { GrocerySyncPlanOutput } from "@meal-planner/client/tools-client.generated.ts";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import { formatDayRange } from "@meal-planner/client/dates.ts";
import { SyncPreview } from "./sync-preview.tsx";
import { onHandSentence } from "../household/on-hand-screen.tsx";

/** Monday to Sunday of the week holding `day`, as YYYY-MM-DD in the person's time zone. */
export function weekOf(day: Date): { start: string; end: string } {
  const monday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  const format = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  return { start: format(monday), end: format(sunday) };
}

interface Choices {
  leftOut: string[];
  include: string[];
}

const noChoices: Choices = { leftOut: [], include: [] };

function toggled(ids: string[], id: string, present: boolean): string[] {
  return present ? [...new Set([...ids, id])] : ids.filter((other) => other !== id);
}

export function SyncWeek({ listId, onApplied }: { listId: string; onApplied: () => Promise<void> }) {
  const { api, announce } = useApp();
  const [preview, setPreview] = useState<GrocerySyncPlanOutput | null>(null);
  const [choices, setChoices] = useState<Choices>(noChoices);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const week = weekOf(new Date());

  async function run(apply: boolean, chosen: Choices = choices) {
    setBusy(true);
    setError(null);
    try {
      const input = {
        grocery_list_id: listId,
        start_date: week.start,
        end_date: week.end,
        preview: !apply,
        leave_out_meal_ids: chosen.leftOut,
        include_ingredient_ids: chosen.include,
      };
      const result = await api.tools().grocery.syncPlan(input, apply ? api.once() : {});
      if (apply) {
        announce(result.message);
        setPreview(null);
        setChoices(noChoices);
        await onApplied();
      } else setPreview(result);
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  function choose(next: Choices) {
    setChoices(next);
    run(false, next);
  }

  async function markOnHand(ingredientId: string) {
    setBusy(true);
    setError(null);
    try {
      const reply = await api.tools().household.setOnHand({ ingredient_id: ingredientId, on_hand: true }, api.once());
      announce(onHandSentence(reply));
      await run(false, { ...choices, include: toggled(choices.include, ingredientId, false) });
    } catch (caught) {
      setError(asApiError(caught));
      setBusy(false);
    }
  }

  function close() {
    setPreview(null);
    setChoices(noChoices);
  }

  const changes = preview?.changes.filter((change) => change.added > 0 || change.withdrawn > 0) ?? [];
  return (
    <section class="sync-week" aria-labelledby="sync-week-heading">
      <h2 id="sync-week-heading">This week's meals</h2>
      {preview
        ? (
          <SyncPreview
            plan={preview}
            busy={busy}
            onToggleMeal={(mealId, included) =>
              choose({ ...choices, leftOut: toggled(choices.leftOut, mealId, !included) })}
            onToggleOnHand={(ingredientId, included) =>
              choose({ ...choices, include: toggled(choices.include, ingredientId, included) })}
            onMarkOnHand={markOnHand}
          >
            <div class="button-row">
              {changes.length > 0
                ? <button type="button" onClick={() => run(true)} disabled={busy}>Apply to the list</button>
                : null}
              <button type="button" class="secondary" onClick={close}>
                {changes.length > 0 ? "Cancel" : "Close"}
              </button>
            </div>
          </SyncPreview>
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
