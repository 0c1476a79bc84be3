/// <reference lib="dom" />
// The recipes screen: the list (search, tags, rating), one recipe (scaled to a planned meal's servings), its cook
// mode, its editor, and the import.
import { CookMode } from "./cook-mode.tsx";
import { RecipeEditor } from "./recipe-editor.tsx";
import { RecipeImport } from "./recipe-import.tsx";
import { RecipeList } from "./recipe-list.tsx";
import { RecipeView } from "./recipe-view.tsx";

export function RecipesScreen({ recipeId, mode, servings }: {
  recipeId?: string;
  mode?: "view" | "edit" | "new" | "import" | "cook";
  servings?: number;
}) {
  if (mode === "new") return <RecipeEditor key="new" />;
  if (mode === "import") return <RecipeImport />;
  if (recipeId && mode === "edit") return <RecipeEditor key={recipeId} recipeId={recipeId} />;
  if (recipeId && mode === "cook") {
    return <CookMode key={`cook-${recipeId}-${servings}`} recipeId={recipeId} servings={servings} />;
  }
  if (recipeId) return <RecipeView key={`${recipeId}-${servings}`} recipeId={recipeId} servings={servings} />;
  return <RecipeList />;
}
