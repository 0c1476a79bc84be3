/// <reference lib="dom" />
// A new recipe, or an existing one's edit: the form, saved with recipe.create or recipe.update.
import { useEffect, useState } from "preact/hooks";
import type { RecipeCreateInput } from "@meal-planner/client/tools-client.generated.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { type Draft, draftFromRecipe, emptyDraft, recipeInput } from "./draft.ts";
import { RecipeForm } from "./recipe-form.tsx";

export function RecipeEditor({ recipeId }: { recipeId?: string }) {
  const { api, announce, navigate } = useApp();
  const [initial, setInitial] = useState<Draft | null>(recipeId ? null : emptyDraft());
  const load = useAction();
  const save = useAction();

  useEffect(() => {
    if (!recipeId) return;
    load.run(() => api.tools().recipe.get({ recipe_id: recipeId })).then((result) => {
      if (result) setInitial(draftFromRecipe(result.recipe));
    });
  }, [recipeId]);

  async function onSave(input: RecipeCreateInput) {
    if (!recipeId) {
      const created = await save.run(() => api.tools().recipe.create(input, api.once()));
      if (!created) return;
      announce(`Saved “${input.title}”.`);
      navigate({ screen: "recipes", recipeId: created.recipe_id });
      return;
    }
    // Only what the person changed is sent (an emptied field as null, which clears it), so that the history says
    // what this edit did rather than listing every field.
    const all = {
      title: input.title,
      ingredients: input.ingredients,
      instructions: input.instructions ?? null,
      notes: input.notes ?? null,
      tags: input.tags ?? null,
      rating: input.rating ?? null,
      servings: input.servings ?? null,
    };
    const converted = initial ? recipeInput(initial) : undefined;
    const before = converted && "input" in converted ? converted.input : undefined;
    const was: Record<string, unknown> = before
      ? {
        title: before.title,
        ingredients: before.ingredients,
        instructions: before.instructions ?? null,
        notes: before.notes ?? null,
        tags: before.tags ?? null,
        rating: before.rating ?? null,
        servings: before.servings ?? null,
      }
      : {};
    const changed = Object.fromEntries(
      Object.entries(all).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(was[field])),
    );
    if (Object.keys(changed).length === 0) {
      announce(`No changes to save to “${input.title}”.`);
      navigate({ screen: "recipes", recipeId });
      return;
    }
    const updated = await save.run(() => api.tools().recipe.update({ recipe_id: recipeId, ...changed }, api.once()));
    if (!updated) return;
    announce(`Saved the changes to “${input.title}”.`);
    navigate({ screen: "recipes", recipeId });
  }

  const heading = recipeId ? "Edit recipe" : "New recipe";
  return (
    <section aria-labelledby="recipe-editor-heading" class="recipe-editor">
      <h1 id="recipe-editor-heading">{heading}</h1>
      <ErrorMessage error={load.error} />
      {initial
        ? (
          <RecipeForm
            initial={initial}
            saveLabel={recipeId ? "Save changes" : "Save recipe"}
            busy={save.busy}
            error={save.error}
            onSave={onSave}
            onCancel={() => navigate(recipeId ? { screen: "recipes", recipeId } : { screen: "recipes" })}
          />
        )
        : load.error
        ? null
        : <p class="loading">Loading…</p>}
    </section>
  );
}
