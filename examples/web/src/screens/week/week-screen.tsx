/// <reference lib="dom" />
// The week planner: Monday to Sunday, each day's breakfast, lunch and dinner; plan, move (a date picker, or drag
// to another day), change servings, remove and restore meals; repeating meals; the weeks before and after. Offline
// it shows the copy of the week kept on this device, and plans, moves and removals wait there to be sent.
import { useEffect, useState } from "preact/hooks";
import {
  type MealType,
  mealTypes,
  type PlannerRemoveMealOutput,
  type RecipeListOutput,
} from "@meal-planner/client/tools-client.generated.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { gotNoReply, readThrough } from "../../offline/read-through.ts";
import { storedCopiesFor } from "../../offline/stored-copies-browser.ts";
import { routeHash } from "../../routes.ts";
import { AddMealForm, type Planned } from "./add-meal-form.tsx";
import { addDays, capitalized, formatDate, formatDay, formatShortDay, isDay, mondayOf, today } from "./dates.ts";
import { MealCard } from "./meal-card.tsx";
import { SeriesPanel } from "./series-panel.tsx";
import { readAllSeries, type Series } from "./series-list.ts";
import { useWeekPlan } from "./use-week-plan.ts";
import { WeekStatus } from "./week-status.tsx";

type RemovedMeal = PlannerRemoveMealOutput["meal"];

