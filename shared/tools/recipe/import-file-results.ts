// recipe.import_file's input and reply: the contract the app's import screen and the bulk save build on.
import * as z from "zod";
import { nextCursor, textField } from "../fields.ts";
import { collectionLimits, importFileBodyBytes } from "../../recipe-collections/collection-limits.ts";
import { RecipeDraft } from "./results.ts";

/** The formats told apart, from the content of the file. */
export const collectionFormats = [
  "paprika",
  "mealie",
  "tandoor",
  "nextcloud",
  "recipesage",
  "json-ld",
  "cooklang",
] as const;
export type CollectionFormat = (typeof collectionFormats)[number];

export const photoMediaTypes = ["image/jpeg", "image/png", "image/webp"] as const;

export const maxFileBase64Characters = Math.ceil(collectionLimits.maxFileBytes / 3) * 4;

export const RecipeImportFileInput = z.strictObject({
  file_name: textField(
    255,
    'The file\'s name as the person has it ("My Recipes.paprikarecipes"): a hint only, the format is told from its ' +
      "content.",
  ),
  data_base64: z.string()
    .min(1, { error: "must not be empty" })
    // Bounded as the request body is: a longer file cannot arrive, and one between the two is refused once decoded
    // (413, naming the file's limit) rather than here (400).
    .max(importFileBodyBytes, {
      error: `must be at most ${collectionLimits.maxFileBytes} bytes (base64: ${maxFileBase64Characters} characters)`,
    })
    .describe(
      `The file's bytes as base64 (standard alphabet; a data: URL prefix is allowed), at most ` +
        `${collectionLimits.maxFileBytes} bytes: a Paprika export (.paprikarecipes or .paprikarecipe), a Mealie, ` +
        "Tandoor or Nextcloud Cookbook export zip, a RecipeSage or schema.org JSON-LD file, or Cooklang (.cook, " +
        "alone or zipped).",
    ),
  limit: z.number().int().min(1).max(collectionLimits.maxPageSize).default(collectionLimits.defaultPageSize)
    .describe(
      `Recipes per page, 1–${collectionLimits.maxPageSize}; ${collectionLimits.defaultPageSize} when absent. A ` +
        `page also ends early once its photos reach ${collectionLimits.maxPagePhotoBytes} bytes, or before the ` +
        "recipe that would make it fetch more than 10 photos given as addresses.",
    ),
  cursor: textField(500, "The next_cursor of the previous page, sent with the same file; absent for the first page.")
    .optional(),
});
export type RecipeImportFileInput = z.output<typeof RecipeImportFileInput>;

/** A recipe's photo as the file holds it, its type told from its bytes. */
export const ImportedPhoto = z.strictObject({
  media_type: z.enum(photoMediaTypes),
  byte_size: z.int().positive(),
  data_base64: z.string(),
});
export type ImportedPhoto = z.infer<typeof ImportedPhoto>;

export const ImportedRecipeDraft = z.strictObject({
  /** recipe.create's input: recipe.parse_text's draft, and what the file says of servings, tags and notes. */
  draft: z.strictObject({
    ...RecipeDraft.shape.draft.shape,
    servings: z.int().min(1).max(100).optional(),
    tags: z.array(z.string()).optional(),
    notes: z.string().optional(),
  }),
  ready: RecipeDraft.shape.ready,
  lines: RecipeDraft.shape.lines,
  other_lines: RecipeDraft.shape.other_lines,
  source: z.strictObject({
    /** Where in the file the recipe is ("Pancakes.paprikarecipe", "recipes/pancakes/pancakes.json", "[3]"). */
    entry: z.string(),
    /**
     * Stable across exports of the same recipe: the app's own id ("paprika:<uid>", "mealie:<id>",
     * "tandoor:<id>", "nextcloud:<id>", "recipesage:<id>"), else "sha256:<hex>" of the recipe's normalised content
     * (title, lines, method, servings, tags; case and spacing folded).
     */
    identity: z.string(),
    /** The web page the recipe came from, as the file gives it; null when it gives none. */
    url: z.string().nullable(),
  }),
  photo: ImportedPhoto.nullable(),
  /** What was read other than as the file says it ("the photo is over 4194304 bytes and was left out"). */
  warnings: z.array(z.string()),
});
export type ImportedRecipeDraft = z.infer<typeof ImportedRecipeDraft>;

export const RecipeImportFileResult = z.strictObject({
  format: z.enum(collectionFormats),
  /** Recipes in the whole file (drafts and failures of every page). */
  total: z.int().nonnegative(),
  /** This page's drafts, in the file's order. */
  recipes: z.array(ImportedRecipeDraft),
  /** This page's entries that hold a recipe that could not be read, and why, in a sentence. */
  failures: z.array(z.strictObject({ entry: z.string(), reason: z.string() })),
  next_cursor: nextCursor,
});
export type RecipeImportFileResult = z.infer<typeof RecipeImportFileResult>;
