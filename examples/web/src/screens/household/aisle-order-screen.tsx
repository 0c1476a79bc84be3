/// <reference lib="dom" />
// The order of the aisles: the household's aisles as the shopping list groups them, each moved up or down by a
// button (focus follows the aisle, so a keyboard user can keep pressing), saved with household.set_aisle_order
// and undone like any write. The aisles and their names are the server's (grocery.get_list's aisle_order).
import { useEffect, useState } from "preact/hooks";
import type { HouseholdSetAisleOrderOutput } from "@meal-planner/client/tools-client.generated.ts";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useUndoOffer } from "../../components/undo-offer.tsx";
import { useApp } from "../../context.ts";
import { routeHash } from "../../routes.ts";

type Aisle = HouseholdSetAisleOrderOutput["aisle_order"][number];

/** The household's aisle order as the server has it: read with the first list (every list carries it). */
async function readAisleOrder(api: ReturnType<typeof useApp>["api"]): Promise<Aisle[] | null> {
  const tools = api.tools();
  const { lists } = await tools.grocery.listLists({ limit: 1 });
  if (lists.length === 0) return null;
  return (await tools.grocery.getList({ grocery_list_id: lists[0].id })).aisle_order;
}

export function AisleOrderScreen() {
  const { api, household, announce } = useApp();
  const [saved, setSaved] = useState<Aisle[] | null | undefined>(undefined);
  const [order, setOrder] = useState<Aisle[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [focus, setFocus] = useState<{ category: string; direction: "up" | "down" } | null>(null);

  const load = async () => {
    try {
      const read = await readAisleOrder(api);
      setSaved(read);
      setOrder(read ?? []);
    } catch (caught) {
      setSaved(null);
      setError(asApiError(caught));
    }
  };
  const { offer, undo } = useUndoOffer(load);
  useEffect(() => {
    load();
  }, [api, household.id]);

  // The moved aisle keeps the focus; at the top (or bottom) its other button takes it.
  useEffect(() => {
    if (!focus) return;
    const button = (direction: string) =>
      document.querySelector<HTMLButtonElement>(`button[data-move="${focus.category}:${direction}"]`);
    const same = button(focus.direction);
    (same && !same.disabled ? same : button(focus.direction === "up" ? "down" : "up"))?.focus();
  }, [focus, order]);

  function move(index: number, direction: "up" | "down") {
    const to = direction === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to], next[index]];
    setOrder(next);
    setFocus({ category: order[index].category, direction });
  }

  const changed = saved ? order.some((aisle, index) => aisle.category !== saved[index]?.category) : false;

  async function save(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await api.tools().household.setAisleOrder(
        { categories: order.map((aisle) => aisle.category) },
        api.once(),
      );
      const sentence = `Saved the order of the aisles: ${reply.aisle_order[0]?.label} first.`;
      announce(sentence);
      offer({ tool: "household.set_aisle_order", sentence });
      setSaved(reply.aisle_order);
      setOrder(reply.aisle_order);
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="aisle-order-screen" aria-labelledby="aisle-order-heading">
      <p>
        <a href={routeHash({ screen: "household" })}>Back to the household</a>
      </p>
      <h1 id="aisle-order-heading">Order of the aisles</h1>
      <p class="hint">
        The shopping list groups its items in this order. Put the aisles in the order you walk through your shop.
      </p>
      {undo}
      {saved === undefined ? <p class="loading">Loading the aisles…</p> : null}
      {saved === null && !error
        ? <p>The aisles are read from a shopping list: make a list first, then come back here.</p>
        : null}
      {saved
        ? (
          <form onSubmit={save}>
            <ol class="aisle-rows" aria-label="Aisles, in order">
              {order.map((aisle, index) => {
                const name = aisle.label.toLowerCase();
                return (
                  <li key={aisle.category} class="aisle-row" data-aisle={aisle.category}>
                    <span class="aisle-name">{aisle.label}</span>
                    <span class="aisle-moves">
                      <button
                        type="button"
                        class="secondary"
                        data-move={`${aisle.category}:up`}
                        disabled={busy || index === 0}
                        onClick={() => move(index, "up")}
                      >
                        Move <span class="visually-hidden">{name}</span> up
                      </button>
                      <button
                        type="button"
                        class="secondary"
                        data-move={`${aisle.category}:down`}
                        disabled={busy || index === order.length - 1}
                        onClick={() => move(index, "down")}
                      >
                        Move <span class="visually-hidden">{name}</span> down
                      </button>
                    </span>
                  </li>
                );
              })}
            </ol>
            <button type="submit" disabled={busy || !changed}>{busy ? "Saving…" : "Save"}</button>
          </form>
        )
        : null}
      <ErrorMessage error={error} />
    </section>
  );
}
