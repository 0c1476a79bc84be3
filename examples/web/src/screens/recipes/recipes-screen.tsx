/// <reference lib="dom" />
// The recipes screen: the list (search, tags, rating), one recipe, its editor, and the import.
import { RecipeEditor } from "./recipe-editor.tsx";
import { RecipeImport } from "./recipe-import.tsx";
import { RecipeList } from "./recipe-list.tsx";
import { RecipeView } from "./recipe-view.tsx";

export function RecipesScreen({ recipeId, mode }: { recipeId?: string; mode?: "view" | "edit" | "new" | "import" }) {
  if (mode === "new") return <RecipeEditor key="new" />;
  if (mode === "import") return <RecipeImport />;
  if (recipeId && mode === "edit") return <RecipeEditor key={recipeId} recipeId={recipeId} />;
  if (recipeId) return <RecipeView key={recipeId} recipeId={recipeId} />;
  return <RecipeList />;
}
