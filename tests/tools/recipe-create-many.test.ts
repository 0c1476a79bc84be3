// recipe.create_many over HTTP: a collection saved once, found again by source identity on a second import
// (skipped or updated with a revision), each recipe all or nothing, households apart, retries answered once.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { lastWrite } from "../support/history.ts";
import { householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "create-many");
const aliceHousehold = await householdOf(sql, alice);
const bobHousehold = await householdOf(sql, bob);

let counter = 0;
/** A recipe as an import's ready draft gives it, with a source identity of its own for this run. */
function imported(title: string, extra: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title,
    source_identity: `test:${crypto.randomUUID()}:${counter}`,
    ingredients: [{ name: "eggs", quantity: 2, unit: "whole" }, { name: "salt", quantity: null, unit: null }],
    instructions: "Whisk and cook.",
    ...extra,
  };
}

async function recipeRows(householdId: string, identities: string[]) {
  return await sql<{ id: string; title: string; source_identity: string; deleted_at: Date | null }[]>`
    select id, title, source_identity, deleted_at from public.recipes
    where household_id = ${householdId} and source_identity = any(${identities})
    order by title`;
}

Deno.test("a collection is saved once; the same file again skips every recipe and doubles nothing", async () => {
  const recipes = [imported("Omelette"), imported("Frittata"), imported("Scrambled eggs")];
  const first = await callToolOk(alice, "recipe.create_many", { recipes });
  assert.deepEqual(first.results.map((result) => [result.index, result.status]), [
    [0, "created"],
    [1, "created"],
    [2, "created"],
  ]);
  assert.deepEqual(first.summary, { created: 3, updated: 0, restored: 0, skipped: 0, refused: 0 });
  assert.equal(first.message, "Saved 3 recipes (3 new).");
  const identities = recipes.map((recipe) => recipe.source_identity);
  assert.equal((await recipeRows(aliceHousehold, identities)).length, 3);

  const second = await callToolOk(alice, "recipe.create_many", { recipes, on_existing: "skip" });
  assert.deepEqual(second.results.map((result) => result.status), ["skipped", "skipped", "skipped"]);
  assert.deepEqual(second.results.map((result) => result.recipe_id), first.results.map((result) => result.recipe_id));
  assert.match(second.results[0].message, /Already saved as "Omelette"/);
  assert.equal(second.message, "Saved no recipe; 3 skipped, already saved.");
  assert.equal((await recipeRows(aliceHousehold, identities)).length, 3);

  // The created recipes are what recipe.get reads, lines included.
  const omelette = await callToolOk(alice, "recipe.get", { recipe_id: first.results[0].recipe_id });
  assert.deepEqual(omelette.recipe.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit]), [
    ["eggs", 2, "whole"],
    ["salt", null, null],
  ]);
});

Deno.test("a retry with the same Idempotency-Key answers the first reply and saves nothing again", async () => {
  const recipes = [imported("Retry pancakes")];
  const key = `create-many-${crypto.randomUUID()}`;
  const first = await callTool(alice, "recipe.create_many", { recipes }, { idempotencyKey: key });
  assert.equal(first.status, 200);
  const retry = await callTool(alice, "recipe.create_many", { recipes }, { idempotencyKey: key });
  assert.equal(retry.status, 200);
  assert.equal(retry.headers.get("idempotent-replayed"), "true");
  assert.deepEqual(retry.body.data, first.body.data);
  assert.equal(retry.body.data!.results[0].status, "created");
  assert.equal((await recipeRows(aliceHousehold, [recipes[0].source_identity])).length, 1);

  const otherInput = await callTool(alice, "recipe.create_many", { recipes, on_existing: "update" }, {
    idempotencyKey: key,
  });
  assert.equal(otherInput.status, 422);
  assert.equal(otherInput.body.error!.type, "IDEMPOTENCY_MISMATCH");
});

Deno.test("on_existing update changes the saved recipe in place with a revision; unchanged makes none", async () => {
  const soup = imported("Tomato soup", { servings: 2 });
  const first = await callToolOk(alice, "recipe.create_many", { recipes: [soup] });
  const recipeId = first.results[0].recipe_id!;

  const same = await callToolOk(alice, "recipe.create_many", { recipes: [soup], on_existing: "update" });
  assert.equal(same.results[0].status, "skipped");
  assert.match(same.results[0].message, /changes nothing/);
  assert.equal((await callToolOk(alice, "recipe.list_revisions", { recipe_id: recipeId })).revisions.length, 0);

  const changed = { ...soup, title: "Roast tomato soup", servings: 4 };
  const updated = await callToolOk(alice, "recipe.create_many", { recipes: [changed], on_existing: "update" });
  assert.equal(updated.results[0].status, "updated");
  assert.equal(updated.results[0].recipe_id, recipeId);
  assert.equal(updated.results[0].revision, 1);
  assert.equal(updated.message, "Saved 1 recipe (1 updated).");
  const now = await callToolOk(alice, "recipe.get", { recipe_id: recipeId });
  assert.equal(now.recipe.title, "Roast tomato soup");
  assert.equal(now.recipe.servings, 4);
  const revisions = await callToolOk(alice, "recipe.list_revisions", { recipe_id: recipeId });
  assert.deepEqual(revisions.revisions.map((revision) => [revision.revision, revision.recipe.title]), [
    [1, "Tomato soup"],
  ]);
  assert.equal((await recipeRows(aliceHousehold, [soup.source_identity])).length, 1);
});

