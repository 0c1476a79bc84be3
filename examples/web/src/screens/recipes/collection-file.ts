/// <reference lib="dom" />
// A collection file from another app, read by recipe.import_file page by page: the file goes as a data: URL (its
// bytes in base64), once per page with the previous page's cursor. The reply's shape is recipe.import_file's
// (shared/tools/recipe/import-file-results.ts), written out here in plain types so that the screen does not wait on
// the generated client; the photos' bytes are dropped as soon as a page arrives (the save does not send them).
import { callTool, type FunctionsHost } from "@meal-planner/client/call-tool.ts";
import type { RecipeParseTextOutput } from "@meal-planner/client/tools-client.generated.ts";

/** The extensions of the files recipe.import_file reads, for the file picker. */
export const collectionFileTypes = ".paprikarecipes,.paprikarecipe,.zip,.json,.jsonld,.cook";
export const maxCollectionFileBytes = 24 * 1024 * 1024;

export interface ImportedDraft {
  draft: RecipeParseTextOutput["draft"] & { servings?: number; tags?: string[]; notes?: string };
  ready: boolean;
  lines: RecipeParseTextOutput["lines"];
  other_lines: string[];
  source: { entry: string; identity: string; url: string | null };
  /** Whether the file had a photo for it (its bytes are not kept). */
  hasPhoto: boolean;
  warnings: string[];
}

interface ImportFilePage {
  format: string;
  total: number;
  recipes: (Omit<ImportedDraft, "hasPhoto"> & { photo: unknown | null })[];
  failures: { entry: string; reason: string }[];
  next_cursor: string | null;
}

export interface ReadCollection {
  format: string;
  total: number;
  drafts: ImportedDraft[];
  failures: { entry: string; reason: string }[];
}

/** The names people know the formats by. */
export const formatNames: Record<string, string> = {
  paprika: "Paprika",
  mealie: "Mealie",
  tandoor: "Tandoor",
  nextcloud: "Nextcloud Cookbook",
  recipesage: "RecipeSage",
  "json-ld": "schema.org JSON-LD",
  cooklang: "Cooklang",
};

export function fileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(file);
  });
}

/** Every page of the file's drafts, `onPage` told how many of the total have been read after each. */
export async function readCollection(
  host: FunctionsHost,
  householdId: string | undefined,
  file: File,
  onPage: (read: number, total: number) => void,
): Promise<ReadCollection> {
  const data = await fileAsDataUrl(file);
  const collection: ReadCollection = { format: "", total: 0, drafts: [], failures: [] };
  let cursor: string | null = null;
  do {
    const page: ImportFilePage = await callTool<ImportFilePage>(host, "recipe.import_file", {
      file_name: file.name,
      data_base64: data,
      limit: 100,
      ...(cursor ? { cursor } : {}),
    }, { householdId });
    collection.format = page.format;
    collection.total = page.total;
    collection.drafts.push(...page.recipes.map(({ photo, ...draft }) => ({ ...draft, hasPhoto: photo !== null })));
    collection.failures.push(...page.failures);
    onPage(collection.drafts.length + collection.failures.length, page.total);
    cursor = page.next_cursor;
  } while (cursor);
  return collection;
}
