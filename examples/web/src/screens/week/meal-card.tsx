/// <reference lib="dom" />
// One planned meal: its recipe and servings; change its day, meal or servings (planner.update_meal), or remove it
// (planner.remove_meal; the week screen offers the restore). It can also be dragged to another day.
import { useState } from "preact/hooks";
import {
  type MealType,
  mealTypes,
  type PlannerListMealsOutput,
  type PlannerRemoveMealOutput,
} from "@meal-planner/client/tools-client.generated.ts";
import { chosen } from "../../components/choice.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { routeHash } from "../../routes.ts";
import { formatFor } from "@meal-planner/client/amounts.ts";
import { capitalized } from "./dates.ts";

export type Meal = PlannerListMealsOutput["meals"][number];

export function MealCard(
  { meal, onChanged, onRemoved }: {
    meal: Meal;
    onChanged: (meal: Meal, previousDate: string) => void;
    onRemoved: (removed: PlannerRemoveMealOutput["meal"]) => void;
  },
) {
  const { api } = useApp();
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
    const updated = await change.run(() =>
      api.tools().planner.updateMeal({
        planner_meal_id: meal.id,
        date,
        meal_type: mealType,
        servings: servings ? Number(servings) : null,
      }, api.once())
    );
    if (!updated) return;
    setEditing(false);
    onChanged(updated.meal, meal.date);
  }

  async function remove() {
    const removed = await change.run(() => api.tools().planner.removeMeal({ planner_meal_id: meal.id }, api.once()));
    if (removed) onRemoved(removed.meal);
  }

  return (
    <li
      class="meal"
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
    </li>
  );
}
