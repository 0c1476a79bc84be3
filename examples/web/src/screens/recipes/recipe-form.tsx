/// <reference lib="dom" />
// The recipe form: new, edit and an import's draft alike. Each ingredient line is picked from the catalog
// (autocomplete), with amount and unit; an imported line shows what was read and what could not be.
import { useState } from "preact/hooks";
import { type RecipeCreateInput, units } from "@meal-planner/client/tools-client.generated.ts";
import type { ApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { IngredientPicker } from "../../components/ingredient-picker.tsx";
import { chosen } from "../../components/choice.ts";
import { type Draft, type DraftLine, emptyLine, problemWords, recipeInput, unquantifiedWords } from "./draft.ts";

export function RecipeForm(
  { initial, saveLabel, busy, error, onSave, onCancel }: {
    initial: Draft;
    saveLabel: string;
    busy: boolean;
    error: ApiError | null;
    onSave: (input: RecipeCreateInput) => void;
    onCancel: () => void;
  },
) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState("");
  const set = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  const setLine = (key: string, fields: Partial<DraftLine>) =>
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line) => line.key === key ? { ...line, ...fields } : line),
    }));

  function submit(event: Event) {
    event.preventDefault();
    const result = recipeInput(draft);
    if ("problem" in result) {
      setProblem(result.problem);
      return;
    }
    setProblem("");
    onSave(result.input);
  }

  return (
    <form class="recipe-form" onSubmit={submit} noValidate>
      <label>
        <span>Title</span>
        <input value={draft.title} onInput={(event) => set({ title: event.currentTarget.value })} required />
      </label>
      <div class="recipe-form-row">
        <label>
          <span>Servings</span>
          <input
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            value={draft.servings}
            onInput={(event) => set({ servings: event.currentTarget.value })}
          />
        </label>
        <label>
          <span>Rating</span>
          <select value={draft.rating} onChange={(event) => set({ rating: event.currentTarget.value })}>
            <option value="">Not rated</option>
            {[1, 2, 3, 4, 5].map((stars) => <option key={stars} value={String(stars)}>{stars} of 5</option>)}
          </select>
        </label>
        <label class="wide">
          <span>Tags (separated by commas)</span>
          <input value={draft.tags} onInput={(event) => set({ tags: event.currentTarget.value })} />
        </label>
      </div>
      <h2>Ingredients</h2>
      {draft.lines.map((line, index) => (
        <fieldset
          key={line.key}
          class={line.problems?.length && !(line.ingredient && line.ingredient.name === line.text)
            ? "ingredient-line needs-attention"
            : "ingredient-line"}
        >
          <legend>Ingredient {index + 1}</legend>
          {line.original
            ? (
              <p class="read-as">
                Read from: <q>{line.original}</q>
                {line.problems?.length
                  ? <span class="problems">{line.problems.map((problem) => problemWords[problem]).join("; ")}</span>
                  : null}
              </p>
            )
            : null}
          {line.suggestions?.length && !(line.ingredient && line.ingredient.name === line.text)
            ? (
              <div class="suggestions" role="group" aria-label={`Suggestions for ingredient ${index + 1}`}>
                <span>Did you mean:</span>
                {line.suggestions.map((suggestion) => (
                  <button
                    type="button"
                    class="secondary"
                    key={suggestion.id}
                    onClick={() => setLine(line.key, { ingredient: suggestion, text: suggestion.name })}
                  >
                    {suggestion.name}
                  </button>
                ))}
              </div>
            )
            : null}
          <div class="ingredient-line-fields">
            <IngredientPicker
              label="Ingredient"
              text={line.text}
              picked={line.ingredient}
              onText={(text) => setLine(line.key, { text })}
              onPick={(ingredient) => setLine(line.key, { ingredient, text: ingredient.name })}
            />
            <label>
              <span>Amount</span>
              <input
                inputMode="decimal"
                value={line.quantity}
                onInput={(event) => setLine(line.key, { quantity: event.currentTarget.value })}
              />
            </label>
            <label>
              <span>Unit</span>
              <select
                value={line.unit}
                onChange={(event) => setLine(line.key, { unit: chosen(units, event.currentTarget.value) ?? "" })}
              >
                <option value="">No unit</option>
                {units.map((unit) => <option key={unit} value={unit}>{unit}</option>)}
              </select>
            </label>
            <label>
              <span>Preparation</span>
              <input
                value={line.prepState}
                placeholder="e.g. chopped"
                onInput={(event) => setLine(line.key, { prepState: event.currentTarget.value })}
              />
            </label>
            <label>
              <span>Note</span>
              <input value={line.note} onInput={(event) => setLine(line.key, { note: event.currentTarget.value })} />
            </label>
          </div>
          {line.ingredient && line.ingredient.name === line.text && !line.quantity.trim() && !line.unit
            ? (
              <p class="hint">
                Saved without an amount, as “{unquantifiedWords({
                  name: line.text,
                  prepState: line.prepState,
                  note: line.note,
                })}”; it is not added to grocery lists.
              </p>
            )
            : null}
          <button
            type="button"
            class="link"
            disabled={draft.lines.length === 1}
            onClick={() => set({ lines: draft.lines.filter((other) => other.key !== line.key) })}
          >
            Remove ingredient {index + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" class="secondary" onClick={() => set({ lines: [...draft.lines, emptyLine()] })}>
        Add an ingredient
      </button>
      <label>
        <span>Instructions</span>
        <textarea
          rows={6}
          value={draft.instructions}
          onInput={(event) => set({ instructions: event.currentTarget.value })}
        />
      </label>
      <label>
        <span>Notes</span>
        <textarea rows={2} value={draft.notes} onInput={(event) => set({ notes: event.currentTarget.value })} />
      </label>
      {problem ? <p class="error" role="alert">{problem}</p> : null}
      <ErrorMessage error={error} />
      <div class="actions">
        <button type="submit" disabled={busy}>{busy ? "Saving…" : saveLabel}</button>
        <button type="button" class="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
