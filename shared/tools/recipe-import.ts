import { z } from "zod";
import { env } from "../config/env.ts";
import { AppError } from "../errors.ts";
import { fetchPage, pageLimits } from "../media/fetch-page.ts";
import { parseIngredientLine } from "../media/ingredient-line.ts";
import { schemaRecipeOf } from "../media/schema-recipe.ts";
import { defineTool } from "./define-tool.ts";
import { recipeImportDocs } from "./docs/recipe-import.ts";
import { recipeDraftFromParsed } from "./recipe.ts";
import { RecipeImportResult } from "./results.ts";

export const importRecipeUrl = defineTool({
  name: "recipe.import_url",
  ...recipeImportDocs,
  effect: "read",
  latencyBudgetMs: 5000,
  inputSchema: z.strictObject({
    url: z.string()
      .max(2000)
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { error: "must be an absolute http or https URL" })
      .describe("The recipe page's address, http or https."),
  }),
  outputSchema: RecipeImportResult,
  execute: async (input, context) => {
    const page = await fetchPage(input.url, { ...pageLimits, allowedHosts: env().recipeImportAllowedHosts });
    const recipe = schemaRecipeOf(page.html);
    if (!recipe || recipe.ingredients.length === 0) {
      throw new AppError(
        "VALIDATION_ERROR",
        "no recipe found on the page: it has no schema.org Recipe with ingredients, and no ingredient list in its " +
          "markup that can be read unambiguously; paste the recipe's text into recipe.parse_text instead",
        { field: "url" },
      );
    }
    // The same name lookups as recipe.parse_text, in one call (app.recipe_import_url runs its SQL function).
    const draft = await recipeDraftFromParsed(
      {
        title: recipe.name,
        ingredients: recipe.ingredients.map((entry) => ({
          ...parseIngredientLine(entry.line),
          section: entry.section,
        })),
        instructions: recipe.instructions.length > 0 ? recipe.instructions.join("\n") : null,
        other_lines: [],
      },
      context,
      "app.recipe_import_url",
      "url",
    );
    return { ...draft, source_url: page.url };
  },
});

export const recipeImportTools = [importRecipeUrl];
