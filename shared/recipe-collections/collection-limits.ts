// The bounds on a collection file, each checked before the work it bounds: the file's bytes before they are
// decoded, an archive's entries and their declared sizes before anything is inflated, and every inflation stopped
// as soon as it passes what it may produce (never inflated first and checked after).

const mebibyte = 1024 * 1024;

export const collectionLimits = {
  /** The file itself, as the person has it. */
  maxFileBytes: 24 * mebibyte,
  /** Entries in one archive (a Nextcloud Cookbook export has 4 per recipe: recipe.json and three images). */
  maxEntries: 10_000,
  /** What one entry may inflate to. */
  maxEntryBytes: 16 * mebibyte,
  /** What every entry of the file together may inflate to, inner archives' entries included. */
  maxTotalBytes: 256 * mebibyte,
  /** Archives within archives: Tandoor's export is a zip of zips (2); a zip in a zip in a zip is refused. */
  maxDepth: 2,
  /** Recipes in one file: as many as a household may keep. */
  maxRecipes: 2_000,
  /** A recipe's photo; a larger one is left out of its draft with a warning. */
  maxPhotoBytes: 4 * mebibyte,
  /** The photos of one page of drafts together: a page ends early rather than pass it. */
  maxPagePhotoBytes: 12 * mebibyte,
  /** Drafts per page: the default and the most a call may ask for. */
  defaultPageSize: 100,
  maxPageSize: 100,
} as const;

/** The base64 text of the largest file, and room for the JSON around it: the recipe.import_file body limit. */
export const importFileBodyBytes = Math.ceil(collectionLimits.maxFileBytes / 3) * 4 + 64 * 1024;
