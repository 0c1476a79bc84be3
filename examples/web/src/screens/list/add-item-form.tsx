/// <reference lib="dom" />
// Add an item by hand: the name suggests the catalog's and the household's ingredients as one types
// (ingredient.search); a name no ingredient has is added as a free item. Queued, so it works offline.
import { useEffect, useState } from "preact/hooks";
import { type IngredientSearchOutput, type Unit, units } from "@meal-planner/client/tools-client.generated.ts";
import { chosen } from "../../components/choice.ts";
import { useApp } from "../../context.ts";
import type { ShoppingList } from "../../live/shopping-list.ts";

type Suggestion = IngredientSearchOutput["ingredients"][number];

export function AddItemForm({ list }: { list: ShoppingList }) {
  const { api, announce } = useApp();
  const [name, setName] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [unit, setUnit] = useState<Unit>("whole");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    const query = name.trim();
    if (query.length < 2) return setSuggestions([]);
    // Asked once the person pauses; offline there are simply no suggestions.
    const timer = setTimeout(() => {
      api.tools().ingredient.search({ query, limit: 8 })
        .then((found) => setSuggestions(found.ingredients))
        .catch(() => setSuggestions([]));
    }, 200);
    return () => clearTimeout(timer);
  }, [name, api]);

  async function submit(event: Event) {
    event.preventDefault();
    const itemName = name.trim();
    const amount = Number(quantity);
    if (!itemName) return setProblem("Name the item to add.");
    if (!(amount > 0) || amount > 1_000_000) return setProblem("The amount must be a number above 0.");
    setProblem("");
    const known = suggestions.find((suggestion) => suggestion.name.toLowerCase() === itemName.toLowerCase());
    const input = known
      ? { grocery_list_id: list.listId, ingredient_id: known.id, quantity: amount, unit }
      : { grocery_list_id: list.listId, name: itemName, quantity: amount, unit };
    await list.act("grocery.add_item", input, known?.name ?? itemName);
    announce(`Added ${known?.name ?? itemName}.`);
    setName("");
    setQuantity("1");
    setSuggestions([]);
  }

  return (
    <form class="add-item" onSubmit={submit} aria-label="Add an item">
      <label class="add-name">
        Item
        <input
          value={name}
          list="ingredient-suggestions"
          autoComplete="off"
          onInput={(event) => setName(event.currentTarget.value)}
          aria-invalid={problem ? "true" : undefined}
          aria-describedby={problem ? "add-item-problem" : undefined}
        />
      </label>
      <datalist id="ingredient-suggestions">
        {suggestions.map((suggestion) => <option key={suggestion.id} value={suggestion.name} />)}
      </datalist>
      <label class="add-quantity">
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
      <label class="add-unit">
        Unit
        <select value={unit} onChange={(event) => setUnit(chosen(units, event.currentTarget.value) ?? unit)}>
          {units.map((option) => <option key={option} value={option}>{option}</option>)}
        </select>
      </label>
      <button type="submit">Add</button>
      {problem ? <p id="add-item-problem" class="field-error" role="alert">{problem}</p> : null}
    </form>
  );
}
