/// <reference lib="dom" />
// A collection file from another app, read by recipe.import_file page by page: the file goes as a data: URL (its
// bytes in base64), once per page with the previous page's cursor. The photos' bytes are dropped as soon as a page
// arrives, and each draft keeps the cursor of its page instead: its photo is read again from that page once the recipe
// is saved (collection-photos.ts), so the browser never holds more than one page's photos (12 MiB at most) however
// large the collection.
import type { RecipeImportFileOutput } from "@meal-planner/client/tools-client.generated.ts";
import type { Api } from "../../api.ts";

/** The extensions of the files recipe.import_file reads, for the file picker. */
export const collectionFileTypes = ".paprikarecipes,.paprikarecipe,.zip,.json,.jsonld,.cook";
export const maxCollectionFileBytes = 24 * 1024 * 1024;

type PageDraft = RecipeImportFileOutput["recipes"][number];

export type ImportedDraft = Omit<PageDraft, "photo"> & {
  /** Whether the file had a photo for it (its bytes are not kept). */
  hasPhoto: boolean;
  /** The cursor its page was read with (null for the first page), to read its photo again. */
  pageCursor: string | null;
};

export type ImportedPhoto = NonNullable<PageDraft["photo"]>;

export interface ReadCollection {
  format: RecipeImportFileOutput["format"] | "";
  total: number;
  drafts: ImportedDraft[];
  failures: RecipeImportFileOutput["failures"];
}

/** The names people know the formats by. */
export const formatNames: Record<RecipeImportFileOutput["format"], string> = {
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
  api: Api,
  file: File,
  onPage: (read: number, total: number) => void,
): Promise<ReadCollection> {
  const data = await fileAsDataUrl(file);
  const collection: ReadCollection = { format: "", total: 0, drafts: [], failures: [] };
  let cursor: string | null = null;
  do {
    const page: RecipeImportFileOutput = await api.tools().recipe.importFile({
      file_name: file.name,
      data_base64: data,
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    collection.format = page.format;
    collection.total = page.total;
    const pageCursor = cursor;
    collection.drafts.push(
      ...page.recipes.map(({ photo, ...draft }) => ({ ...draft, hasPhoto: photo !== null, pageCursor })),
    );
    collection.failures.push(...page.failures);
    onPage(collection.drafts.length + collection.failures.length, page.total);
    cursor = page.next_cursor;
  } while (cursor);
  return collection;
}

/** The photos of one page of the file, by the identity of their recipe. */
export async function readPagePhotos(
  api: Api,
  file: File,
  pageCursor: string | null,
): Promise<Map<string, ImportedPhoto>> {
  const page: RecipeImportFileOutput = await api.tools().recipe.importFile({
    file_name: file.name,
    data_base64: await fileAsDataUrl(file),
    limit: 100,
    ...(pageCursor ? { cursor: pageCursor } : {}),
  });
  return new Map(page.recipes.flatMap((draft) => draft.photo ? [[draft.source.identity, draft.photo]] : []));
}
