// What the app.* SQL functions return (private.invoke's "data"): the contract with the SQL.
// Entities carry their own key as `id` (as private.grocery_item_json does) and name others `<entity>_id`.
// Timestamps are ISO 8601 strings, dates YYYY-MM-DD, quantities JSON numbers from numeric columns.

export interface RecipeSummary {
  id: string;
  title: string;
  tags: string[];
  rating: number | null;
  servings: number | null;
  updated_at: string;
}

export interface RecipeIngredientLine {
  position: number;
  ingredient_id: string;
  ingredient_name: string;
  quantity: number;
  unit: string;
  prep_state: string | null;
  note: string | null;
}

export interface Recipe extends RecipeSummary {
  instructions: string | null;
  notes: string | null;
  ingredients: RecipeIngredientLine[];
  created_at: string;
}

export interface PlannerMeal {
  id: string;
  date: string;
  meal_type: "breakfast" | "lunch" | "dinner";
  recipe_id: string;
  recipe_title: string;
  servings: number | null;
  note: string | null;
  created_at: string;
}

export interface GroceryListSummary {
  id: string;
  name: string;
  item_count: number;
  unchecked_count: number;
  created_at: string;
  updated_at: string;
}

/** private.grocery_item_json(item). */
export interface GroceryItem {
  id: string;
  ingredient_id: string | null;
  name: string;
  quantity: number;
  unit: string;
  prep_state: string | null;
  checked: boolean;
}

export interface GroceryItemSource {
  recipe_id: string | null;
  planner_meal_id: string | null;
  quantity_added: number;
  unit: string;
  created_at: string;
}

export interface GroceryItemDetail extends GroceryItem {
  checked_at: string | null;
  sources: GroceryItemSource[];
}

/** What app.grocery_push_ingredients returns (written with the merge, migration 1100). */
export interface PushIngredientsResult {
  grocery_list_id: string;
  added: GroceryItem[];
  merged: (GroceryItem & { quantity_before: number; quantity_after: number })[];
  summary: { lines_received: number; items_added: number; items_merged: number };
  item_count: number;
}

export interface HouseholdMember {
  user_id: string;
  role: "owner" | "member";
  email: string | null;
  joined_at: string;
}

export interface Household {
  id: string;
  name: string;
  my_role: "owner" | "member";
  created_at: string;
  members: HouseholdMember[];
}

export interface Ingredient {
  id: string;
  name: string;
  /** true for the household's own ingredients, false for the shared catalog. */
  household_specific: boolean;
}
