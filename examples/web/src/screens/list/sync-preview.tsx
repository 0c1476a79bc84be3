/// <reference lib="dom" />
// What adding the week to the list would do, and the person's choices: which meals go on the list (a checkbox
// each), what will be added (each ingredient can be marked on hand from here), and "You have these": the on-hand
// ingredients left off, each with a checkbox to add it anyway. Every choice asks for the preview again.
import type { ComponentChildren } from "preact";
import type { GrocerySyncPlanOutput } from "@meal-planner/client/tools-client.generated.ts";
import { formatAmount } from "@meal-planner/client/amounts.ts";
import { formatDay } from "@meal-planner/client/dates.ts";

type Plan = GrocerySyncPlanOutput;
type Change = Plan["changes"][number];

function changeInWords(change: Change): string {
  const amount = (quantity: number) => formatAmount({ quantity, unit: change.unit, name: change.ingredient_name });
  const parts = [];
  if (change.added > 0) parts.push(`add ${amount(change.added)}`);
  if (change.withdrawn > 0) parts.push(`take back ${amount(change.withdrawn)}`);
  if (change.kept > 0) parts.push(`keep ${amount(change.kept)} already bought`);
  return `${parts.join(", ")} (${change.recipe_title}, ${formatDay(change.date)})`;
}

/** The changes of one ingredient together, in the order the plan lists them. */
function byIngredient(changes: Change[]): { id: string; name: string; changes: Change[] }[] {
  const groups = new Map<string, { id: string; name: string; changes: Change[] }>();
  for (const change of changes) {
    const group = groups.get(change.ingredient_id) ??
      { id: change.ingredient_id, name: change.ingredient_name, changes: [] };
    group.changes.push(change);
    groups.set(change.ingredient_id, group);
  }
  return [...groups.values()];
}

function neededInWords(onHand: Plan["on_hand"][number]): string {
  const amounts = onHand.needed.map((need) =>
    formatAmount({ quantity: need.quantity, unit: need.unit, name: onHand.ingredient_name })
  );
  const meals = onHand.meals.map((meal) => `${meal.recipe_title}, ${formatDay(meal.date)}`);
  return `${amounts.length > 0 ? `${amounts.join(" and ")} for ` : "for "}${meals.join("; ")}`;
}

export interface SyncPreviewProps {
  plan: Plan;
  busy: boolean;
  onToggleMeal: (plannerMealId: string, included: boolean) => void;
  onToggleOnHand: (ingredientId: string, included: boolean) => void;
  onMarkOnHand: (ingredientId: string) => void;
  /** The buttons that apply or close the preview, after it. */
  children?: ComponentChildren;
}

export function SyncPreview(
  { plan, busy, onToggleMeal, onToggleOnHand, onMarkOnHand, children }: SyncPreviewProps,
) {
  const changes = plan.changes.filter((change) => change.added > 0 || change.withdrawn > 0);
  const onHandIds = new Set(plan.on_hand.map((item) => item.ingredient_id));
  return (
    <div class="sync-preview">
      <p role="status">{plan.message}</p>
      {plan.meals.length > 0
        ? (
          <fieldset class="sync-meals">
            <legend>Meals to shop for</legend>
            {plan.meals.map((meal) => (
              <label key={meal.planner_meal_id} class="inline">
                <input
                  type="checkbox"
                  checked={meal.included}
                  disabled={busy}
                  onChange={(event) => onToggleMeal(meal.planner_meal_id, event.currentTarget.checked)}
                />
                {meal.recipe_title}, {meal.meal_type} {formatDay(meal.date)}
              </label>
            ))}
          </fieldset>
        )
        : null}
      {changes.length > 0
        ? (
          <section class="sync-changes" aria-labelledby="sync-changes-heading">
            <h3 id="sync-changes-heading">Changes to the list</h3>
            <ul>
              {byIngredient(changes).map((group) => (
                <li key={group.id}>
                  <span>{group.changes.map(changeInWords).join("; ")}</span>
                  {!onHandIds.has(group.id) && group.changes.some((change) => change.added > 0)
                    ? (
                      <button
                        type="button"
                        class="secondary small"
                        disabled={busy}
                        onClick={() => onMarkOnHand(group.id)}
                      >
                        Mark <span class="visually-hidden">{group.name}</span> on hand
                      </button>
                    )
                    : null}
                </li>
              ))}
            </ul>
          </section>
        )
        : null}
      {plan.on_hand.length > 0
        ? (
          <section class="sync-on-hand" aria-labelledby="sync-on-hand-heading">
            <h3 id="sync-on-hand-heading">You have these</h3>
            <p class="hint">On hand, so left off the list. Tick one to add it this time anyway.</p>
            <ul>
              {plan.on_hand.map((item) => (
                <li key={item.ingredient_id}>
                  <label class="inline">
                    <input
                      type="checkbox"
                      checked={item.included}
                      disabled={busy}
                      onChange={(event) => onToggleOnHand(item.ingredient_id, event.currentTarget.checked)}
                    />
                    <span>
                      Add <strong>{item.ingredient_name}</strong> anyway
                      <span class="sync-needed">({neededInWords(item)})</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </section>
        )
        : null}
      {children}
    </div>
  );
}
