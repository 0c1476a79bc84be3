// The describer cases of the recipe and planner write tools: the input, and the sentence a person reads.
import { callToolOk } from "../../support/tools-client.ts";
import { alice, type Case, milk, newMeal, newRecipe, newSeries } from "./fixtures.ts";

export const recipeAndPlannerCases: Record<string, () => Promise<Case>> = {
  "recipe.create": () =>
    Promise.resolve({
      input: { title: "Pancakes", ingredients: [{ ingredient_id: milk, quantity: 300, unit: "ml" }] },
      proposal: "Create the recipe Pancakes (1 ingredient)",
    }),
  "recipe.create_many": () =>
    Promise.resolve({
      input: {
        recipes: ["Pancakes", "Waffles", "Crepes", "Blini"].map((title) => ({
          title,
          source_identity: `describers:${title}`,
          ingredients: [{ ingredient_id: milk, quantity: 300, unit: "ml" }],
        })),
        on_existing: "update",
      },
      proposal: "Save 4 recipes from a collection (Pancakes, Waffles, Crepes and 1 more), updating those saved before",
    }),
  "recipe.update": async () => {
    const recipe = await newRecipe();
    return {
      input: { recipe_id: recipe.id, rating: 5, tags: ["quick", "family"] },
      proposal: `Change the recipe ${recipe.title}: its tags (quick and family) and rate it 5 of 5`,
    };
  },
  "recipe.delete": async () => {
    const recipe = await newRecipe();
    return { input: { recipe_id: recipe.id }, proposal: `Delete the recipe ${recipe.title}` };
  },
  "recipe.restore": async () => {
    const recipe = await newRecipe();
    await callToolOk(alice, "recipe.delete", { recipe_id: recipe.id });
    return { input: { recipe_id: recipe.id }, proposal: `Restore the recipe ${recipe.title}` };
  },
  // With a photo the call needs an upload to Storage first (tests/storage has those); removing one needs none.
  "recipe.set_photo": async () => {
    const recipe = await newRecipe();
    return {
      input: { recipe_id: recipe.id, photo_path: null },
      proposal: `Remove the photo of the recipe ${recipe.title}`,
    };
  },
  "recipe.revert": async () => {
    const recipe = await newRecipe();
    await callToolOk(alice, "recipe.update", { recipe_id: recipe.id, servings: 2 });
    return {
      input: { recipe_id: recipe.id, revision: 1 },
      proposal: `Put the recipe ${recipe.title} back to revision 1`,
    };
  },
  "planner.add_meal": async () => {
    const recipe = await newRecipe();
    return {
      input: { recipe_id: recipe.id, date: "2026-12-01", meal_type: "dinner", servings: 4 },
      proposal: `Plan ${recipe.title} for dinner on Tuesday 1 December (4 servings)`,
    };
  },
  "planner.remove_meal": async () => {
    const meal = await newMeal();
    return { input: { planner_meal_id: meal.id }, proposal: `Remove dinner on Tuesday 1 December (${meal.title})` };
  },
  "planner.restore_meal": async () => {
    const meal = await newMeal();
    await callToolOk(alice, "planner.remove_meal", { planner_meal_id: meal.id });
    return { input: { planner_meal_id: meal.id }, proposal: `Put back dinner on Tuesday 1 December (${meal.title})` };
  },
  "planner.update_meal": async () => {
    const meal = await newMeal();
    return {
      input: { planner_meal_id: meal.id, date: "2026-12-02", meal_type: "lunch", servings: 2 },
      proposal:
        `Move ${meal.title} from dinner on Tuesday 1 December to lunch on Wednesday 2 December, with 2 servings`,
    };
  },
  "planner.add_recurring": async () => {
    const recipe = await newRecipe();
    return {
      input: {
        recipe_id: recipe.id,
        start_date: "2026-12-01",
        weekdays: ["tuesday", "friday"],
        count: 4,
        meal_type: "dinner",
      },
      proposal: `Plan ${recipe.title} for dinner every Tuesday and Friday from Tuesday 1 December, 4 times`,
    };
  },
  "planner.remove_series": async () => {
    const series = await newSeries();
    return {
      input: { series_id: series.id, from_date: "2026-12-08" },
      proposal: `Remove the dinner series of ${series.title} from Tuesday 8 December on`,
    };
  },
  "planner.update_series": async () => {
    const series = await newSeries();
    return {
      input: { series_id: series.id, servings: 6, note: "Double batch" },
      proposal: `Change the dinner series of ${series.title}: 6 servings and note: Double batch`,
    };
  },
};
