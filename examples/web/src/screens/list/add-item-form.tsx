/// <reference lib="dom" />
// Quick add: the person types what to buy as they would say it ("2 l milk", "onions, 3 tomatoes") and the server
// reads it (grocery.add_text: amounts, units, the catalog's names, merged into the lines already there). As they
// type, the last thing named is completed from the catalog's and the household's ingredients (ingredient.search).
// Queued, so it works offline.
import { useEffect, useState } from "preact/hooks";
import type { IngredientSearchOutput } from "@meal-planner/client/tools-client.generated.ts";
import { useApp } from "../../context.ts";
import type { ShoppingList } from "../../live/shopping-list.ts";
import { searchedName } from "./searched-name.ts";

type Suggestion = IngredientSearchOutput["ingredients"][number];

export function AddItemForm({ list }: { list: ShoppingList }) {
  const { api, announce } = useApp();
  const [text, setText] = useState("");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [problem, setProblem] = useState("");
  const searched = searchedName(text);

  useEffect(() => {
    if (searched.name.length < 2) return setSuggestions([]);
    // Asked once the person pauses; offline there are simply no suggestions.
    const timer = setTimeout(() => {
      api.tools().ingredient.search({ query: searched.name, limit: 8 })
        .then((found) => setSuggestions(found.ingredients))
        .catch(() => setSuggestions([]));
    }, 200);
    return () => clearTimeout(timer);
  }, [searched.name, api]);

  async function submit(event: Event) {
    event.preventDefault();
    const typed = text.trim();
    if (!typed) return setProblem("Name the item to add, such as 2 l milk.");
    if (typed.length > 2000) return setProblem("That is too long: add at most 2000 characters at a time.");
    setProblem("");
    await list.act("grocery.add_text", { grocery_list_id: list.listId, text: typed }, typed);
    announce(`Added ${typed}.`);
    setText("");
    setSuggestions([]);
  }

  return (
    <form class="add-item" onSubmit={submit} aria-label="Add an item">
      <label class="add-name">
        Item
        <input
          value={text}
          list="ingredient-suggestions"
          autoComplete="off"
          placeholder="2 l milk, onions"
          onInput={(event) => setText(event.currentTarget.value)}
          aria-invalid={problem ? "true" : undefined}
          aria-describedby={problem ? "add-item-hint add-item-problem" : "add-item-hint"}
        />
      </label>
      <datalist id="ingredient-suggestions">
        {suggestions.map((suggestion) => <option key={suggestion.id} value={searched.before + suggestion.name} />)}
      </datalist>
      <button type="submit">Add</button>
      <p id="add-item-hint" class="hint add-hint">
        One or more, separated by commas: 2 l milk, onions, 3 tomatoes.
      </p>
      {problem ? <p id="add-item-problem" class="field-error" role="alert">{problem}</p> : null}
    </form>
  );
}
