/// <reference lib="dom" />
// An ingredient name with autocomplete from ingredient.search (the catalog and the household's own), and a way to
// add a name the catalog lacks (ingredient.create). A line is only saved with an ingredient picked from here.
import { useEffect, useRef, useState } from "preact/hooks";
import type { IngredientSearchOutput } from "@meal-planner/client/tools-client.generated.ts";
import { useApp } from "../context.ts";
import { ErrorMessage } from "./error-message.tsx";
import { useAction } from "./use-action.ts";

export interface PickedIngredient {
  id: string;
  name: string;
}

type Option = { kind: "found"; ingredient: IngredientSearchOutput["ingredients"][number] } | {
  kind: "create";
  name: string;
};

let pickerCount = 0;

export function IngredientPicker(
  { label, text, picked, onText, onPick }: {
    label: string;
    text: string;
    picked: PickedIngredient | null;
    onText: (text: string) => void;
    onPick: (ingredient: PickedIngredient) => void;
  },
) {
  const { api } = useApp();
  const [listId] = useState(() => `ingredient-options-${++pickerCount}`);
  const [found, setFound] = useState<IngredientSearchOutput["ingredients"]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const searchedFor = useRef("");
  const create = useAction();

  useEffect(() => {
    const query = text.trim();
    if (!open || query === "" || picked?.name === text) return;
    const timer = setTimeout(async () => {
      searchedFor.current = query;
      try {
        const result = await api.tools().ingredient.search({ query, limit: 8 });
        if (searchedFor.current === query) setFound(result.ingredients);
      } catch {
        setFound([]);
      }
    }, 150);
    return () => clearTimeout(timer);
  }, [text, open]);

  const query = text.trim();
  const options: Option[] = query === "" ? [] : [
    ...found.map((ingredient) => ({ kind: "found" as const, ingredient })),
    ...(found.some((ingredient) => ingredient.name.toLowerCase() === query.toLowerCase())
      ? []
      : [{ kind: "create" as const, name: query }]),
  ];
  const expanded = open && options.length > 0 && picked?.name !== text;

  async function choose(option: Option) {
    setOpen(false);
    if (option.kind === "found") {
      onPick({ id: option.ingredient.id, name: option.ingredient.name });
      return;
    }
    const created = await create.run(() => api.tools().ingredient.create({ name: option.name }, api.once()));
    if (created) onPick({ id: created.ingredient_id, name: created.name });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((current) => Math.min(current + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) => Math.max(current - 1, 0));
    } else if (event.key === "Enter" && expanded) {
      event.preventDefault();
      choose(options[Math.min(active, options.length - 1)]);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  }

  return (
    <div class="ingredient-picker">
      <label>
        <span>{label}</span>
        <input
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
          autocomplete="off"
          value={text}
          onInput={(event) => {
            onText(event.currentTarget.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
        />
      </label>
      <ul role="listbox" id={listId} class="ingredient-options" hidden={!expanded} aria-label={`${label}: matches`}>
        {options.map((option, index) => (
          <li
            key={option.kind === "found" ? option.ingredient.id : "create"}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            class={index === active ? "active" : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.kind === "found"
              ? (
                <>
                  {option.ingredient.name}
                  {option.ingredient.household_specific ? <span class="hint">(yours)</span> : null}
                </>
              )
              : `Add “${option.name}” as a new ingredient`}
          </li>
        ))}
      </ul>
      {picked && picked.name === text
        ? <span class="picked">✓ in the catalog</span>
        : query
        ? <span class="unpicked">Not picked yet: choose a match or add it</span>
        : null}
      <ErrorMessage error={create.error} />
    </div>
  );
}
