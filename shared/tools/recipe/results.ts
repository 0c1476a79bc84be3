// What the recipe tools' SQL functions return (private.invoke's "data"). The rules every shape follows are in
// ../result-fields.ts.
import * as z from "zod";
import { nextCursor, units } from "../fields.ts";
import { id, timestamp } from "../result-fields.ts";
import { Ingredient, IngredientSearchResult } from "../ingredient/results.ts";

export const RecipeSummary = z.strictObject({
  id,
  title: z.string(),
  tags: z.array(z.string()),
  rating: z.int().min(1).max(5).nullable(),
  servings: z.int().positive().nullable(),
  /** The recipe's photo in the recipe-photos bucket (recipe.set_photo), shown through a signed URL; null: none. */
  photo_path: z.string().nullable(),
  updated_at: timestamp,
});
export type RecipeSummary = z.infer<typeof RecipeSummary>;

export const RecipeIngredientLine = z.strictObject({
  position: z.int().nonnegative(),
  ingredient_id: id,
  ingredient_name: z.string(),
  /** null, with unit null, for a line without an amount ("salt, to taste"). */
  quantity: z.number().positive().nullable(),
  unit: z.enum(units).nullable(),
  prep_state: z.string().nullable(),
  note: z.string().nullable(),
});
export type RecipeIngredientLine = z.infer<typeof RecipeIngredientLine>;

/** private.recipe_json(recipe). */
export const Recipe = z.strictObject({
  ...RecipeSummary.shape,
  instructions: z.string().nullable(),
  notes: z.string().nullable(),
  ingredients: z.array(RecipeIngredientLine),
  created_at: timestamp,
});
export type Recipe = z.infer<typeof Recipe>;

export const RecipeListResult = z.strictObject({ recipes: z.array(RecipeSummary), next_cursor: nextCursor });
export type RecipeListResult = z.infer<typeof RecipeListResult>;

export const RecipeGetResult = z.strictObject({ recipe: Recipe });
export type RecipeGetResult = z.infer<typeof RecipeGetResult>;

export const RecipeCreateResult = z.strictObject({ recipe_id: id, created_at: timestamp });
export type RecipeCreateResult = z.infer<typeof RecipeCreateResult>;

export const RecipeUpdateResult = z.strictObject({
  recipe: Recipe,
  updated_at: timestamp,
  /** The values before the change, of the fields the call gave. */
  previous: z.strictObject({
    title: z.string().optional(),
    ingredients: z.array(RecipeIngredientLine).optional(),
    instructions: z.string().nullable().optional(),
    tags: z.array(z.string()).optional(),
    rating: z.int().min(1).max(5).nullable().optional(),
    notes: z.string().nullable().optional(),
    servings: z.int().positive().nullable().optional(),
  }),
  /** The revision that keeps the recipe as it was before this change (recipe.revert takes it). */
  revision: z.int().positive(),
});
export type RecipeUpdateResult = z.infer<typeof RecipeUpdateResult>;

export const RecipeDeleteResult = z.strictObject({ recipe_id: id, title: z.string(), deleted_at: timestamp });
export type RecipeDeleteResult = z.infer<typeof RecipeDeleteResult>;

export const RecipeRestoreResult = z.strictObject({ restored: z.literal(true), recipe: Recipe });
export type RecipeRestoreResult = z.infer<typeof RecipeRestoreResult>;

export const RecipeRevertResult = z.strictObject({
  recipe: Recipe,
  reverted_to_revision: z.int().positive(),
  /** The revision that keeps the recipe as it was before the revert. */
  revision: z.int().positive(),
});
export type RecipeRevertResult = z.infer<typeof RecipeRevertResult>;

/** recipe.list_revisions: newest first; each `recipe` is the recipe as it was before that change. */
export const RecipeListRevisionsResult = z.strictObject({
  recipe_id: id,
  revisions: z.array(z.strictObject({
    revision: z.int().positive(),
    created_at: timestamp,
    /** Who made the change that this revision keeps the recipe from; null once their account is gone. */
    created_by: id.nullable(),
    recipe: Recipe,
  })),
  next_cursor: nextCursor,
});
export type RecipeListRevisionsResult = z.infer<typeof RecipeListRevisionsResult>;

/** recipe.parse_text (and the draft of media.ocr_image): a recipe.create input to correct, and each line read. */
const lineProblem = z.enum(["range", "no_quantity", "rounded", "no_unit", "no_name", "unmatched"]);

const DraftIngredientLine = z.strictObject({
  ingredient_id: id.optional(),
  name: z.string().optional(),
  quantity: z.number().positive().nullable(),
  unit: z.enum(units).nullable(),
  prep_state: z.string().nullable(),
  note: z.string().optional(),
});

export const RecipeDraft = z.strictObject({
  draft: z.strictObject({
    title: z.string().optional(),
    ingredients: z.array(DraftIngredientLine),
    instructions: z.string().optional(),
  }),
  /** True when recipe.create would take the draft as it is. */
  ready: z.boolean(),
  lines: z.array(z.strictObject({
    original: z.string(),
    quantity: z.number().positive().nullable(),
    quantity_text: z.string().nullable(),
    unit: z.enum(units).nullable(),
    unit_text: z.string().nullable(),
    prep_state: z.string().nullable(),
    name: z.string(),
    note: z.string().nullable(),
    problems: z.array(lineProblem),
    section: z.string().nullable(),
    ingredient: Ingredient.nullable(),
    suggestions: IngredientSearchResult.shape.ingredients,
  })),
  other_lines: z.array(z.string()),
});
export type RecipeDraft = z.infer<typeof RecipeDraft>;

/** What app.recipe_parse_text returns for the names it is given, in their order. */
export const IngredientNameMatches = z.strictObject({
  matches: z.array(z.strictObject({
    name: z.string(),
    ingredient: Ingredient.nullable(),
    /** Which of the line's candidate names matched (0: the name as read). */
    candidate: z.int().nullable(),
    /** The count unit a counted line takes (from the ingredient or the alias), or null. */
    count_unit: z.enum(["whole", "piece"]).nullable(),
    /** What the matched alias says beyond the ingredient's name ("cloves"), or null. */
    alias_note: z.string().nullable(),
    suggestions: IngredientSearchResult.shape.ingredients,
  })),
});
export type IngredientNameMatches = z.infer<typeof IngredientNameMatches>;

/** recipe.import_url: recipe.parse_text's draft, and the page finally read (after redirects). */
export const RecipeImportResult = z.strictObject({ ...RecipeDraft.shape, source_url: z.string() });
export type RecipeImportResult = z.infer<typeof RecipeImportResult>;
