import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { readTraits, writeTraits } from "./traits.ts";
import { textField } from "./fields.ts";
import { ingredientDocs } from "./docs/ingredient.ts";
import type { Ingredient } from "./results.ts";

export const searchIngredients = defineTool({
  name: "ingredient.search",
  ...ingredientDocs.search,
  ...readTraits({ latencyBudgetMs: 800 }),
  inputSchema: z.strictObject({
    query: textField(100, "The start of an ingredient name, or the whole name (case-insensitive)."),
    limit: z.number().int().min(1).max(50).default(10).describe("Most results to return, 1–50; 10 when absent."),
  }),
  execute: (input, context) =>
    context.invoke<{ ingredients: (Ingredient & { match: "exact" | "prefix" })[] }>("app.ingredient_search", input),
});

export const createIngredient = defineTool({
  name: "ingredient.create",
  ...ingredientDocs.create,
  ...writeTraits("medium"),
  inputSchema: z.strictObject({
    name: textField(100, "The new ingredient's name, 1–100 characters after trimming."),
  }),
  execute: (input, context) =>
    context.invoke<{ ingredient_id: string; name: string; created_at: string }>("app.ingredient_create", input),
});

export const ingredientTools = [searchIngredients, createIngredient];
