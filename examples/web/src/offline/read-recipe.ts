/// <reference lib="dom" />
// A recipe read through the copy kept on this device: the recipe screen, cook mode and a recipe opened from a
// planned meal (scaled in the page, scale.ts) read it the same way, so all of them open offline once it was read.
import { type Api, ApiError } from "../api.ts";
import { gotNoReply, type ReadResult, readThrough } from "./read-through.ts";
import type { StoredRecipe } from "./stored-copies.ts";
import { storedCopiesFor } from "./stored-copies-browser.ts";

export function readRecipe(
  api: Api,
  userId: string,
  householdId: string,
  recipeId: string,
): Promise<ReadResult<StoredRecipe>> {
  const copies = storedCopiesFor(userId, householdId);
  return readThrough(
    async () => (await api.tools().recipe.get({ recipe_id: recipeId })).recipe,
    (recipe) => copies.saveRecipe(recipe),
    () => copies.recipe(recipeId),
  ).catch((error) => {
    if (!gotNoReply(error)) throw error;
    throw new ApiError(
      "OFFLINE",
      "You are offline, and this recipe was not opened on this device before: it opens once you are back online.",
      null,
    );
  });
}
