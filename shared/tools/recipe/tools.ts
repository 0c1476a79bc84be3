import * as z from "zod";
import { defineTool, type ToolContext } from "../define-tool.ts";
import { AppError } from "../../errors.ts";
import { foldIngredientName } from "../../ingredient-grammar/fold-name.ts";
import { nameCandidates } from "../../ingredient-grammar/ingredient-name.ts";
import { invertedLine } from "../../recipe-reading/inverted-name.ts";
import { setAsideLinesNotToBuy, withPartHeadings } from "../../recipe-reading/lines-not-to-buy.ts";
import { moveNonIngredientLines } from "../../recipe-reading/non-ingredient-line.ts";
import { splitPairedLines, unmeasuredPairParts } from "../../recipe-reading/paired-line.ts";
import { type ParsedRecipeText, parseRecipeText } from "../../recipe-reading/recipe-text.ts";
import { buildRecipeDraft } from "../../recipe-reading/recipe-draft.ts";
import { recipeParseTextDocs, recipeTextMaxLength } from "../media/docs.ts";
import {
  idField,
  limits,
  pageFields,
  prepStateField,
  quantityField,
  ratingField,
  servingsField,
  tagsField,
  textField,
  unitField,
  units,
} from "../fields.ts";
import { recipeDocs } from "./docs.ts";
import { recipeRevisionDocs } from "./docs-revisions.ts";
import { counted, listFirstWords, listWords } from "../describe/wording.ts";
import { recipeLinesWords } from "./describe.ts";
import {
  type IngredientNameMatches,
  RecipeCreateResult,
  RecipeDeleteResult,
  RecipeDraft,
  RecipeGetResult,
  RecipeListResult,
  RecipeListRevisionsResult,
  RecipeRestoreResult,
  RecipeRevertResult,
  RecipeUpdateResult,
} from "./results.ts";

const ingredientLine = z.strictObject({
  ingredient_id: idField("Catalog or household ingredient id (from ingredient.search). Give this or name.").optional(),
  name: textField(100, "Exact ingredient name (trimmed, case-insensitive, never fuzzy). Give this or ingredient_id.")
    .optional(),
  quantity: quantityField().nullable().describe(
    "Amount as a JSON number > 0, at most 1,000,000, at most 3 decimals, e.g. 1.5; never a string. null, with unit " +
      'null, for a line without an amount ("salt to taste"): say why in note.',
  ),
  unit: unitField().nullable().describe(
    `Unit, exactly one of: ${units.join(", ")}; never converted. null exactly when quantity is null.`,
  ),
  prep_state: prepStateField(),
  note: textField(200, 'Free note for this line ("to taste", "divided", "for frying"); not a quantity.').optional(),
})
  // Both or neither: a unit alone would be a free-text amount ("a cup of"), a number alone has no meaning.
  .refine((line) => line.quantity !== null || line.unit === null, {
    error: 'is null but unit is not: a unit needs a quantity; for a line without an amount ("salt, to taste") make ' +
      "unit null too",
    path: ["quantity"],
  })
  .refine((line) => line.quantity === null || line.unit !== null, {
    error: "a quantity needs a unit",
    path: ["unit"],
  })
  .refine((line) => line.ingredient_id !== undefined || line.name !== undefined, {
    error: "each ingredient line needs ingredient_id or name",
    path: ["ingredient_id"],
  })
  .refine((line) => line.ingredient_id === undefined || line.name === undefined, {
    error: "give ingredient_id or name, not both",
    path: ["name"],
  })
  .describe(
    "One ingredient line: an ingredient (id or exact name), a numeric quantity and a unit, or null for both when " +
      'the recipe gives no amount ("salt, to taste"; grocery.push_recipe and grocery.sync_plan skip such a line).',
  );

const ingredientLines = z.array(ingredientLine)
  .min(1, { error: "a recipe needs at least one ingredient line" })
  .max(limits.maxRecipeLines)
  .describe("Ingredient lines in order (1–200); every name or id must exist in the catalog or the household's own.");

