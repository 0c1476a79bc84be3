/// <reference lib="dom" />
// One recipe: ingredients with amounts, method, servings, tags and rating; edit, delete (with restore) and its
// revisions, any of which it can be put back to. Opened from a planned meal with servings of its own, it shows the
// lines scaled to them, says so, and can go back to the recipe's own amounts; "Start cooking" opens cook mode.
import { useEffect, useState } from "preact/hooks";
import type { RecipeGetOutput } from "@meal-planner/client/tools-client.generated.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { formatServes } from "@meal-planner/client/amounts.ts";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { OfflineNote } from "../../offline/offline-note.tsx";
import { readRecipe } from "../../offline/read-recipe.ts";
import { routeHash } from "../../routes.ts";
import { IngredientWords } from "./ingredient-words.tsx";
import { scaledWords, scaleLines, scaling } from "./scale.ts";
import { RecipePhoto } from "./recipe-photo.tsx";
import { RecipeRevisions } from "./recipe-revisions.tsx";
import { Stars } from "./stars.tsx";

type Recipe = RecipeGetOutput["recipe"];

export function RecipeView({ recipeId, servings }: { recipeId: string; servings?: number }) {
  const { api, announce, session, household } = useApp();
  const [ownAmounts, setOwnAmounts] = useState(false);
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [revisionsVersion, setRevisionsVersion] = useState(0);
  // Offline: when the copy kept on this device was read (null: the server's answer just now).
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const load = useAction();
  const change = useAction();

  async function reload() {
    const result = await load.run(() => readRecipe(api, session.user.id, household.id, recipeId));
    if (!result) return;
    setRecipe(result.data);
    setCopyFrom(result.copyFrom);
  }
  useEffect(() => {
    reload();
  }, [recipeId]);

  async function remove() {
    const result = await change.run(() => api.tools().recipe.delete({ recipe_id: recipeId }, api.once()));
    if (!result) return;
    setDeleted(true);
    announce(`Deleted “${result.title}”.`);
  }

  async function restore() {
    const result = await change.run(() => api.tools().recipe.restore({ recipe_id: recipeId }, api.once()));
    if (!result) return;
    setDeleted(false);
    setRecipe(result.recipe);
    announce(`Restored “${result.recipe.title}”.`);
  }

  if (!recipe) {
    return (
      <section aria-labelledby="recipe-heading">
        <h1 id="recipe-heading">Recipe</h1>
        <ErrorMessage error={load.error} />
        {load.error
          ? <a href={routeHash({ screen: "recipes" })}>Back to the recipe list</a>
          : <p class="loading">Loading…</p>}
      </section>
    );
  }

  const planned = scaling(servings, recipe.servings);
  const scaled = planned && !ownAmounts ? planned : null;
  const lines = scaled ? scaleLines(recipe.ingredients, scaled.servings, scaled.base) : recipe.ingredients;

  return (
    <article aria-labelledby="recipe-heading" class={deleted ? "recipe deleted" : "recipe"}>
      <p class="breadcrumb">
        <a href={routeHash({ screen: "recipes" })}>Recipe list</a>
      </p>
      <h1 id="recipe-heading">{recipe.title}</h1>
      <OfflineNote copyFrom={copyFrom} what="this recipe" onOnline={reload} />
      {deleted
        ? (
          <div class="notice" role="status">
            This recipe is deleted.{" "}
            <button type="button" onClick={restore} disabled={change.busy}>Restore recipe</button>
          </div>
        )
        : null}
      <RecipePhoto
        recipeId={recipeId}
        title={recipe.title}
        photoPath={recipe.photo_path ?? null}
        canChange={!deleted && copyFrom === null}
        onChanged={(photoPath) => setRecipe({ ...recipe, photo_path: photoPath })}
      />
      <p class="recipe-meta">
        {recipe.servings ? <span>{formatServes(recipe.servings)}</span> : <span class="hint">Servings not set</span>}
        <Stars rating={recipe.rating} />
        {recipe.tags.map((tag) => <span class="tag" key={tag}>{tag}</span>)}
      </p>
      {planned
        ? (
          <p class="scaled-note" role="status">
            {scaled
              ? scaledWords(planned.servings, planned.base)
              : `The recipe's own amounts (planned for ${planned.servings})`}{" "}
            <button type="button" class="secondary" onClick={() => setOwnAmounts(!ownAmounts)}>
              {scaled ? "Show the recipe's own amounts" : `Scale to ${planned.servings} servings`}
            </button>
          </p>
        )
        : servings && !recipe.servings
        ? (
          <p class="scaled-note hint">
            Planned for {servings}; the recipe does not say how many it serves, so its amounts are as written.
          </p>
        )
        : null}
      {deleted ? null : (
        <div class="actions">
          <a
            class="button"
            href={routeHash({ screen: "recipes", recipeId, mode: "cook", servings: scaled?.servings })}
          >
            Start cooking
          </a>
          {copyFrom !== null ? null : (
            <>
              <a class="button secondary" href={routeHash({ screen: "recipes", recipeId, mode: "edit" })}>
                Edit recipe
              </a>
              <button type="button" class="danger" onClick={remove} disabled={change.busy}>Delete recipe</button>
            </>
          )}
        </div>
      )}
      <ErrorMessage error={change.error} />
      <div class="recipe-body">
        <section aria-labelledby="ingredients-heading">
          <h2 id="ingredients-heading">Ingredients</h2>
          <ul class="ingredients">
            {lines.map((line) => (
              <li key={line.position}>
                <IngredientWords line={line} />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="method-heading">
          <h2 id="method-heading">Method</h2>
          {recipe.instructions
            ? <div class="instructions">{recipe.instructions}</div>
            : <p class="hint">No method written yet.</p>}
          {recipe.notes
            ? (
              <>
                <h3>Notes</h3>
                <p class="instructions">{recipe.notes}</p>
              </>
            )
            : null}
        </section>
      </div>
      {deleted || copyFrom !== null ? null : (
        <RecipeRevisions
          recipeId={recipeId}
          version={`${recipe.updated_at}-${revisionsVersion}`}
          onReverted={(reverted) => {
            setRecipe(reverted);
            setRevisionsVersion((count) => count + 1);
          }}
        />
      )}
    </article>
  );
}
