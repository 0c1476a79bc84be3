/// <reference lib="dom" />
// A recipe's revisions (the recipe as it was before each change), newest first, each one a button away.
import { useEffect, useState } from "preact/hooks";
import type { RecipeGetOutput, RecipeListRevisionsOutput } from "@meal-planner/client/tools-client.generated.ts";
import { formatServes } from "@meal-planner/client/amounts.ts";
import { formatMoment } from "@meal-planner/client/dates.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";

type Revision = RecipeListRevisionsOutput["revisions"][number];

export function RecipeRevisions(
  { recipeId, version, onReverted }: {
    recipeId: string;
    version: string;
    onReverted: (recipe: RecipeGetOutput["recipe"]) => void;
  },
) {
  const { api, announce } = useApp();
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const load = useAction();
  const revert = useAction();

  useEffect(() => {
    load.run(() => api.tools().recipe.listRevisions({ recipe_id: recipeId, limit: 20 })).then((result) => {
      if (result) setRevisions(result.revisions);
    });
  }, [recipeId, version]);

  async function revertTo(revision: Revision) {
    const result = await revert.run(() =>
      api.tools().recipe.revert({ recipe_id: recipeId, revision: revision.revision }, api.once())
    );
    if (!result) return;
    announce(`Put “${result.recipe.title}” back as it was in revision ${revision.revision}.`);
    onReverted(result.recipe);
  }

  return (
    <section aria-labelledby="revisions-heading" class="revisions">
      <h2 id="revisions-heading">Earlier versions</h2>
      <ErrorMessage error={load.error} />
      <ErrorMessage error={revert.error} />
      {revisions === null
        ? null
        : revisions.length === 0
        ? <p class="hint">No earlier versions: the recipe has not been changed since it was made.</p>
        : (
          <ol class="revision-list">
            {revisions.map((revision) => (
              <li key={revision.revision}>
                <span>
                  <strong>Revision {revision.revision}</strong>, before the change of{" "}
                  {formatMoment(revision.created_at)}: “{revision.recipe.title}”,{" "}
                  {revision.recipe.ingredients.map((line) => line.ingredient_name).join(", ")}
                  {revision.recipe.servings ? `; ${formatServes(revision.recipe.servings).toLowerCase()}` : ""}
                </span>
                <button
                  type="button"
                  class="secondary"
                  disabled={revert.busy}
                  onClick={() => revertTo(revision)}
                >
                  Revert to revision {revision.revision}
                </button>
              </li>
            ))}
          </ol>
        )}
    </section>
  );
}