const recipeFields = {
  title: textField(200, "Recipe title, 1–200 characters."),
  ingredients: ingredientLines,
  instructions: textField(20_000, "Method, free text."),
  tags: tagsField("Tags (at most 30, each 1–50 characters, no repeats)."),
  rating: ratingField(),
  notes: textField(5_000, "Household notes about the recipe."),
  servings: servingsField(),
};

const recipeId = idField("The recipe's id (from recipe.list or recipe.create).");

export const listRecipes = defineTool({
  name: "recipe.list",
  ...recipeDocs.list,
  effect: "read",
  inputSchema: z.strictObject({
    tags: z.array(textField(50, "A tag."))
      .max(10)
      .optional()
      .describe("Only recipes carrying every one of these tags (at most 10)."),
    min_rating: ratingField("Only recipes rated at least this (1–5); unrated recipes are left out.").optional(),
    query: textField(200, "Text to find in recipe titles (case-insensitive substring).").optional(),
    ...pageFields(20),
  }),
  outputSchema: RecipeListResult,
});

export const getRecipe = defineTool({
  name: "recipe.get",
  ...recipeDocs.get,
  effect: "read",
  inputSchema: z.strictObject({ recipe_id: recipeId }),
  outputSchema: RecipeGetResult,
});

// Risk levels follow the rule on ToolDefinition.risk: a recipe is costly to rebuild, so update and delete are high.
export const createRecipe = defineTool({
  name: "recipe.create",
  ...recipeDocs.create,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    ...recipeFields,
    instructions: recipeFields.instructions.optional(),
    tags: recipeFields.tags.optional(),
    rating: recipeFields.rating.optional(),
    notes: recipeFields.notes.optional(),
    servings: recipeFields.servings.optional(),
  }),
  describe: (input, names) => `Create the recipe ${input.title} (${recipeLinesWords(input.ingredients, names)})`,
  outputSchema: RecipeCreateResult,
});

export const updateRecipe = defineTool({
  name: "recipe.update",
  ...recipeDocs.update,
  effect: "write",
  risk: "high",
  inputSchema: z.strictObject({
    recipe_id: recipeId,
    title: recipeFields.title.optional(),
    ingredients: ingredientLines.optional()
      .describe("Replaces every ingredient line (1–200); absent keeps the current lines."),
    instructions: recipeFields.instructions.nullable().optional().describe("Method; null clears it."),
    tags: recipeFields.tags.nullable().optional().describe("Replaces all tags (≤ 30); null or [] clears them."),
    rating: recipeFields.rating.nullable().optional().describe("Rating 1–5; null clears it."),
    notes: recipeFields.notes.nullable().optional().describe("Notes; null clears them."),
    servings: recipeFields.servings.nullable().optional().describe("Servings 1–100; null clears them."),
  }).refine((input) => Object.keys(input).some((key) => key !== "recipe_id"), {
    error: "give at least one field to change besides recipe_id",
  }),
  describe: (input, names, recorded) => {
    // In the history a renamed recipe already has its new title: the old one is the reply's.
    const previousTitle = (recorded?.previous as { title?: string } | undefined)?.title;
    const current = previousTitle ?? names.recipe(input.recipe_id);
    const changes = [
      input.title === undefined || input.title === current ? null : `rename it ${input.title}`,
      input.ingredients && `its ingredients (${recipeLinesWords(input.ingredients, names, "line")})`,
      input.instructions === undefined ? null : input.instructions === null ? "clear its method" : "its method",
      input.tags === undefined
        ? null
        : input.tags === null || input.tags.length === 0
        ? "clear its tags"
        : `its tags (${listFirstWords(input.tags, 3)})`,
      input.rating === undefined ? null : input.rating === null ? "clear its rating" : `rate it ${input.rating} of 5`,
      input.notes === undefined ? null : input.notes === null ? "clear its notes" : "its notes",
      input.servings === undefined
        ? null
        : input.servings === null
        ? "clear its servings"
        : counted(input.servings, "serving"),
    ].filter((change) => change !== null && change !== undefined);
    return changes.length === 0
      ? `Rename a recipe to ${input.title}`
      : `Change the recipe ${current}: ${listWords(changes)}`;
  },
  outputSchema: RecipeUpdateResult,
});

