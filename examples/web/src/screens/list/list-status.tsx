/// <reference lib="dom" />
// What the person must know about the list's connection, read out as it changes: offline, changes waiting, and
// the changes that were not applied (with why) that belong to no item on the screen.
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShoppingListView } from "../../live/use-shopping-list.ts";
import { describeCall } from "./describe-call.ts";

export function ListStatus({ view, list }: { view: ShoppingListView | null; list: ShoppingList }) {
  const waiting = view?.pendingCount ?? 0;
  const words = !view
    ? ""
    : !view.reachable
    ? `Offline: showing the list as last read.${
      waiting ? ` ${waiting} ${waiting === 1 ? "change waits" : "changes wait"} to be sent.` : ""
    }`
    : waiting
    ? `Sending ${waiting} ${waiting === 1 ? "change" : "changes"}…`
    : "Up to date.";
  return (
    <div class="list-status">
      <p
        class={view && !view.reachable ? "connection offline" : "connection"}
        aria-live="polite"
        data-pending={waiting}
      >
        {words}
      </p>
      {view?.state.deleted ? <p role="alert">This list was deleted by a member of the household.</p> : null}
      {view && view.looseProblems.length > 0
        ? (
          <ul class="problems" aria-live="polite" aria-label="Changes that were not applied">
            {view.looseProblems.map((call) => (
              <li key={call.id} class="problem">
                {describeCall(call)}: {call.message}{" "}
                <button type="button" class="secondary" onClick={() => list.dismiss(call.id)}>Dismiss</button>
              </li>
            ))}
          </ul>
        )
        : null}
    </div>
  );
}
