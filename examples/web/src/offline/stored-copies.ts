// What the recipe and week screens keep for reading offline: the recipe list, each recipe read while online and
// each planner week looked at, as the server last sent them and when. Bounded: at most `limits.recipes` recipes
// and `limits.recipeBytes` bytes of them, and `limits.weeks` weeks; past a bound the copies read longest ago go
// first. The storage is injected: IndexedDB in the browser (stored-copies-browser.ts), memory in tests.
import type {
  PlannerListMealsOutput,
  RecipeGetOutput,
  RecipeListInput,
  RecipeListOutput,
} from "@meal-planner/client/tools-client.generated.ts";

export type StoredRecipe = RecipeGetOutput["recipe"];
export type RecipeSummary = RecipeListOutput["recipes"][number];
export type StoredMeal = PlannerListMealsOutput["meals"][number];

export type CopyKind = "recipe" | "recipe-index" | "week";

export interface Copy<Data = unknown> {
  /** A recipe's id, a week's Monday, or "all" for the recipe list. */
  key: string;
  data: Data;
  /** When the server sent it (ms since the epoch): the screens say "the copy from …". */
  savedAt: number;
  /** Its size as UTF-8 JSON, for the bound on bytes. */
  bytes: number;
}

export interface CopyStorage {
  get(kind: CopyKind, key: string): Promise<Copy | undefined>;
  put(kind: CopyKind, copy: Copy): Promise<void>;
  remove(kind: CopyKind, key: string): Promise<void>;
  all(kind: CopyKind): Promise<Copy[]>;
}

export interface CopyLimits {
  recipes: number;
  recipeBytes: number;
  weeks: number;
  /** Recipes in the stored recipe list (a household's list is read 100 at a time, as many pages as there are). */
  indexEntries: number;
}

export const defaultLimits: CopyLimits = { recipes: 50, recipeBytes: 2_000_000, weeks: 12, indexEntries: 2000 };

const indexKey = "all";

export class StoredCopies {
  private readonly limits: CopyLimits;
  constructor(
    private readonly storage: CopyStorage,
    private readonly options: { now?: () => number; limits?: Partial<CopyLimits> } = {},
  ) {
    this.limits = { ...defaultLimits, ...options.limits };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private copy<Data>(key: string, data: Data): Copy<Data> {
    return { key, data, savedAt: this.now(), bytes: new TextEncoder().encode(JSON.stringify(data)).length };
  }

  /** Keeps a recipe as read; drops the copies read longest ago past the bounds (never the one just kept). */
  async saveRecipe(recipe: StoredRecipe): Promise<void> {
    await this.storage.put("recipe", this.copy(recipe.id, recipe));
    await this.trim("recipe", recipe.id, this.limits.recipes, this.limits.recipeBytes);
  }

  async recipe(recipeId: string): Promise<Copy<StoredRecipe> | undefined> {
    return await this.storage.get("recipe", recipeId) as Copy<StoredRecipe> | undefined;
  }

  /** The ids of the recipes kept on this device (the ones that open offline). */
  async recipeIds(): Promise<Set<string>> {
    return new Set((await this.storage.all("recipe")).map((copy) => copy.key));
  }

  /**
   * Keeps the recipe list: `complete` (every page was read, no search) replaces the copy; a single page is merged
   * into it (a recipe deleted since stays until a complete read).
   */
  async saveRecipeIndex(recipes: RecipeSummary[], complete: boolean): Promise<void> {
    const merged = new Map<string, RecipeSummary>();
    if (!complete) {
      for (const recipe of (await this.recipeIndex())?.data ?? []) merged.set(recipe.id, recipe);
    }
    for (const recipe of recipes) merged.set(recipe.id, recipe);
    const sorted = [...merged.values()].sort((first, second) => first.title.localeCompare(second.title));
    await this.storage.put("recipe-index", this.copy(indexKey, sorted.slice(0, this.limits.indexEntries)));
  }

  async recipeIndex(): Promise<Copy<RecipeSummary[]> | undefined> {
    return await this.storage.get("recipe-index", indexKey) as Copy<RecipeSummary[]> | undefined;
  }

  /** Keeps a week's meals as `planner.list_meals` gave them, by its Monday. */
  async saveWeek(monday: string, meals: StoredMeal[]): Promise<void> {
    await this.storage.put("week", this.copy(monday, meals));
    await this.trim("week", monday, this.limits.weeks, Infinity);
  }

  async week(monday: string): Promise<Copy<StoredMeal[]> | undefined> {
    return await this.storage.get("week", monday) as Copy<StoredMeal[]> | undefined;
  }

  private async trim(kind: CopyKind, keep: string, count: number, bytes: number): Promise<void> {
    const copies = (await this.storage.all(kind)).sort((first, second) => first.savedAt - second.savedAt);
    let total = copies.reduce((sum, copy) => sum + copy.bytes, 0);
    let left = copies.length;
    for (const copy of copies) {
      if (left <= count && total <= bytes) break;
      if (copy.key === keep) continue;
      await this.storage.remove(kind, copy.key);
      left -= 1;
      total -= copy.bytes;
    }
  }
}

/** The stored recipe list searched as recipe.list would: title contains, every tag, a least rating. */
export function searchStored(recipes: RecipeSummary[], input: RecipeListInput): RecipeSummary[] {
  const query = input.query?.trim().toLowerCase();
  const tags = (input.tags ?? []).map((tag) => tag.toLowerCase());
  return recipes.filter((recipe) =>
    (!query || recipe.title.toLowerCase().includes(query)) &&
    tags.every((tag) => recipe.tags.some((own) => own.toLowerCase() === tag)) &&
    (input.min_rating === undefined || (recipe.rating ?? 0) >= input.min_rating)
  );
}

/** Memory storage: for tests, and where IndexedDB is missing (the copies then last as long as the page). */
export class MemoryCopyStorage implements CopyStorage {
  private readonly copies = new Map<string, Copy>();
  get(kind: CopyKind, key: string): Promise<Copy | undefined> {
    const copy = this.copies.get(`${kind}/${key}`);
    return Promise.resolve(copy && structuredClone(copy));
  }
  put(kind: CopyKind, copy: Copy): Promise<void> {
    this.copies.set(`${kind}/${copy.key}`, structuredClone(copy));
    return Promise.resolve();
  }
  remove(kind: CopyKind, key: string): Promise<void> {
    this.copies.delete(`${kind}/${key}`);
    return Promise.resolve();
  }
  all(kind: CopyKind): Promise<Copy[]> {
    return Promise.resolve(
      [...this.copies.entries()].filter(([name]) => name.startsWith(`${kind}/`)).map(([, copy]) =>
        structuredClone(copy)
      ),
    );
  }
}
