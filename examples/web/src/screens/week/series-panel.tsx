/// <reference lib="dom" />
// The repeating meals set up in this browser: change the servings of every occurrence (planner.update_series)
// or stop the series (planner.remove_series).
import { useState } from "preact/hooks";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { capitalized, formatShortDay } from "./dates.ts";
import type { KnownSeries } from "./series-store.ts";

export function SeriesPanel(
  { series, onChanged, onRemoved }: {
    series: KnownSeries[];
    onChanged: () => void;
    onRemoved: (seriesId: string, removedMealIds: string[]) => void;
  },
) {
  if (series.length === 0) return null;
  return (
    <section aria-labelledby="series-heading" class="series card">
      <h2 id="series-heading">Repeating meals</h2>
      <ul class="series-list">
        {series.map((one) => <SeriesRow key={one.seriesId} series={one} onChanged={onChanged} onRemoved={onRemoved} />)}
      </ul>
    </section>
  );
}

function SeriesRow(
  { series, onChanged, onRemoved }: {
    series: KnownSeries;
    onChanged: () => void;
    onRemoved: (seriesId: string, removedMealIds: string[]) => void;
  },
) {
  const { api, announce } = useApp();
  const [servings, setServings] = useState("");
  const change = useAction();
  const days = series.weekdays.map(capitalized).join(", ");
  const name = `${series.recipeTitle} (${series.mealType} on ${days})`;

  async function updateServings(event: Event) {
    event.preventDefault();
    const updated = await change.run(() =>
      api.tools().planner.updateSeries({
        series_id: series.seriesId,
        servings: servings ? Number(servings) : null,
      }, api.once())
    );
    if (!updated) return;
    announce(updated.message);
    onChanged();
  }

  async function stop() {
    const removed = await change.run(() =>
      api.tools().planner.removeSeries({ series_id: series.seriesId }, api.once())
    );
    if (!removed) return;
    announce(removed.message);
    onRemoved(series.seriesId, removed.removed_meal_ids);
  }

  return (
    <li class="series-row" aria-label={name}>
      <span>
        <strong>{series.recipeTitle}</strong>, {series.mealType} on {days}
        <span class="hint">
          {` (${formatShortDay(series.firstDate)} to ${formatShortDay(series.lastDate)})`}
        </span>
      </span>
      <form class="series-servings" onSubmit={updateServings}>
        <label>
          <span>Servings each time</span>
          <input
            type="number"
            min={1}
            max={100}
            placeholder="As the recipe"
            value={servings}
            onInput={(event) => setServings(event.currentTarget.value)}
          />
        </label>
        <button type="submit" class="secondary" disabled={change.busy}>Change all</button>
      </form>
      <button type="button" class="danger" disabled={change.busy} onClick={stop}>Stop repeating</button>
      <ErrorMessage error={change.error} />
    </li>
  );
}