Deno.test("one refused recipe leaves the others of the batch saved, and says why in words", async () => {
  const good = imported("Good bread");
  const bad = imported("Bad stew", { ingredients: [{ name: "unobtainium flakes", quantity: 1, unit: "cup" }] });
  const after = imported("Good cake");
  const reply = await callToolOk(alice, "recipe.create_many", { recipes: [good, bad, after] });
  assert.deepEqual(reply.results.map((result) => result.status), ["created", "refused", "created"]);
  assert.equal(reply.results[1].recipe_id, null);
  assert.equal(reply.results[1].field, "ingredients");
  assert.match(reply.results[1].message, /unknown ingredients: "unobtainium flakes"/);
  assert.equal(reply.message, "Saved 2 recipes (2 new); 1 refused.");
  const rows = await recipeRows(aliceHousehold, [good.source_identity, bad.source_identity, after.source_identity]);
  assert.deepEqual(rows.map((row) => row.title), ["Good bread", "Good cake"]);
  const [lines] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.recipe_ingredients x
    join public.recipes r on r.id = x.recipe_id where r.household_id = ${aliceHousehold}
      and r.source_identity = ${bad.source_identity}`;
  assert.equal(lines.count, 0);
  // One call, one history entry, in words.
  const entry = await lastWrite(alice, { tool: "recipe.create_many" });
  assert.match(entry.summary, /Save 3 recipes from a collection/);
});

Deno.test("another household's recipe with the same source identity neither collides nor shows", async () => {
  const shared = imported("Shared shortbread");
  const alices = await callToolOk(alice, "recipe.create_many", { recipes: [shared] });
  const bobs = await callToolOk(bob, "recipe.create_many", { recipes: [shared] });
  assert.equal(bobs.results[0].status, "created");
  assert.notEqual(bobs.results[0].recipe_id, alices.results[0].recipe_id);
  assert.equal((await recipeRows(bobHousehold, [shared.source_identity])).length, 1);
  assert.equal((await recipeRows(aliceHousehold, [shared.source_identity])).length, 1);
  // Bob's update touches Bob's recipe only.
  const update = await callToolOk(bob, "recipe.create_many", {
    recipes: [{ ...shared, title: "Bob's shortbread" }],
    on_existing: "update",
  });
  assert.equal(update.results[0].recipe_id, bobs.results[0].recipe_id);
  const alicesNow = await callToolOk(alice, "recipe.get", { recipe_id: alices.results[0].recipe_id });
  assert.equal(alicesNow.recipe.title, "Shared shortbread");
});

Deno.test("a deleted recipe from the same source is brought back with the file's content, not doubled", async () => {
  const tart = imported("Lemon tart");
  const first = await callToolOk(alice, "recipe.create_many", { recipes: [tart] });
  const recipeId = first.results[0].recipe_id!;
  await callToolOk(alice, "recipe.delete", { recipe_id: recipeId });
  const again = await callToolOk(alice, "recipe.create_many", { recipes: [{ ...tart, title: "Lemon tart (new)" }] });
  assert.equal(again.results[0].status, "restored");
  assert.equal(again.results[0].recipe_id, recipeId);
  const rows = await recipeRows(aliceHousehold, [tart.source_identity]);
  assert.deepEqual(rows.map((row) => [row.title, row.deleted_at]), [["Lemon tart (new)", null]]);
});

Deno.test("two recipes of one call with the same source identity: the first saved, the second finds it", async () => {
  const twin = imported("Twin muffins");
  const reply = await callToolOk(alice, "recipe.create_many", { recipes: [twin, twin] });
  assert.deepEqual(reply.results.map((result) => result.status), ["created", "skipped"]);
  assert.equal(reply.results[1].recipe_id, reply.results[0].recipe_id);
});

Deno.test("limits: 1 to 50 recipes, each as recipe.create bounds it; a bad one refuses the call and saves nothing", async () => {
  const tooMany = Array.from({ length: 51 }, (_, index) => imported(`Many ${index}`));
  const over = await callTool(alice, "recipe.create_many", { recipes: tooMany });
  assert.equal(over.status, 400);
  assert.equal(over.body.error!.type, "VALIDATION_ERROR");
  assert.equal(over.body.error!.field, "recipes");
  assert.equal((await recipeRows(aliceHousehold, tooMany.map((recipe) => recipe.source_identity))).length, 0);

  const none = await callTool(alice, "recipe.create_many", { recipes: [] });
  assert.equal(none.status, 400);

  const valid = imported("Valid one");
  const invalid = imported("Invalid one", { ingredients: [{ name: "eggs", quantity: 2, unit: null }] });
  const mixed = await callTool(alice, "recipe.create_many", { recipes: [valid, invalid] });
  assert.equal(mixed.status, 400);
  assert.equal(mixed.body.error!.field, "recipes[1].ingredients[0].unit");
  assert.equal((await recipeRows(aliceHousehold, [valid.source_identity])).length, 0);

  const longIdentity = await callTool(alice, "recipe.create_many", {
    recipes: [{ ...imported("Long"), source_identity: "x".repeat(257) }],
  });
  assert.equal(longIdentity.status, 400);
  assert.equal(longIdentity.body.error!.field, "recipes[0].source_identity");
  const unknownKey = await callTool(alice, "recipe.create_many", { recipes: [{ ...imported("Odd"), photo: "x" }] });
  assert.equal(unknownKey.status, 400);

  const fifty = Array.from({ length: 50 }, (_, index) => imported(`Batch ${index}`));
  const full = await callToolOk(alice, "recipe.create_many", { recipes: fifty });
  assert.equal(full.summary.created, 50);
});

Deno.test("history.undo takes back what the call saved; undoing the undo saves it again", async () => {
  const pie = imported("Undo pie");
  const kept = await callToolOk(alice, "recipe.create_many", { recipes: [imported("Undo base")] });
  const updatedSource = { ...imported("Undo quiche"), source_identity: `test:${crypto.randomUUID()}` };
  await callToolOk(alice, "recipe.create_many", { recipes: [updatedSource] });
  const reply = await callToolOk(alice, "recipe.create_many", {
    recipes: [pie, { ...updatedSource, title: "Undo quiche, better" }],
    on_existing: "update",
  });
  assert.deepEqual(reply.results.map((result) => result.status), ["created", "updated"]);
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.undone_tool, "recipe.create_many");
  assert.match(undone.message, /Took back what the import saved: 2 recipes/);
  const rows = await recipeRows(aliceHousehold, [pie.source_identity, updatedSource.source_identity]);
  assert.deepEqual(rows.map((row) => [row.title, row.deleted_at === null]), [
    ["Undo pie", false],
    ["Undo quiche", true],
  ]);
  const undoId = (await lastWrite(alice, { tool: "history.undo" })).invocation_id;
  await callToolOk(alice, "history.undo", { invocation_id: undoId });
  const redone = await recipeRows(aliceHousehold, [pie.source_identity, updatedSource.source_identity]);
  assert.deepEqual(redone.map((row) => [row.title, row.deleted_at === null]), [
    ["Undo pie", true],
    ["Undo quiche, better", true],
  ]);
  assert.equal(kept.results[0].status, "created");
});

Deno.test("two imports of the same file at once save each recipe once", async () => {
  const recipes = [imported("Race one"), imported("Race two"), imported("Race three")];
  const replies = await Promise.all([
    callToolOk(alice, "recipe.create_many", { recipes }),
    callToolOk(alice, "recipe.create_many", { recipes }),
  ]);
  const statuses = replies.flatMap((reply) => reply.results.map((result) => result.status)).sort();
  assert.deepEqual(statuses, ["created", "created", "created", "skipped", "skipped", "skipped"]);
  assert.equal((await recipeRows(aliceHousehold, recipes.map((recipe) => recipe.source_identity))).length, 3);
});

Deno.test("at the household's cap the recipes past it are refused in words, the ones before it saved", async () => {
  const { alice: carol } = await twoHouseholds(sql, "create-many-cap");
  const household = await householdOf(sql, carol);
  await sql`insert into public.recipes (household_id, title)
    select ${household}, 'Filler ' || n from generate_series(1, 1999) n`;
  const reply = await callToolOk(carol, "recipe.create_many", { recipes: [imported("Last one"), imported("Over")] });
  assert.deepEqual(reply.results.map((result) => result.status), ["created", "refused"]);
  assert.match(reply.results[1].message, /a household holds at most 2000 recipes/);
  assert.equal(reply.message, "Saved 1 recipe (1 new); 1 refused.");
});

Deno.test("cleanup", async () => {
  await sql.end();
});
