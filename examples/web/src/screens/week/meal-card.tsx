/// <reference lib="dom" />
// One planned meal: its recipe and servings; change its day, meal or servings (planner.update_meal), or remove it
// (planner.remove_meal; the week screen offers the restore). It can also be dragged to another day. Changes go
// through the queue (use-week-plan.ts): offline they show as waiting, and a refusal on replay is said beside it.
import { useState } from "preact/hooks";
import {
  type MealType,
  mealTypes,
  type PlannerListMealsOutput,
  type PlannerRemoveMealOutput,
} from "@meal-planner/client/tools-client.generated.ts";
import type { ShownMeal } from "../../offline/week-overlay.ts";
import { describeCall } from "../list/describe-call.ts";
import { chosen } from "../../components/choice.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { routeHash } from "../../routes.ts";
import { formatFor } from "@meal-planner/client/amounts.ts";
import { capitalized } from "./dates.ts";
import type { PlanAct } from "./use-week-plan.ts";

export type Meal = PlannerListMealsOutput["meals"][number];

export function MealCard(
  { meal, act, onChanged, onRemoved, onDismiss }: {
    meal: ShownMeal;
    act: PlanAct;
    /** The meal as saved (`queued`: kept on this device until the server can be reached). */
    onChanged: (meal: Meal, queued: boolean) => void;
    /** The removed meal, to offer its restore; undefined when the removal waits to be sent. */
    onRemoved: (removed: PlannerRemoveMealOutput["meal"] | undefined, title: string) => void;
    onDismiss: (callId: string) => void;
  },
) {
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState(meal.date);
  const [mealType, setMealType] = useState<MealType>(meal.meal_type);
  const [servings, setServings] = useState(meal.servings?.toString() ?? "");
  const change = useAction();

  function startEditing() {
    setDate(meal.date);
    setMealType(meal.meal_type);
    setServings(meal.servings?.toString() ?? "");
    setEditing(true);
  }

  async function save(event: Event) {
    event.preventDefault();
    const input = { planner_meal_id: meal.id, date, meal_type: mealType, servings: servings ? Number(servings) : null };
    const outcome = await change.run(() => act("planner.update_meal", input, meal.recipe_title));
    if (!outcome) return;
    setEditing(false);
    const { planner_meal_id: _, ...changed } = input;
    onChanged("applied" in outcome ? outcome.applied.meal as Meal : { ...meal, ...changed }, "queued" in outcome);
  }

  async function remove() {
    const outcome = await change.run(() => act("planner.remove_meal", { planner_meal_id: meal.id }, meal.recipe_title));
    if (!outcome) return;
    onRemoved(
      "applied" in outcome ? outcome.applied.meal as PlannerRemoveMealOutput["meal"] : undefined,
      meal.recipe_title,
    );
  }

  return (
    <li
      class={meal.pending ? "meal pending" : "meal"}
      draggable={!editing}
      aria-label={`${meal.recipe_title}, ${meal.meal_type}`}
      onDragStart={(event) => {
        event.dataTransfer?.setData("text/x-planner-meal", meal.id);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
      }}
    >
      <a
        class="meal-title"
        href={routeHash({ screen: "recipes", recipeId: meal.recipe_id, servings: meal.servings ?? undefined })}
      >
        {meal.recipe_title}
      </a>
      <span class="meal-meta">
        {meal.servings ? formatFor(meal.servings) : "as the recipe serves"}
        {meal.series_id ? <span class="tag">repeats</span> : null}
        {meal.pending ? <span class="pending-note">waiting to be sent</span> : null}
      </span>
      {editing
        ? (
          <form class="meal-edit" onSubmit={save}>
            <label>
              <span>Date</span>
              <input type="date" required value={date} onInput={(event) => setDate(event.currentTarget.value)} />
            </label>
            <label>
              <span>Meal</span>
              <select
                value={mealType}
                onChange={(event) => setMealType(chosen(mealTypes, event.currentTarget.value) ?? mealType)}
              >
                {mealTypes.map((type) => <option key={type} value={type}>{capitalized(type)}</option>)}
              </select>
            </label>
            <label>
              <span>Servings</span>
              <input
                type="number"
                min={1}
                max={100}
                inputMode="numeric"
                placeholder="As the recipe"
                value={servings}
                onInput={(event) => setServings(event.currentTarget.value)}
              />
            </label>
            <div class="actions">
              <button type="submit" disabled={change.busy}>Save</button>
              <button type="button" class="secondary" onClick={() => setEditing(false)}>Cancel</button>
            </div>
          </form>
        )
        : (
          <span class="meal-actions">
            <button
              type="button"
              class="link"
              aria-label={`Change ${meal.recipe_title}`}
              onClick={startEditing}
            >
              Change
            </button>
            <button
              type="button"
              class="link"
              aria-label={`Remove ${meal.recipe_title}`}
              disabled={change.busy}
              onClick={remove}
            >
              Remove
            </button>
          </span>
        )}
      <ErrorMessage error={change.error} />
      {meal.problems.map((call) => (
        <p key={call.id} class="problem" role="alert">
          {describeCall(call)}: {call.message}{" "}
          <button type="button" class="secondary" onClick={() => onDismiss(call.id)}>Dismiss</button>
        </p>
      ))}
    </li>
  );
}