export function WeekScreen({ date }: { date?: string }) {
  const { api, announce, session, household } = useApp();
  const monday = mondayOf(isDay(date) ? date : today());
  const sunday = addDays(monday, 6);
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const plan = useWeekPlan(monday, sunday);
  const meals = plan.shown?.meals ?? null;
  const [recipes, setRecipes] = useState<RecipeListOutput["recipes"] | null>(null);
  const [removed, setRemoved] = useState<RemovedMeal[]>([]);
  const [adding, setAdding] = useState<{ date: string; mealType: MealType } | null>(null);
  const [series, setSeries] = useState<Series[]>([]);
  const change = useAction();
  const seriesLoad = useAction();

  async function reloadSeries() {
    // Offline the series are not shown (they are not kept on this device); the week's status line says why.
    const result = await seriesLoad.run(() =>
      readAllSeries(api).catch((error) => {
        if (gotNoReply(error)) return null;
        throw error;
      })
    );
    if (result) setSeries(result);
  }

  useEffect(() => {
    // The series too: another member may have set one up or stopped one since this screen first read them.
    reloadSeries();
  }, [monday]);

  const recipesLoad = useAction();
  useEffect(() => {
    // Every recipe, for the picker: a page of 100 at a time (ordered by title), as many pages as there are; offline
    // the recipe list kept on this device.
    const copies = storedCopiesFor(session.user.id, household.id);
    recipesLoad.run(() =>
      readThrough(async () => {
        const all: RecipeListOutput["recipes"] = [];
        let cursor: string | undefined;
        do {
          const page = await api.tools().recipe.list({ limit: 100, ...(cursor ? { cursor } : {}) });
          all.push(...page.recipes);
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
        return all;
      }, (all) =>
        copies.saveRecipeIndex(all, true), () =>
        copies.recipeIndex())
    ).then((result) => {
      if (result) setRecipes(result.data);
    });
  }, []);

  function openAdd(day: string, mealType: MealType = "dinner") {
    setAdding({ date: day, mealType });
  }

  /** " It waits on this device to be sent." after a sentence about a change made offline. */
  const waits = (queued: boolean) => queued ? " It is kept on this device and sent once the network is back." : "";

  async function restore(meal: RemovedMeal) {
    if (!navigator.onLine) {
      announce(`You are offline: ${meal.recipe_title} can be put back once you are back online.`);
      return;
    }
    const restored = await change.run(() => api.tools().planner.restoreMeal({ planner_meal_id: meal.id }, api.once()));
    if (!restored) return;
    setRemoved((current) => current.filter((other) => other.id !== meal.id));
    plan.replaceMeal(restored.meal);
    announce(`Put ${restored.meal.recipe_title} back on ${formatDay(restored.meal.date)}.`);
  }

  async function dropOn(day: string, mealType: MealType, mealId: string) {
    const meal = meals?.find((candidate) => candidate.id === mealId);
    if (!meal || (meal.date === day && meal.meal_type === mealType)) return;
    const outcome = await change.run(() =>
      plan.act("planner.update_meal", { planner_meal_id: mealId, date: day, meal_type: mealType }, meal.recipe_title)
    );
    if (!outcome) return;
    announce(`Moved ${meal.recipe_title} to ${mealType} on ${formatDay(day)}.${waits("queued" in outcome)}`);
  }

  const isToday = (day: string) => day === today();

  return (
    <section aria-labelledby="week-heading" class="week">
      <div class="screen-heading">
        <h1 id="week-heading">Week of {formatDate(monday)}</h1>
        {/* Named without "week": the shell's nav has a link named Week, and a link name is matched by its words. */}
        <nav class="week-nav" aria-label="Weeks">
          <a class="button secondary" href={routeHash({ screen: "week", date: addDays(monday, -7) })}>
            Previous
          </a>
          <a class="button secondary" href={routeHash({ screen: "week", date: today() })}>Today</a>
          <a class="button secondary" href={routeHash({ screen: "week", date: addDays(monday, 7) })}>Next</a>
        </nav>
      </div>
      <WeekStatus
        copyFrom={plan.copyFrom}
        offline={plan.offline}
        pendingCount={plan.shown?.pendingCount ?? 0}
        looseProblems={plan.shown?.looseProblems ?? []}
        onDismiss={plan.dismiss}
      />
      <div class="actions">
        <button type="button" onClick={() => openAdd(days.find(isToday) ?? monday)}>Plan a meal</button>
      </div>
      <ErrorMessage error={adding ? recipesLoad.error : null} />
      {adding && recipes
        ? (
          <AddMealForm
            key={`${adding.date}-${adding.mealType}`}
            recipes={recipes}
            date={adding.date}
            mealType={adding.mealType}
            act={plan.act}
            onClose={() => setAdding(null)}
            onAdded={(added: Planned) => {
              setAdding(null);
              // The app's own sentence: the tool's message names the date as 2026-11-27.
              announce(
                `Planned ${added.title} for ${added.mealType} on ${formatDay(added.date)}.${waits(added.queued)}`,
              );
            }}
            onRepeated={(added) => {
              setAdding(null);
              reloadSeries();
              added.meals.forEach(plan.replaceMeal);
              const [first, last] = [added.meals[0], added.meals[added.meals.length - 1]];
              announce(
                first
                  ? `Planned ${first.recipe_title} ${added.meals.length} times, ${formatDay(first.date)} to ${
                    formatDay(last.date)
                  }.`
                  : added.message,
              );
            }}
          />
        )
        : null}
      {removed.length
        ? (
          <ul class="removed notice" aria-label="Removed meals">
            {removed.map((meal) => (
              <li key={meal.id}>
                Removed {meal.recipe_title} ({meal.meal_type}, {formatShortDay(meal.date)}).{" "}
                <button type="button" class="secondary" disabled={change.busy} onClick={() => restore(meal)}>
                  Restore {meal.recipe_title}
                </button>
              </li>
            ))}
          </ul>
        )
        : null}
      <ErrorMessage error={plan.loadError} />
      <ErrorMessage error={change.error} />
      {meals === null ? (plan.loadError ? null : <p class="loading">Loading the week…</p>) : (
        <div class="week-days">
          {days.map((day) => (
            <section
              key={day}
              class={isToday(day) ? "day today" : "day"}
              aria-labelledby={`day-${day}`}
            >
              <h2 id={`day-${day}`}>{formatDay(day)}{isToday(day) ? <span class="tag">today</span> : null}</h2>
              {mealTypes.map((mealType) => {
                const here = meals.filter((meal) => meal.date === day && meal.meal_type === mealType);
                return (
                  <div
                    key={mealType}
                    class="slot"
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={(event) => {
                      event.preventDefault();
                      const mealId = event.dataTransfer?.getData("text/x-planner-meal");
                      if (mealId) dropOn(day, mealType, mealId);
                    }}
                  >
                    <h3>{capitalized(mealType)}</h3>
                    {here.length
                      ? (
                        <ul class="meals">
                          {here.map((meal) => (
                            <MealCard
                              key={meal.id}
                              meal={meal}
                              act={plan.act}
                              onChanged={(updated, queued) => {
                                announce(
                                  `Saved ${updated.recipe_title}, ${updated.meal_type} on ${formatDay(updated.date)}.${
                                    waits(queued)
                                  }`,
                                );
                              }}
                              onRemoved={(gone, title) => {
                                if (gone) setRemoved((current) => [gone, ...current]);
                                announce(`Removed ${title}.${waits(!gone)}`);
                              }}
                              onDismiss={plan.dismiss}
                            />
                          ))}
                        </ul>
                      )
                      : null}
                    <button
                      type="button"
                      class="link add-here"
                      aria-label={`Add ${mealType} on ${formatDay(day)}`}
                      onClick={() => openAdd(day, mealType)}
                    >
                      + Add
                    </button>
                  </div>
                );
              })}
            </section>
          ))}
        </div>
      )}
      <ErrorMessage error={seriesLoad.error} />
      <SeriesPanel
        // Not kept for offline: shown only while the server answers (the status line says when it does not).
        series={plan.offline ? [] : series}
        onChanged={() => {
          plan.reload();
          reloadSeries();
        }}
        onRemoved={(seriesId, removedMealIds) => {
          setSeries((current) => current.filter((one) => one.id !== seriesId));
          plan.dropMeals(removedMealIds);
        }}
      />
    </section>
  );
}
