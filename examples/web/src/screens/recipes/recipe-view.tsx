/// <reference lib="dom" />
// One recipe: ingredients with amounts, method, servings, tags and rating; edit, delete (with restore) and its
// revisions, any of which it can be put back to.
import { useEffect, useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import type { RecipeGetOutput, Unit } from "@meal-planner/client/tools-client.generated.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { amountParts, formatServes } from "@meal-planner/client/amounts.ts";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { routeHash } from "../../routes.ts";
import { unquantifiedWords } from "./draft.ts";
import { RecipeRevisions } from "./recipe-revisions.tsx";
import { Stars } from "./stars.tsx";

type Recipe = RecipeGetOutput["recipe"];

/** "2 cloves garlic, minced": the amount as said, in bold, then the rest of the line. */
function LineAmount({ quantity, unit, name, children }: {
  quantity: number;
  unit: Unit;
  name: string;
  children: ComponentChildren;
}) {
  const said = amountParts({ quantity, unit, name });
  return (
    <>
      <span class="amount">{said.measure}</span> {said.name}
      {children}
    </>
  );
}

export function RecipeView({ recipeId }: { recipeId: string }) {
  const { api, announce } = useApp();
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [revisionsVersion, setRevisionsVersion] = useState(0);
  const load = useAction();
  const change = useAction();

  async function reload() {
    const result = await load.run(() => api.tools().recipe.get({ recipe_id: recipeId }));
    if (result) setRecipe(result.recipe);
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

  return (
    <article aria-labelledby="recipe-heading" class={deleted ? "recipe deleted" : "recipe"}>
      <p class="breadcrumb">
        <a href={routeHash({ screen: "recipes" })}>Recipe list</a>
      </p>
      <h1 id="recipe-heading">{recipe.title}</h1>
      {deleted
        ? (
          <div class="notice" role="status">
            This recipe is deleted.{" "}
            <button type="button" onClick={restore} disabled={change.busy}>Restore recipe</button>
          </div>
        )
        : null}
      <p class="recipe-meta">
        {recipe.servings ? <span>{formatServes(recipe.servings)}</span> : <span class="hint">Servings not set</span>}
        <Stars rating={recipe.rating} />
        {recipe.tags.map((tag) => <span class="tag" key={tag}>{tag}</span>)}
      </p>
      {deleted ? null : (
        <div class="actions">
          <a class="button" href={routeHash({ screen: "recipes", recipeId, mode: "edit" })}>Edit recipe</a>
          <button type="button" class="danger" onClick={remove} disabled={change.busy}>Delete recipe</button>
        </div>
      )}
      <ErrorMessage error={change.error} />
      <div class="recipe-body">
        <section aria-labelledby="ingredients-heading">
          <h2 id="ingredients-heading">Ingredients</h2>
          <ul class="ingredients">
            {recipe.ingredients.map((line) => (
              <li key={line.position}>
                {line.quantity === null || line.unit === null
                  ? unquantifiedWords({ name: line.ingredient_name, prepState: line.prep_state, note: line.note })
                  : (
                    <LineAmount quantity={line.quantity} unit={line.unit} name={line.ingredient_name}>
                      {line.prep_state ? `, ${line.prep_state}` : ""}
                      {line.note ? <span class="hint">({line.note})</span> : null}
                    </LineAmount>
                  )}
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
      {deleted ? null : (
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
