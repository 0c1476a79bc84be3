/// <reference lib="dom" />
// One line of the list: tick it, change its amount, remove it; a change still on its way is marked, and a change
// that was not applied is explained in words beside the item.
import { useState } from "preact/hooks";
import { type Unit, units } from "@meal-planner/client/tools-client.generated.ts";
import { chosen } from "../../components/choice.ts";
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShownItem } from "../../offline/pending-overlay.ts";
import { amountParts, formatNumber, formatPurchase } from "@meal-planner/client/amounts.ts";
import { describeCall } from "./describe-call.ts";

/** "buy 3 cans tomatoes" beside "2½ cans tomatoes"; nothing when what to buy is the exact need already ("4 onions"). */
export function purchaseDiffers(item: Pick<ShownItem, "quantity" | "unit" | "buy">): boolean {
  return item.buy != null && (item.buy.quantity !== item.quantity || item.buy.unit !== item.unit);
}

export function ItemRow({ item, list, onRemove }: { item: ShownItem; list: ShoppingList; onRemove: () => void }) {
  const [editing, setEditing] = useState(false);
  const [quantity, setQuantity] = useState(formatNumber(item.quantity));
  const [unit, setUnit] = useState<Unit>(item.unit);
  const [problem, setProblem] = useState("");
  // What the person just clicked, shown until the queue has the call (an IndexedDB write away): without it a
  // render in between would put the old state back and the box would flicker.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const checked = clicked ?? item.checked;
  // The row reads as said: "2 cloves garlic", "3 onions"; the amount in bold, the name as the amount has it.
  const said = amountParts(item);
  const classes = ["item", checked ? "checked" : "", item.pending ? "pending" : ""].filter(Boolean).join(" ");

  function saveAmount(event: Event) {
    event.preventDefault();
    const amount = Number(quantity);
    if (!(amount > 0) || amount > 1_000_000) return setProblem("The amount must be a number above 0.");
    setProblem("");
    setEditing(false);
    list.act("grocery.update_item", { grocery_item_id: item.id, quantity: amount, unit }, item.name);
  }

  return (
    <li class={classes} data-item={item.name} data-item-id={item.id}>
      <div class="what">
        <label class="tick">
          <input
            type="checkbox"
            checked={checked}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setClicked(next);
              list.act(next ? "grocery.check_item" : "grocery.uncheck_item", { grocery_item_id: item.id }, item.name)
                .finally(() => setClicked(null));
            }}
          />
          <span class="said">
            <span class="amount">{said.measure}</span> <span class="name">{said.name}</span>
          </span>
        </label>
        {purchaseDiffers(item) ? <span class="to-buy">{formatPurchase(item.buy!, item.name)}</span> : null}
        {item.pending ? <span class="pending-note">waiting to be sent</span> : null}
      </div>
      <span class="item-actions">
        <button
          type="button"
          class="secondary"
          aria-expanded={editing}
          aria-label={`Edit the amount of ${item.name}`}
          onClick={() => {
            setQuantity(formatNumber(item.quantity));
            setUnit(item.unit);
            setEditing(!editing);
          }}
        >
          Edit
        </button>
        <button type="button" class="secondary" aria-label={`Remove ${item.name}`} onClick={onRemove}>Remove</button>
      </span>
      {editing
        ? (
          <form class="edit-amount" onSubmit={saveAmount} aria-label={`Amount of ${item.name}`}>
            <label>
              Amount
              <input
                type="number"
                inputMode="decimal"
                min="0.001"
                step="any"
                value={quantity}
                onInput={(event) => setQuantity(event.currentTarget.value)}
              />
            </label>
            <label>
              Unit
              <select value={unit} onChange={(event) => setUnit(chosen(units, event.currentTarget.value) ?? unit)}>
                {units.map((option) => <option key={option} value={option}>{option}</option>)}
              </select>
            </label>
            <button type="submit">Save amount</button>
            {problem ? <p class="field-error" role="alert">{problem}</p> : null}
          </form>
        )
        : null}
      {item.problems.map((call) => (
        <p key={call.id} class="problem" role="alert">
          {describeCall(call)}: {call.message}{" "}
          <button type="button" class="secondary" onClick={() => list.dismiss(call.id)}>Dismiss</button>
        </p>
      ))}
    </li>
  );
}
