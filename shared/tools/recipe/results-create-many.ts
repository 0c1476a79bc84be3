// What app.recipe_create_many returns: one result per recipe given, in their order, and the counts.
import * as z from "zod";
import { id } from "../result-fields.ts";

export const CollectionRecipeStatus = z.enum(["created", "updated", "restored", "skipped", "refused"]);

export const RecipeCreateManyResult = z.strictObject({
  results: z.array(z.strictObject({
    /** The recipe's position in the input, from 0. */
    index: z.int().nonnegative(),
    status: CollectionRecipeStatus,
    /** The recipe saved, updated, restored or skipped (the one already saved); null when refused. */
    recipe_id: id.nullable(),
    title: z.string(),
    /** For updated and restored: the revision that keeps the recipe as it was before (recipe.revert takes it). */
    revision: z.int().positive().nullable(),
    /** In words: what happened to this recipe, or why it was refused. */
    message: z.string(),
    /** For a refused recipe, the field its refusal is about (ingredients), when there is one. */
    field: z.string().nullable().optional(),
  })),
  summary: z.strictObject({
    created: z.int().nonnegative(),
    updated: z.int().nonnegative(),
    restored: z.int().nonnegative(),
    skipped: z.int().nonnegative(),
    refused: z.int().nonnegative(),
  }),
  /** The whole call in one sentence: "Saved 3 recipes (2 new, 1 updated); 1 skipped, already saved." */
  message: z.string(),
});
export type RecipeCreateManyResult = z.infer<typeof RecipeCreateManyResult>;
