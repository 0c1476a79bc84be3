// The reading copies of the recipe and week screens without a browser: memory storage, a clock the test moves.
import assert from "node:assert/strict";
import {
  MemoryCopyStorage,
  type RecipeSummary,
  searchStored,
  StoredCopies,
  type StoredRecipe,
} from "../../examples/web/src/offline/stored-copies.ts";
import { gotNoReply, readThrough } from "../../examples/web/src/offline/read-through.ts";

function recipe(id: string, instructions = "Stir."): StoredRecipe {
  return {
    id,
    title: `Recipe ${id}`,
    tags: [],
    rating: null,
    servings: 4,
    updated_at: "2026-11-28T10:00:00Z",
    instructions,
    notes: null,
    ingredients: [],
  } as unknown as StoredRecipe;
}

function summary(id: string, title: string, tags: string[] = [], rating: number | null = null): RecipeSummary {
  // Asserted: the list's entries gain fields (a photo) that these tests do not read.
  return {
    id,
    title,
    tags,
    rating,
    servings: 2,
    photo_path: null,
    updated_at: "2026-11-28T10:00:00Z",
  } as RecipeSummary;
}

function copiesAt(limits = {}) {
  let now = 1000;
  const storage = new MemoryCopyStorage();
  const copies = new StoredCopies(storage, { now: () => now, limits });
  return { copies, storage, tick: () => now += 1000 };
}

Deno.test("stored copies: past the count the recipe read longest ago is dropped, a re-read one is kept", async () => {
  const { copies, storage, tick } = copiesAt({ recipes: 3 });
  for (const id of ["a", "b", "c"]) {
    await copies.saveRecipe(recipe(id));
    tick();
  }
  await copies.saveRecipe(recipe("a")); // read again: now the newest
  tick();
  await copies.saveRecipe(recipe("d"));
  const kept = (await storage.all("recipe")).map((copy) => copy.key).sort();
  assert.deepEqual(kept, ["a", "c", "d"]);
  assert.equal((await copies.recipe("d"))?.savedAt, 5000);
  assert.equal(await copies.recipe("b"), undefined);
});

Deno.test("stored copies: past the bytes the oldest go, never the recipe just read even when it alone is over", async () => {
  const { copies, storage, tick } = copiesAt({ recipeBytes: 2000 });
  await copies.saveRecipe(recipe("small-1", "x".repeat(400)));
  tick();
  await copies.saveRecipe(recipe("small-2", "x".repeat(400)));
  tick();
  await copies.saveRecipe(recipe("big", "x".repeat(900)));
  assert.deepEqual((await storage.all("recipe")).map((copy) => copy.key).sort(), ["big", "small-2"]);
  tick();
  await copies.saveRecipe(recipe("huge", "x".repeat(3000)));
  assert.deepEqual((await storage.all("recipe")).map((copy) => copy.key), ["huge"]);
});

Deno.test("stored copies: weeks are bounded in count, the week looked at longest ago goes", async () => {
  const { copies, storage, tick } = copiesAt({ weeks: 2 });
  for (const monday of ["2030-03-04", "2030-03-11", "2030-03-18"]) {
    await copies.saveWeek(monday, []);
    tick();
  }
  assert.deepEqual((await storage.all("week")).map((copy) => copy.key).sort(), ["2030-03-11", "2030-03-18"]);
});

Deno.test("stored copies: a page merges into the recipe list, a complete read replaces it", async () => {
  const { copies } = copiesAt();
  await copies.saveRecipeIndex([summary("1", "Soup"), summary("2", "Chilli")], true);
  await copies.saveRecipeIndex([summary("3", "Bread"), summary("1", "Soup of the day")], false);
  assert.deepEqual((await copies.recipeIndex())?.data.map((entry) => entry.title), [
    "Bread",
    "Chilli",
    "Soup of the day",
  ]);
  await copies.saveRecipeIndex([summary("2", "Chilli")], true);
  assert.deepEqual((await copies.recipeIndex())?.data.map((entry) => entry.id), ["2"]);
});

Deno.test("stored copies: the kept list is searched by title, every tag and a least rating", () => {
  const list = [
    summary("1", "Lentil soup", ["quick", "vegetarian"], 4),
    summary("2", "Tomato soup", ["quick"], 2),
    summary("3", "Chilli", ["vegetarian"], 5),
  ];
  const ids = (found: RecipeSummary[]) => found.map((entry) => entry.id);
  assert.deepEqual(ids(searchStored(list, { query: "SOUP" })), ["1", "2"]);
  assert.deepEqual(ids(searchStored(list, { tags: ["quick", "Vegetarian"] })), ["1"]);
  assert.deepEqual(ids(searchStored(list, { min_rating: 4 })), ["1", "3"]);
  assert.deepEqual(ids(searchStored(list, {})), ["1", "2", "3"]);
});

Deno.test("read through: the server's answer is kept; with no reply the kept copy, with its time; a refusal is thrown", async () => {
  const { copies } = copiesAt();
  const noReply = Object.assign(new Error("recipe.get got no reply"), { status: 0, type: "UNAVAILABLE" });
  const refused = Object.assign(new Error("Recipe not found"), { status: 404, type: "NOT_FOUND" });
  const read = (answer: () => Promise<StoredRecipe>) =>
    readThrough(answer, (data) => copies.saveRecipe(data), () => copies.recipe("a"));

  await assert.rejects(read(() => Promise.reject(noReply)), noReply, "nothing kept yet: the failure as it was");
  const fresh = await read(() => Promise.resolve(recipe("a")));
  assert.equal(fresh.copyFrom, null);
  const offline = await read(() => Promise.reject(noReply));
  assert.deepEqual(offline, { data: recipe("a"), copyFrom: 1000 });
  await assert.rejects(read(() => Promise.reject(refused)), refused, "a refusal is the server's answer");
  assert.equal(gotNoReply({ status: null, type: "UNAVAILABLE" }), true);
  assert.equal(gotNoReply({ status: 503, type: "UNAVAILABLE" }), false);
});

Deno.test("read through: a store that never finishes keeping the copy does not hold back the server's answer", async () => {
  let saved = false;
  const stalled = () => new Promise<void>(() => {});
  const shown = await readThrough(() => Promise.resolve("answer"), stalled, () => Promise.resolve(undefined), 20);
  assert.deepEqual(shown, { data: "answer", copyFrom: null });
  const kept = await readThrough(
    () => Promise.resolve("answer"),
    async () => {
      await Promise.resolve();
      saved = true;
    },
    () => Promise.resolve(undefined),
    60_000,
  );
  assert.equal(kept.copyFrom, null);
  assert.equal(saved, true, "a store that answers is waited for, so the copy is kept before the answer is shown");
});