export const deleteRecipe = defineTool({
  name: "recipe.delete",
  ...recipeDocs.delete,
  effect: "write",
  risk: "high",
  inputSchema: z.strictObject({ recipe_id: recipeId }),
  describe: (input, names) => `Delete the recipe ${names.recipe(input.recipe_id)}`,
  outputSchema: RecipeDeleteResult,
});

export const restoreRecipe = defineTool({
  name: "recipe.restore",
  ...recipeDocs.restore,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ recipe_id: recipeId }),
  describe: (input, names) => `Restore the recipe ${names.recipe(input.recipe_id)}`,
  outputSchema: RecipeRestoreResult,
});

export const revertRecipe = defineTool({
  name: "recipe.revert",
  ...recipeRevisionDocs.revert,
  effect: "write",
  // Like recipe.update it rewrites the whole recipe, but it keeps what it replaced as a revision.
  risk: "high",
  inputSchema: z.strictObject({
    recipe_id: recipeId,
    revision: z.number().int().min(1).max(1_000_000)
      .describe("The revision to go back to (recipe.update and recipe.revert return the revision they made)."),
  }),
  describe: (input, names) => `Put the recipe ${names.recipe(input.recipe_id)} back to revision ${input.revision}`,
  outputSchema: RecipeRevertResult,
});

export const listRecipeRevisions = defineTool({
  name: "recipe.list_revisions",
  ...recipeRevisionDocs.listRevisions,
  effect: "read",
  inputSchema: z.strictObject({ recipe_id: recipeId, ...pageFields(20) }),
  outputSchema: RecipeListRevisionsResult,
});

/**
 * Reads recipe text into a recipe.create draft: the parsing in shared/recipe-reading and shared/ingredient-grammar,
 * the exact name lookups in one call of `sqlFunction` (app.recipe_parse_text, or a tool's own function that runs it).
 */
export async function recipeDraftFromText(
  text: string,
  context: ToolContext,
  sqlFunction: string,
): Promise<RecipeDraft> {
  return await recipeDraftFromParsed(parseRecipeText(text), context, sqlFunction, "text");
}

/** The draft of recipe text already read into lines (recipe.import_url reads a page's lines itself). */
export async function recipeDraftFromParsed(
  parsed: ParsedRecipeText,
  context: ToolContext,
  sqlFunction: string,
  field: string,
): Promise<RecipeDraft> {
  if (parsed.ingredients.length > limits.maxRecipeLines) {
    throw new AppError(
      "VALIDATION_ERROR",
      `the text has ${parsed.ingredients.length} ingredient lines; a recipe takes at most ${limits.maxRecipeLines}`,
      { field },
    );
  }
  // Steps and notes a page lists among its ingredients leave them, listed in other_lines with the reason.
  parsed = moveNonIngredientLines(parsed);
  parsed = { ...parsed, ingredients: splitPairedLines(parsed.ingredients) };
  return draftOfLookedUp(parsed, await lookUpLines(parsed.ingredients, context, sqlFunction));
}

export type ParsedLine = ParsedRecipeText["ingredients"][number];

/** One line given, after its lookup: itself, or the two parts of a pair of names; with each one's match. */
export interface LookedUpLine {
  lines: ParsedLine[];
  matches: IngredientNameMatches["matches"];
  candidates: ReturnType<typeof nameCandidates>[];
}

