/// <reference lib="dom" />
// What the person must know about the list's connection, read out as it changes: offline (the browser says so, or
// the server is out of reach), reconnecting (the live socket retries), "Up to date." only after a pull with the
// socket joined, changes waiting, and the changes that were not applied (with why) that belong to no item on the
// screen.
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShoppingListView } from "../../live/use-shopping-list.ts";
import { describeCall } from "./describe-call.ts";

export function ListStatus({ view, list }: { view: ShoppingListView | null; list: ShoppingList }) {
  const waiting = view?.pendingCount ?? 0;
  const waits = waiting ? ` ${waiting} ${waiting === 1 ? "change waits" : "changes wait"} to be sent.` : "";
  const connection = view?.connection;
  const words = !view
    ? ""
    : connection === "offline"
    ? `Offline: showing the list as last read.${waits}`
    : connection === "reconnecting"
    ? `Reconnecting…${waits}`
    : waiting
    ? `Sending ${waiting} ${waiting === 1 ? "change" : "changes"}…`
    : connection === "live"
    ? "Up to date."
    : "Connecting…";
  return (
    <div class="list-status">
      <p
        class={connection === "offline" ? "connection offline" : "connection"}
        data-connection={connection}
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
