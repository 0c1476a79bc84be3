/// <reference lib="dom" />
// Search and list the household's recipes: title text, tags (all of them) and a least rating; a page at a time.
// Every page read is kept on this device; offline (a read with no reply) the kept list is shown and searched.
import { useEffect, useState } from "preact/hooks";
import type { RecipeListInput, RecipeListOutput } from "@meal-planner/client/tools-client.generated.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import { OfflineNote } from "../../offline/offline-note.tsx";
import { readThrough } from "../../offline/read-through.ts";
import { searchStored } from "../../offline/stored-copies.ts";
import { storedCopiesFor } from "../../offline/stored-copies-browser.ts";
import { formatServes } from "@meal-planner/client/amounts.ts";
import { routeHash } from "../../routes.ts";
import { usePhotoUrls } from "./recipe-thumbnails.ts";
import { Stars } from "./stars.tsx";

type Recipe = RecipeListOutput["recipes"][number];

export function RecipeList() {
  const { api, session, household } = useApp();
  const [query, setQuery] = useState("");
  const [tags, setTags] = useState("");
  const [minRating, setMinRating] = useState("");
  const [recipes, setRecipes] = useState<Recipe[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [filters, setFilters] = useState<RecipeListInput>({});
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  // Offline: the recipes kept on this device, which open; the others say they open once online.
  const [kept, setKept] = useState<Set<string> | null>(null);
  const load = useAction();
  const thumbnails = usePhotoUrls(recipes?.map((recipe) => recipe.photo_path) ?? []);

  async function fetchPage(input: RecipeListInput, cursor?: string) {
    const copies = storedCopiesFor(session.user.id, household.id);
    const searched = Object.keys(input).length > 0;
    const result = await load.run(() =>
      readThrough(
        () => api.tools().recipe.list({ ...input, limit: 20, ...(cursor ? { cursor } : {}) }),
        // A search's results are a part of the list: only the unsearched pages are kept.
        (page) => searched ? Promise.resolve() : copies.saveRecipeIndex(page.recipes, !cursor && !page.next_cursor),
        async () => {
          const stored = await copies.recipeIndex();
          return stored && { ...stored, data: { recipes: searchStored(stored.data, input), next_cursor: null } };
        },
      )
    );
    if (!result) return;
    const page = result.data;
    setRecipes((current) =>
      cursor && current && result.copyFrom === null ? [...current, ...page.recipes] : page.recipes
    );
    setNextCursor(page.next_cursor);
    setCopyFrom(result.copyFrom);
    setKept(result.copyFrom === null ? null : await copies.recipeIds().catch(() => new Set<string>()));
  }

  useEffect(() => {
    fetchPage({});
  }, []);

  function search(event: Event) {
    event.preventDefault();
    const tagList = tags.split(",").map((tag) => tag.trim()).filter(Boolean);
    const input: RecipeListInput = {
      ...(query.trim() ? { query: query.trim() } : {}),
      ...(tagList.length ? { tags: tagList } : {}),
      ...(minRating ? { min_rating: Number(minRating) } : {}),
    };
    setFilters(input);
    fetchPage(input);
  }

  return (
    <section aria-labelledby="recipes-heading" class="recipes">
      <div class="screen-heading">
        <h1 id="recipes-heading">Recipes</h1>
        <div class="heading-actions">
          <a class="button" href={routeHash({ screen: "recipes", mode: "new" })}>New recipe</a>
          <a class="button secondary" href={routeHash({ screen: "recipes", mode: "import" })}>Import a recipe</a>
        </div>
      </div>
      <form class="recipe-search" role="search" onSubmit={search}>
        <label>
          <span>Title contains</span>
          <input type="search" value={query} onInput={(event) => setQuery(event.currentTarget.value)} />
        </label>
        <label>
          <span>Tags</span>
          <input
            value={tags}
            placeholder="e.g. quick, vegetarian"
            onInput={(event) => setTags(event.currentTarget.value)}
          />
        </label>
        <label>
          <span>Rated at least</span>
          <select value={minRating} onChange={(event) => setMinRating(event.currentTarget.value)}>
            <option value="">Any rating</option>
            {[1, 2, 3, 4, 5].map((stars) => <option key={stars} value={String(stars)}>{stars} of 5</option>)}
          </select>
        </label>
        <button type="submit" disabled={load.busy}>Search</button>
      </form>
      <OfflineNote
        copyFrom={copyFrom}
        what="the recipe list"
        more="Recipes you opened while online open from this device too."
        onOnline={() => fetchPage(filters)}
      />
      <ErrorMessage error={load.error} />
      {recipes === null
        ? <p class="loading">Loading recipes…</p>
        : recipes.length === 0
        ? <p class="hint">No recipes {Object.keys(filters).length ? "match the search" : "yet: add or import one"}.</p>
        : (
          <ul class="recipe-cards" aria-label="Recipes found">
            {recipes.map((recipe) => (
              <li key={recipe.id} class={recipe.photo_path ? "recipe-card with-photo" : "recipe-card"}>
                {recipe.photo_path && thumbnails.get(recipe.photo_path)
                  ? <img class="recipe-thumb" src={thumbnails.get(recipe.photo_path)} alt="" />
                  : null}
                <a href={routeHash({ screen: "recipes", recipeId: recipe.id })}>{recipe.title}</a>
                {kept ? <span class="hint">{kept.has(recipe.id) ? "On this device" : "Opens once online"}</span> : null}
                <span class="recipe-meta">
                  {recipe.servings ? <span>{formatServes(recipe.servings)}</span> : null}
                  <Stars rating={recipe.rating} />
                </span>
                {recipe.tags.length
                  ? <span class="tags">{recipe.tags.map((tag) => <span class="tag" key={tag}>{tag}</span>)}</span>
                  : null}
              </li>
            ))}
          </ul>
        )}
      {nextCursor
        ? (
          <button type="button" class="secondary" disabled={load.busy} onClick={() => fetchPage(filters, nextCursor)}>
            More recipes
          </button>
        )
        : null}
    </section>
  );
}
