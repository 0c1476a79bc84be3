/// <reference lib="dom" />
import type { PushIngredientsResult, RecipeSummary } from "../../../shared/tools/results.ts";
import type { Api } from "./api.ts";
import { element, fill } from "./dom.ts";

export async function loadRecipes(api: Api): Promise<RecipeSummary[]> {
  return (await api.tools().recipe.list({ limit: 20 })).recipes;
}

/** The recipe's ingredient lines merged into the list (grocery.push_ingredients), each traced to the recipe. */
export async function pushRecipe(api: Api, recipeId: string, listId: string): Promise<PushIngredientsResult> {
  const tools = api.tools();
  const { recipe } = await tools.recipe.get({ recipe_id: recipeId });
  return await tools.grocery.pushIngredients({
    grocery_list_id: listId,
    ingredients: recipe.ingredients.map((line) => ({
      ingredient_id: line.ingredient_id,
      quantity: line.quantity,
      unit: line.unit,
      prep_state: line.prep_state,
      source_recipe_id: recipe.id,
    })),
  }, api.once());
}

export function renderRecipes(
  container: HTMLElement,
  recipes: RecipeSummary[],
  onPush: (recipe: RecipeSummary) => void,
): void {
  fill(
    container,
    recipes.map((recipe) =>
      element(
        "li",
        { "data-recipe-id": recipe.id },
        element("span", { class: "title" }, recipe.title),
        " ",
        element("button", {
          type: "button",
          "aria-label": `Add the ingredients of ${recipe.title} to the list`,
          onclick: () => onPush(recipe),
        }, "Add to list"),
      )
    ),
    "No recipes yet.",
  );
}
