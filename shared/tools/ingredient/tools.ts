import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { textField } from "../fields.ts";
import { ingredientDocs } from "./docs.ts";

import { IngredientCreateResult, IngredientSearchResult } from "./results.ts";

export const searchIngredients = defineTool({
  name: "ingredient.search",
  ...ingredientDocs.search,
  effect: "read",
  latencyBudgetMs: 800,
  inputSchema: z.strictObject({
    query: textField(100, "An ingredient name, its start, or whole words of it (case-insensitive)."),
    limit: z.number().int().min(1).max(50).default(10).describe("Most results to return, 1–50; 10 when absent."),
  }),
  outputSchema: IngredientSearchResult,
});

export const createIngredient = defineTool({
  name: "ingredient.create",
  ...ingredientDocs.create,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    name: textField(100, "The new ingredient's name, 1–100 characters after trimming."),
  }),
  describe: (input) => `Create the ingredient ${input.name}`,
  outputSchema: IngredientCreateResult,
});

export const ingredientTools = [searchIngredients, createIngredient];
