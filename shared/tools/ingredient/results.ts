// What the ingredient tools' SQL functions return (private.invoke's "data"). The rules every shape follows are in
// ../result-fields.ts.
import * as z from "zod";
import { id, timestamp } from "../result-fields.ts";

export const Ingredient = z.strictObject({
  id,
  name: z.string(),
  /** true for the household's own ingredients, false for the shared catalog. */
  household_specific: z.boolean(),
});
export type Ingredient = z.infer<typeof Ingredient>;

// Each tool's result, named after the tool.

export const IngredientSearchResult = z.strictObject({
  ingredients: z.array(z.strictObject({ ...Ingredient.shape, match: z.enum(["exact", "prefix", "word"]) })),
});
export type IngredientSearchResult = z.infer<typeof IngredientSearchResult>;

export const IngredientCreateResult = z.strictObject({ ingredient_id: id, name: z.string(), created_at: timestamp });
export type IngredientCreateResult = z.infer<typeof IngredientCreateResult>;
