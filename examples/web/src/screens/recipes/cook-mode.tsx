/// <reference lib="dom" />
// Cooking from a recipe (scaled to a planned meal's servings, or as written): the ingredients to tick as they are
// got ready (kept on this screen only, never saved) and the method a step at a time in large text, with Previous and
// Next or the arrow keys. The screen stays on while it is open where the browser can keep it on.
import { useEffect, useState } from "preact/hooks";
import type { RecipeGetOutput } from "@meal-planner/client/tools-client.generated.ts";
import { formatServes } from "@meal-planner/client/amounts.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { OfflineNote } from "../../offline/offline-note.tsx";
import { readRecipe } from "../../offline/read-recipe.ts";
import { routeHash } from "../../routes.ts";
import { IngredientWords } from "./ingredient-words.tsx";
import { scaledWords, scaleLines, scaling } from "./scale.ts";
import { recipeSteps } from "./steps.ts";
import { useScreenWakeLock } from "./wake-lock.ts";

type Recipe = RecipeGetOutput["recipe"];

/** True when the arrow key belongs to what has focus (typing, a select), not to the steps. */
function keyIsTaken(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return true;
  }
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit"].includes(target.type);
}

export function CookMode({ recipeId, servings }: { recipeId: string; servings?: number }) {
  const { api, session, household } = useApp();
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [step, setStep] = useState(0);
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const load = useAction();
  useScreenWakeLock();

  function read() {
    load.run(() => readRecipe(api, session.user.id, household.id, recipeId)).then((result) => {
      if (!result) return;
      setRecipe(result.data);
      setCopyFrom(result.copyFrom);
    });
  }
  useEffect(read, [recipeId]);

  const steps = recipeSteps(recipe?.instructions);
  const last = steps.length - 1;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || keyIsTaken(event.target)) return;
      if (event.key === "ArrowRight" || event.key === "ArrowDown") {
        setStep((current) => Math.min(current + 1, Math.max(last, 0)));
      } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
        setStep((current) => Math.max(current - 1, 0));
      } else return;
      event.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [last]);

  const back = routeHash({ screen: "recipes", recipeId, servings });
  if (!recipe) {
    return (
      <section aria-labelledby="cook-heading">
        <h1 id="cook-heading">Cooking</h1>
        <ErrorMessage error={load.error} />
        {load.error ? <a href={back}>Back to the recipe</a> : <p class="loading">Loading…</p>}
      </section>
    );
  }

  const scaled = scaling(servings, recipe.servings);
  const lines = scaled ? scaleLines(recipe.ingredients, scaled.servings, scaled.base) : recipe.ingredients;
  const toggle = (position: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(position)) next.add(position);
      return next;
    });

  return (
    <article aria-labelledby="cook-heading" class="cook">
      <p class="breadcrumb">
        <a href={back}>Back to the recipe</a>
      </p>
      <h1 id="cook-heading">Cooking {recipe.title}</h1>
      <OfflineNote copyFrom={copyFrom} what="this recipe" onOnline={read} />
      <p class="recipe-meta">
        {scaled ? scaledWords(scaled.servings, scaled.base) : formatServes(recipe.servings) || null}
      </p>
      <div class="cook-body">
        <section aria-labelledby="cook-ingredients-heading" class="cook-ingredients">
          <h2 id="cook-ingredients-heading">Ingredients</h2>
          <p class="hint" aria-live="polite">{ticked.size} of {lines.length} ready</p>
          <ul class="cook-checklist">
            {lines.map((line) => (
              <li key={line.position} class={ticked.has(line.position) ? "ticked" : undefined}>
                <label>
                  <input
                    type="checkbox"
                    checked={ticked.has(line.position)}
                    onChange={() => toggle(line.position)}
                  />
                  <span>
                    <IngredientWords line={line} />
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="cook-method-heading" class="cook-method">
          <h2 id="cook-method-heading">Method</h2>
          {steps.length === 0 ? <p class="hint">No method written yet.</p> : (
            <>
              <p class="step-count" aria-live="polite">Step {step + 1} of {steps.length}</p>
              <p class="step-text">{steps[step]}</p>
              <div class="actions step-buttons">
                <button type="button" class="secondary" disabled={step === 0} onClick={() => setStep(step - 1)}>
                  Previous
                </button>
                <button type="button" disabled={step === last} onClick={() => setStep(step + 1)}>
                  Next
                </button>
              </div>
              <p class="hint">The arrow keys move between steps too.</p>
            </>
          )}
        </section>
      </div>
    </article>
  );
}
