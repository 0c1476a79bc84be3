import * as z from "zod";
import { env } from "../../config/env.ts";
import { AppError } from "../../errors.ts";
import { fetchPage, pageLimits } from "../../page-fetching/fetch-page.ts";
import { parseIngredientLine } from "../../ingredient-grammar/ingredient-line.ts";
import { candidateLists } from "../../recipe-reading/candidate-lists.ts";
import { ingredientEntries, type RecipeIngredientEntry } from "../../recipe-reading/ingredient-entries.ts";
import { titleOf } from "../../recipe-reading/page-markup-recipe.ts";
import { schemaRecipeOf } from "../../recipe-reading/schema-recipe.ts";
import { defineTool, type ToolContext } from "../define-tool.ts";
import { recipeImportDocs } from "./docs-import.ts";
import { draftOfFirstNamingList, recipeDraftFromParsed } from "./tools.ts";
import { type RecipeDraft, RecipeImportResult } from "./results.ts";
import { ImportedPhoto } from "./import-file-results.ts";
import { pagePhoto } from "./import-photo.ts";

/** The draft, and the photo the page's schema.org Recipe names, fetched through the same guard as the page. */
export const RecipeImportUrlResult = z.strictObject({
  ...RecipeImportResult.shape,
  photo: ImportedPhoto.nullable().describe(
    "The photo the page's schema.org Recipe names (its image), fetched through the same guard as the page and " +
      "checked by content; null when it names none or it could not be had. Upload it and record it with " +
      "recipe.set_photo once the recipe is saved.",
  ),
  warnings: z.array(z.string()).describe(
    'Why the page\'s photo is missing when it names one ("the photo at … was not fetched: …").',
  ),
});

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
  outputSchema: RecipeImportUrlResult,
  execute: async (input, context) => {
    const allowedHosts = env().recipeImportAllowedHosts;
    const page = await fetchPage(input.url, { ...pageLimits, allowedHosts });
    const recipe = schemaRecipeOf(page.html);
    if (!recipe || recipe.ingredients.length === 0) {
      const draft = await draftOfCatalogList(page.html, context);
      if (draft) return { ...draft, source_url: page.url, photo: null, warnings: [] };
      throw new AppError(
        "VALIDATION_ERROR",
        "no recipe found on the page: it has no schema.org Recipe with ingredients, no ingredient list in its " +
          "markup that can be read unambiguously, and no list that names ingredients of the catalog; paste the " +
          "recipe's text into recipe.parse_text instead",
        { field: "url" },
      );
    }
    // The photo is fetched while the names are looked up: neither waits for the other.
    const [draft, photo] = await Promise.all([
      draftOf(recipe.name, recipe.ingredients, recipe.instructions, context),
      pagePhoto(page.html, page.url, allowedHosts),
    ]);
    return { ...draft, source_url: page.url, ...photo };
  },
});

/** The page's ingredient lines read as recipe.parse_text reads them, each in its section. */
function parsedLines(entries: RecipeIngredientEntry[]) {
  return entries.map((entry) => ({ ...parseIngredientLine(entry.line), section: entry.section }));
}

/** The draft of a page's recipe, with the same name lookups as recipe.parse_text in one call. */
function draftOf(
  title: string | null,
  ingredients: RecipeIngredientEntry[],
  instructions: string[],
  context: ToolContext,
): Promise<RecipeDraft> {
  return recipeDraftFromParsed(
    {
      title,
      ingredients: parsedLines(ingredients),
      instructions: instructions.length > 0 ? instructions.join("\n") : null,
      other_lines: [],
    },
    context,
    "app.recipe_import_url",
    "url",
  );
}

/**
 * A page that no reading finds ingredients on: the first of its lists (candidate-lists.ts) of which three names in
 * five are catalog ingredients ("Unsalted butter", "Good olive oil" beside "1 cup all-purpose flour"), all looked up
 * in the tool's one call.
 */
function draftOfCatalogList(html: string, context: ToolContext): Promise<RecipeDraft | undefined> {
  const lists = candidateLists(html).map((lines) => parsedLines(ingredientEntries(lines)));
  return draftOfFirstNamingList(titleOf(html), lists, context, "app.recipe_import_url");
}

export const recipeImportTools = [importRecipeUrl];
