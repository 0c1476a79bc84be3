/// <reference lib="dom" />
// One line of the list: a checkbox with the item's words, and its other actions (change the amount, remove) behind
// one menu button, so a row is one line on a phone; a ticked item says who got it; a change still on its way is
// marked, and a change that was not applied is explained in words beside the item.
import { useEffect, useRef, useState } from "preact/hooks";
import { type Unit, units } from "@meal-planner/client/tools-client.generated.ts";
import { chosen } from "../../components/choice.ts";
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShownItem } from "../../offline/pending-overlay.ts";
import { amountParts, formatNumber, formatPurchase } from "@meal-planner/client/amounts.ts";
import { describeCall } from "./describe-call.ts";
import { ItemMenu } from "./item-menu.tsx";

/**
 * The row's tick as shown, and its classes. A click not yet in the queue (`clicked`) shows at once and is pending
 * too: nothing has been stored or sent, so the row must not read as settled with the server in that moment.
 */
export function rowState(item: Pick<ShownItem, "checked" | "pending">, clicked: boolean | null) {
  const checked = clicked ?? item.checked;
  const pending = item.pending || clicked !== null;
  return { checked, classes: ["item", checked ? "checked" : "", pending ? "pending" : ""].filter(Boolean).join(" ") };
}

/** "buy 3 cans tomatoes" beside "2½ cans tomatoes"; nothing when what to buy is the exact need already ("4 onions"). */
export function purchaseDiffers(item: Pick<ShownItem, "quantity" | "unit" | "buy">): boolean {
  return item.buy != null && (item.buy.quantity !== item.quantity || item.buy.unit !== item.unit);
}

/**
 * Who ticked a ticked item, as the row says it: "you", a member's name, "someone who has left". A tick still on its
 * way is the person's own.
 */
export function tickedBy(item: Pick<ShownItem, "checked_by" | "checked_by_name">, me: string): string {
  if (item.checked_by === null || item.checked_by === me) return "you";
  return item.checked_by_name ?? "someone who has left";
}

export function ItemRow(
  { item, list, me, onRemove }: { item: ShownItem; list: ShoppingList; me: string; onRemove: () => void },
) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [quantity, setQuantity] = useState(formatNumber(item.quantity));
  const [unit, setUnit] = useState<Unit>(item.unit);
  const [problem, setProblem] = useState("");
  // The menu's button that opened the form is hidden with the menu: the keys go to the amount instead.
  const amountInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) amountInput.current?.focus();
  }, [editing]);
  // Closing the form (saved, or Escape) gives the keys back to the row's menu button.
  const row = useRef<HTMLLIElement>(null);
  function closeForm() {
    setEditing(false);
    row.current?.querySelector<HTMLButtonElement>(".menu-button")?.focus();
  }
  // What the person just clicked, shown until the queue has the call (an IndexedDB write away): without it a
  // render in between would put the old state back and the box would flicker.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const { checked, classes } = rowState(item, clicked);
  // The row reads as said: "2 cloves garlic", "3 onions"; the amount in bold, the name as the amount has it.
  const said = amountParts(item);

  function saveAmount(event: Event) {
    event.preventDefault();
    const amount = Number(quantity);
    if (!(amount > 0) || amount > 1_000_000) return setProblem("The amount must be a number above 0.");
    setProblem("");
    closeForm();
    list.act("grocery.update_item", { grocery_item_id: item.id, quantity: amount, unit }, item.name);
  }

  return (
    <li class={classes} data-item={item.name} data-item-id={item.id} ref={row}>
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
        {!item.checked && purchaseDiffers(item)
          ? <span class="to-buy">{formatPurchase(item.buy!, item.name)}</span>
          : null}
        {item.checked && !item.pending ? <span class="ticked-by">got by {tickedBy(item, me)}</span> : null}
        {item.pending ? <span class="pending-note">waiting to be sent</span> : null}
      </div>
      <ItemMenu label={`Options for ${item.name}`} open={menuOpen} onToggle={setMenuOpen}>
        {/* Each action names its item for a screen reader ("Change amount of milk"), the words shown first. */}
        <button
          type="button"
          class="secondary"
          aria-expanded={editing}
          onClick={() => {
            setQuantity(formatNumber(item.quantity));
            setUnit(item.unit);
            setEditing(!editing);
            setMenuOpen(false);
          }}
        >
          Change amount<span class="visually-hidden">{` of ${item.name}`}</span>
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            setMenuOpen(false);
            onRemove();
          }}
        >
          Remove<span class="visually-hidden">{` ${item.name}`}</span>
        </button>
      </ItemMenu>
      {editing
        ? (
          <form
            class="edit-amount"
            onSubmit={saveAmount}
            onKeyDown={(event) => event.key === "Escape" && closeForm()}
            aria-label={`Amount of ${item.name}`}
          >
            <label>
              Amount
              <input
                ref={amountInput}
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
