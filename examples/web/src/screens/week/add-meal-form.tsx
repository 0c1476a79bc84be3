/// <reference lib="dom" />
// Plan a recipe for a day and meal, once (planner.add_meal, through the queue: offline it is kept and sent later)
// or repeating on weekdays (planner.add_recurring, online only: its dates are the server's to work out).
import { useState } from "preact/hooks";
import {
  type MealType,
  mealTypes,
  type PlannerAddRecurringOutput,
  type RecipeListOutput,
  type Weekday,
  weekdays,
} from "@meal-planner/client/tools-client.generated.ts";
import { chosen } from "../../components/choice.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { ApiError } from "../../api.ts";
import { useApp } from "../../context.ts";
import { routeHash } from "../../routes.ts";
import { capitalized, weekdayOf } from "./dates.ts";
import type { PlanAct } from "./use-week-plan.ts";

/** A meal planned: what it was, and whether it waits on this device to be sent. */
export interface Planned {
  title: string;
  date: string;
  mealType: MealType;
  queued: boolean;
}

export function AddMealForm(
  { recipes, date, mealType, act, onAdded, onRepeated, onClose }: {
    recipes: RecipeListOutput["recipes"];
    date: string;
    mealType: MealType;
    act: PlanAct;
    onAdded: (added: Planned) => void;
    onRepeated: (added: PlannerAddRecurringOutput) => void;
    onClose: () => void;
  },
) {
  const { api } = useApp();
  const [recipeId, setRecipeId] = useState(recipes[0]?.id ?? "");
  const [day, setDay] = useState(date);
  const [meal, setMeal] = useState<MealType>(mealType);
  const [servings, setServings] = useState("");
  const [repeat, setRepeat] = useState(false);
  const [repeatDays, setRepeatDays] = useState<Weekday[]>([weekdayOf(date)]);
  const [everyWeeks, setEveryWeeks] = useState("1");
  const [count, setCount] = useState("4");
  const add = useAction();

  async function submit(event: Event) {
    event.preventDefault();
    const common = { recipe_id: recipeId, meal_type: meal, ...(servings ? { servings: Number(servings) } : {}) };
    if (!repeat) {
      const title = recipes.find((recipe) => recipe.id === recipeId)?.title ?? "the recipe";
      const added = await add.run(() => act("planner.add_meal", { ...common, date: day }, title));
      if (added) onAdded({ title, date: day, mealType: meal, queued: "queued" in added });
      return;
    }
    if (!navigator.onLine) {
      add.setError(
        new ApiError(
          "OFFLINE",
          "You are offline: a repeating meal is planned online. A single meal can be planned now.",
          null,
        ),
      );
      return;
    }
    const days = weekdays.filter((weekday) => repeatDays.includes(weekday));
    const added = await add.run(() =>
      api.tools().planner.addRecurring({
        ...common,
        start_date: day,
        weekdays: days,
        every_weeks: Number(everyWeeks) || 1,
        count: Number(count) || 1,
      }, api.once())
    );
    if (added) onRepeated(added);
  }

  if (recipes.length === 0) {
    return (
      <div class="add-meal card">
        <p>
          There are no recipes to plan yet. <a href={routeHash({ screen: "recipes", mode: "new" })}>Add a recipe</a> or
          {" "}
          <a href={routeHash({ screen: "recipes", mode: "import" })}>import one</a> first.
        </p>
        <button type="button" class="secondary" onClick={onClose}>Close</button>
      </div>
    );
  }

  return (
    <form class="add-meal card" onSubmit={submit} aria-labelledby="add-meal-heading">
      <h2 id="add-meal-heading">Plan a meal</h2>
      <div class="add-meal-fields">
        <label>
          <span>Recipe</span>
          <select value={recipeId} onChange={(event) => setRecipeId(event.currentTarget.value)}>
            {recipes.map((recipe) => <option key={recipe.id} value={recipe.id}>{recipe.title}</option>)}
          </select>
        </label>
        <label>
          <span>{repeat ? "Starting" : "Date"}</span>
          <input type="date" required value={day} onInput={(event) => setDay(event.currentTarget.value)} />
        </label>
        <label>
          <span>Meal</span>
          <select value={meal} onChange={(event) => setMeal(chosen(mealTypes, event.currentTarget.value) ?? meal)}>
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
      </div>
      <label>
        <input type="checkbox" checked={repeat} onChange={(event) => setRepeat(event.currentTarget.checked)} />
        Repeat it
      </label>
      {repeat
        ? (
          <div class="repeat-fields">
            <fieldset class="weekday-choice">
              <legend>On</legend>
              {weekdays.map((weekday) => (
                <label key={weekday}>
                  <input
                    type="checkbox"
                    checked={repeatDays.includes(weekday)}
                    onChange={(event) =>
                      setRepeatDays((current) =>
                        event.currentTarget.checked
                          ? [...current, weekday]
                          : current.filter((other) => other !== weekday)
                      )}
                  />
                  {capitalized(weekday)}
                </label>
              ))}
            </fieldset>
            <label>
              <span>Every how many weeks</span>
              <input
                type="number"
                min={1}
                max={52}
                value={everyWeeks}
                onInput={(event) => setEveryWeeks(event.currentTarget.value)}
              />
            </label>
            <label>
              <span>How many times in all</span>
              <input
                type="number"
                min={1}
                max={100}
                value={count}
                onInput={(event) => setCount(event.currentTarget.value)}
              />
            </label>
          </div>
        )
        : null}
      <ErrorMessage error={add.error} />
      <div class="actions">
        <button type="submit" disabled={add.busy || (repeat && repeatDays.length === 0)}>Add to the plan</button>
        <button type="button" class="secondary" onClick={onClose}>Close</button>
      </div>
    </form>
  );
}
