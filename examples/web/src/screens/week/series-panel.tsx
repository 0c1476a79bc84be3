/// <reference lib="dom" />
// The household's repeating meals, as the server lists them (planner.list_series), whoever set them up: change the
// servings of every occurrence (planner.update_series) or stop the series (planner.remove_series).
import { useState } from "preact/hooks";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { formatDayRange } from "@meal-planner/client/dates.ts";
import { capitalized, formatShortDay } from "./dates.ts";
import type { Series } from "./series-list.ts";

export function SeriesPanel(
  { series, onChanged, onRemoved }: {
    series: Series[];
    onChanged: () => void;
    onRemoved: (seriesId: string, removedMealIds: string[]) => void;
  },
) {
  if (series.length === 0) return null;
  return (
    <section aria-labelledby="series-heading" class="series card">
      <h2 id="series-heading">Repeating meals</h2>
      <ul class="series-list">
        {series.map((one) => <SeriesRow key={one.id} series={one} onChanged={onChanged} onRemoved={onRemoved} />)}
      </ul>
    </section>
  );
}

function SeriesRow(
  { series, onChanged, onRemoved }: {
    series: Series;
    onChanged: () => void;
    onRemoved: (seriesId: string, removedMealIds: string[]) => void;
  },
) {
  const { api, announce } = useApp();
  const [servings, setServings] = useState("");
  const change = useAction();
  const days = series.weekdays.map(capitalized).join(", ");
  const every = series.every_weeks === 1 ? "" : ` every ${series.every_weeks} weeks`;
  const name = `${series.recipe_title} (${series.meal_type} on ${days}${every})`;

  async function updateServings(event: Event) {
    event.preventDefault();
    const updated = await change.run(() =>
      api.tools().planner.updateSeries({
        series_id: series.id,
        servings: servings ? Number(servings) : null,
      }, api.once())
    );
    if (!updated) return;
    announce(updated.message);
    onChanged();
  }

  async function stop() {
    const removed = await change.run(() => api.tools().planner.removeSeries({ series_id: series.id }, api.once()));
    if (!removed) return;
    announce(removed.message);
    onRemoved(series.id, removed.removed_meal_ids);
  }

  return (
    <li class="series-row" aria-label={name}>
      <span>
        <strong>{series.recipe_title}</strong>, {series.meal_type} on {days}
        {every}
        <span class="hint">{` (${plannedSpan(series)})`}</span>
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

/** What is still planned: "3 times, Fri 8 – Fri 22 Mar", "once, Fri 8 Mar", or none. */
function plannedSpan(series: Series): string {
  if (!series.first_date || !series.last_date) return "none left planned";
  const times = series.live_meal_count === 1 ? "once" : `${series.live_meal_count} times`;
  return series.first_date === series.last_date
    ? `${times}, ${formatShortDay(series.first_date)}`
    : `${times}, ${formatDayRange(series.first_date, series.last_date)}`;
}
