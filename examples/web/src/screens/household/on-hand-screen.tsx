/// <reference lib="dom" />
// On hand: what the household always has (salt, oil, flour). Adding the week's meals to a list leaves these off
// and shows them apart. An ingredient is found by name (ingredient.search) and marked with household.set_on_hand;
// each mark can be taken off again, and every change offers its undo.
import { useState } from "preact/hooks";
import type { HouseholdSetOnHandOutput, IngredientSearchOutput } from "@meal-planner/client/tools-client.generated.ts";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useUndoOffer } from "../../components/undo-offer.tsx";
import { useApp } from "../../context.ts";
import { useLoad } from "../../hooks/use-load.ts";
import { routeHash } from "../../routes.ts";

type Found = IngredientSearchOutput["ingredients"][number];

/** What a mark did, in the app's words: "Marked salt as on hand: the week's shopping leaves it off." */
export function onHandSentence(reply: HouseholdSetOnHandOutput): string {
  const name = reply.ingredient_name;
  if (!reply.changed) return reply.on_hand ? `${name} was already on hand.` : `${name} was not on hand.`;
  return reply.on_hand
    ? `Marked ${name} as on hand: the week's shopping leaves it off.`
    : `${name} is no longer on hand: the week's shopping adds it again.`;
}

export function OnHandScreen() {
  const { api, household, announce } = useApp();
  const marks = useLoad(() => api.tools().household.listOnHand({}), [api, household.id]);
  const { offer, undo } = useUndoOffer(marks.reload);
  const [name, setName] = useState("");
  const [choices, setChoices] = useState<Found[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  async function mark(ingredientId: string, onHand: boolean) {
    setBusy(true);
    setError(null);
    try {
      const reply = await api.tools().household.setOnHand(
        { ingredient_id: ingredientId, on_hand: onHand },
        api.once(),
      );
      const sentence = onHandSentence(reply);
      announce(sentence);
      if (reply.changed) offer({ tool: "household.set_on_hand", sentence });
      setName("");
      setChoices(null);
      await marks.reload();
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  // An exact match is marked at once; otherwise the closest names are offered to choose from.
  async function find(event: Event) {
    event.preventDefault();
    const query = name.trim();
    if (!query) return;
    setBusy(true);
    setError(null);
    try {
      const { ingredients } = await api.tools().ingredient.search({ query, limit: 6 });
      const exact = ingredients.find((ingredient) => ingredient.match === "exact");
      setBusy(false);
      if (exact) await mark(exact.id, true);
      else setChoices(ingredients);
    } catch (caught) {
      setError(asApiError(caught));
      setBusy(false);
    }
  }

  const items = marks.data?.items;
  return (
    <section class="on-hand-screen" aria-labelledby="on-hand-heading">
      <p>
        <a href={routeHash({ screen: "household" })}>Back to the household</a>
      </p>
      <h1 id="on-hand-heading">On hand</h1>
      <p class="hint">
        What you always have at home. Adding the week's meals to a shopping list leaves these off and lists them apart,
        so you can still add one when it runs out.
      </p>
      {undo}
      <form class="on-hand-add" onSubmit={find}>
        <label for="on-hand-name">Ingredient you always have</label>
        <div class="on-hand-add-row">
          <input
            id="on-hand-name"
            value={name}
            maxLength={100}
            autocomplete="off"
            onInput={(event) => {
              setName(event.currentTarget.value);
              setChoices(null);
            }}
          />
          <button type="submit" disabled={busy || !name.trim()}>Mark on hand</button>
        </div>
      </form>
      {choices
        ? (
          choices.length === 0
            ? <p role="status">No ingredient is called "{name.trim()}". Try another name.</p>
            : (
              <div class="on-hand-choices" role="group" aria-label="Which one do you mean?">
                <p>Which one do you mean?</p>
                {choices.map((choice) => (
                  <button
                    key={choice.id}
                    type="button"
                    class="secondary"
                    disabled={busy}
                    onClick={() => mark(choice.id, true)}
                  >
                    {choice.name}
                  </button>
                ))}
              </div>
            )
        )
        : null}
      <ErrorMessage error={error} />
      {items === undefined ? <p class="loading">Loading…</p> : null}
      {items && items.length === 0 ? <p>Nothing is marked on hand yet.</p> : null}
      {items && items.length > 0
        ? (
          <ul class="on-hand-list" aria-label="On hand">
            {items.map((item) => (
              <li key={item.ingredient_id}>
                <span class="on-hand-name">{item.ingredient_name}</span>
                {item.marked_by_name ? <span class="on-hand-by">marked by {item.marked_by_name}</span> : null}
                <button
                  type="button"
                  class="secondary"
                  disabled={busy}
                  onClick={() => mark(item.ingredient_id, false)}
                >
                  No longer on hand <span class="visually-hidden">: {item.ingredient_name}</span>
                </button>
              </li>
            ))}
          </ul>
        )
        : null}
    </section>
  );
}
