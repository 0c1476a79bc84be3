// recipe.create_many: the recipes of a collection read from another app (recipe.import_file's ready drafts) saved
// in one call, each all or nothing, found again by their source identity on a second import.
import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { textField } from "../fields.ts";
import { counted, listFirstWords } from "../describe/wording.ts";
import { createRecipe } from "./tools.ts";
import { recipeCreateManyDocs } from "./docs-create-many.ts";
import { RecipeCreateManyResult } from "./results-create-many.ts";

/** The most recipes one call saves: the web app saves a larger collection in chunks of this many or fewer. */
export const maxRecipesPerCall = 50;

const collectionRecipe = z.strictObject({
  ...createRecipe.inputSchema.shape,
  source_identity: textField(
    256,
    "Where the recipe came from, as recipe.import_file gives it (the format's uid or a hash of its content). A " +
      "recipe of the household saved with the same one is found instead of saving a second; absent, the recipe is " +
      "always new.",
  ).optional(),
}).describe("One recipe: recipe.create's input, and its source_identity when it came from a file.");

export const createManyRecipes = defineTool({
  name: "recipe.create_many",
  ...recipeCreateManyDocs,
  effect: "write",
  risk: "medium",
  latencyBudgetMs: 5000,
  inputSchema: z.strictObject({
    recipes: z.array(collectionRecipe)
      .min(1, { error: "give at least one recipe" })
      .max(maxRecipesPerCall, { error: `at most ${maxRecipesPerCall} recipes a call; send the rest in another` })
      .describe(`The recipes to save, 1–${maxRecipesPerCall}, each as recipe.create takes it.`),
    on_existing: z.enum(["skip", "update"]).optional().describe(
      "A recipe already saved from the same source: skip it (the default) or update it in place with the file's " +
        "content, keeping its id and a revision of what it was. A deleted one is brought back either way.",
    ),
  }),
  describe: (input) => {
    const titles = listFirstWords(input.recipes.map((recipe) => recipe.title), 3);
    const existing = input.on_existing === "update" ? ", updating those saved before" : "";
    return `Save ${counted(input.recipes.length, "recipe")} from a collection (${titles})${existing}`;
  },
  outputSchema: RecipeCreateManyResult,
});