/** Every line's name looked up in one call of `sqlFunction`, one result per line given, in their order. */
export async function lookUpLines(
  lines: ParsedLine[],
  context: ToolContext,
  sqlFunction: string,
): Promise<LookedUpLine[]> {
  // Lines without an amount naming two things ("oil and vinegar") are looked up whole and by part, in one call.
  const pairs = lines.map(unmeasuredPairParts);
  const lookups = [...lines, ...pairs.flatMap((pair) => pair ?? [])];
  // "Beef, ground": the kind put first is tried before the name, exactly ("ground beef").
  const inverted = lookups.map(invertedLine);
  const candidates = lookups.map((line, index) => [
    ...(inverted[index] ? [{ name: inverted[index].name, dropped: [] }] : []),
    ...nameCandidates(line.name),
  ]);
  const { matches } = await context.invoke<IngredientNameMatches>(sqlFunction, {
    names: lookups.map((line) => line.name),
    folded: candidates.map((names) => names.map((candidate) => foldIngredientName(candidate.name))),
  });
  let part = lines.length;
  // The line as matched: with its kind first when that is what matched.
  const asMatched = (position: number) =>
    inverted[position] && matches[position].candidate === 0 ? inverted[position] : lookups[position];
  return lines.map((_line, index) => {
    const pair = pairs[index];
    const at = pair ? [part, part + 1] : [];
    if (pair) part += 2;
    // Two lines only when the whole is no ingredient and each part is one.
    const split = pair && !matches[index].ingredient && at.every((position) => matches[position].ingredient);
    const positions = split ? at : [index];
    return {
      lines: positions.map(asMatched),
      matches: positions.map((position) => matches[position]),
      candidates: positions.map((position) => candidates[position]),
    };
  });
}

export function draftOfLookedUp(given: ParsedRecipeText, lines: LookedUpLine[]): RecipeDraft {
  // A part the recipe makes itself ("Salsa Ranchera (recipe below)") or cookware ("9-inch springform pan") that the
  // catalog does not sell is no line to buy; one named above the lines it is made of ("Final Dough") heads them.
  const { parsed, lookedUp } = setAsideLinesNotToBuy(given, withPartHeadings(lines));
  const built = buildRecipeDraft(
    { ...parsed, ingredients: lookedUp.flatMap((line) => line.lines) },
    lookedUp.flatMap((line) => line.matches),
    lookedUp.flatMap((line) => line.candidates),
  );
  // recipe.create refuses a name that is no ingredient: a draft with an unmatched line is not ready. Nor is one with
  // an amount written but not read as a number ("1/0", a range that falls such as "3-2"): saved as it stands, the
  // line would lose it. A line with no amount at all ("salt to taste") is a line recipe.create takes: it does not
  // stop the draft.
  const allMatched = built.lines.every((line) => line.ingredient !== null);
  const amountsRead = built.lines.every((line) => line.quantity !== null || line.quantity_text === null);
  return { ...built, ready: allMatched && amountsRead && createRecipe.inputSchema.safeParse(built.draft).success };
}

/**
 * Of several lists of lines (a page's lists that could be its ingredients), the draft of the first of which three
 * names in five are catalog ingredients; every list's names looked up in the one call of `sqlFunction` (as many
 * lists as fit in a recipe's lines). Undefined when none does.
 */
export async function draftOfFirstNamingList(
  title: string | null,
  lists: ParsedLine[][],
  context: ToolContext,
  sqlFunction: string,
): Promise<RecipeDraft | undefined> {
  const tried: ParsedLine[][] = [];
  let count = 0;
  for (const list of lists.map(splitPairedLines)) {
    if ((count += list.length) > limits.maxRecipeLines) break;
    tried.push(list);
  }
  if (tried.length === 0) return undefined;
  const lookedUp = await lookUpLines(tried.flat(), context, sqlFunction);
  let at = 0;
  for (const lines of tried) {
    const own = lookedUp.slice(at, at += lines.length);
    const matches = own.flatMap((line) => line.matches);
    if (matches.filter((match) => match.ingredient).length * 5 >= matches.length * 3) {
      return draftOfLookedUp({ title, ingredients: lines, instructions: null, other_lines: [] }, own);
    }
  }
  return undefined;
}

export const parseRecipeTextTool = defineTool({
  name: "recipe.parse_text",
  ...recipeParseTextDocs,
  effect: "read",
  inputSchema: z.strictObject({
    text: textField(
      recipeTextMaxLength,
      `Recipe text (title, ingredient lines, method), at most ${recipeTextMaxLength} characters.`,
    ),
  }),
  outputSchema: RecipeDraft,
  execute: (input, context) => recipeDraftFromText(input.text, context, "app.recipe_parse_text"),
});

export const recipeTools = [
  listRecipes,
  getRecipe,
  createRecipe,
  updateRecipe,
  deleteRecipe,
  restoreRecipe,
  revertRecipe,
  listRecipeRevisions,
  parseRecipeTextTool,
];
