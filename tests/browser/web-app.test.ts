// The household web app (examples/web) in a real Chromium against the test stack: what a user sees and does.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { listLines } from "../support/grocery.ts";
import { catalogIngredient, householdOf } from "../support/households.ts";
import { adminSql, createTestUser, functionsUrl, stackEnv } from "../support/stack.ts";
import { callToolOk } from "../support/tools-client.ts";
import { browserTest, idle } from "./browser.ts";

const sql = adminSql();
const user = await createTestUser(sql, "browser");
const householdId = await householdOf(sql, user);
const [beef, onion, avocado] = await Promise.all(
  ["ground beef", "onion", "avocado"].map((name) => catalogIngredient(sql, name)),
);
const { recipe_id: tacosId } = await callToolOk(user, "recipe.create", {
  title: "Tacos",
  ingredients: [
    { ingredient_id: beef, quantity: 1, unit: "lb" },
    { ingredient_id: onion, quantity: 1, unit: "whole", prep_state: "diced" },
    { ingredient_id: avocado, quantity: 2, unit: "whole" },
  ],
});
await callToolOk(user, "planner.add_meal", { recipe_id: tacosId, date: "2026-11-25", meal_type: "dinner" });
const { grocery_list_id: listId } = await callToolOk(user, "grocery.create_list", { name: "Weekly shop" });
await callToolOk(user, "grocery.add_item", {
  grocery_list_id: listId,
  ingredient_id: beef,
  quantity: 0.5,
  unit: "lb",
});

/**
 * A write the assistant proposed, waiting in the database as the assistant stores it: with its describer's sentence,
 * or without one (proposed before actions carried it).
 */
async function pendingAction(tool: string, input: Record<string, unknown>, summary?: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.pending_actions (household_id, tool, input, summary, created_by)
    values (${householdId}, ${tool}, ${JSON.stringify(input)}::text::jsonb, ${summary ?? null}, ${user.id})
    returning id`;
  return row.id;
}
const planLunch = await pendingAction("planner.add_meal", {
  recipe_id: tacosId,
  date: "2026-11-27",
  meal_type: "lunch",
}, "Plan Tacos for lunch on Friday 27 November");
const partyList = await pendingAction("grocery.create_list", { name: "Party" });
await sql.end();

async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allTextContents()).map((text) => text.replace(/\s+/g, " ").trim());
}

async function actionStatus(id: string): Promise<string> {
  const sql = adminSql();
  try {
    const [row] = await sql<{ status: string }[]>`select status from public.pending_actions where id = ${id}`;
    return row.status;
  } finally {
    await sql.end();
  }
}

async function linesOf(id: string): Promise<string[]> {
  const sql = adminSql();
  try {
    return await listLines(sql, id);
  } finally {
    await sql.end();
  }
}

browserTest("the web app shows the week and the list, pushes a recipe, checks an item off", async (run) => {
  const { page } = run;
  await page.goto(`${run.appUrl}?token=${user.token}&date=2026-11-25`);
  await idle(page);
  assert.equal(await page.locator("#error").isHidden(), true, await page.locator("#error").textContent() ?? "");
  assert.equal(new URL(page.url()).searchParams.has("token"), false, "the token is dropped from the address");
  assert.match(await page.locator("#signed-in").textContent() ?? "", new RegExp(`Signed in as ${user.email}`));

  assert.equal(await page.locator("#week-range").textContent(), "Mon 23 Nov – Sun 29 Nov");
  assert.equal((await texts(page, "#meals > li")).length, 7);
  assert.deepEqual(await texts(page, '#meals > li[data-date="2026-11-25"] .meal'), ["dinner Tacos"]);
  assert.deepEqual(await texts(page, '#meals > li[data-date="2026-11-24"]'), ["Tue 24 Nov nothing planned"]);

  assert.deepEqual(await texts(page, "#list-choice option:checked"), ["Weekly shop"]);
  assert.deepEqual(await texts(page, "#items li"), ["ground beef 0.5 lb"]);
  assert.deepEqual(await texts(page, "#recipe-list .title"), ["Tacos"]);

  await page.getByRole("button", { name: "Add the ingredients of Tacos to the list" }).click();
  await idle(page);
  assert.equal(await page.locator("#status").textContent(), "Added Tacos to Weekly shop: 2 new, 1 merged.");
  const pushed = ["avocado 2 whole", "ground beef 1.5 lb", "onion 1 whole diced"];
  assert.deepEqual(await texts(page, "#items li"), pushed);
  assert.deepEqual(await linesOf(listId), pushed);

  await page.getByRole("checkbox", { name: "avocado" }).check();
  await idle(page);
  assert.equal(await page.locator("#status").textContent(), "Checked avocado.");
  assert.deepEqual(await linesOf(listId), ["avocado 2 whole (checked)", "ground beef 1.5 lb", "onion 1 whole diced"]);
  // Checked items go to the bottom, struck through.
  assert.deepEqual(await texts(page, "#items li"), ["ground beef 1.5 lb", "onion 1 whole diced", "avocado 2 whole"]);
  assert.deepEqual(await texts(page, "#items li.checked"), ["avocado 2 whole"]);
  assert.equal(await page.getByRole("checkbox", { name: "avocado" }).isChecked(), true);
  assert.deepEqual(run.pageErrors, []);
});

browserTest("the web app confirms one pending action and rejects another", async (run) => {
  const { page } = run;
  await page.goto(`${run.appUrl}?token=${user.token}&date=2026-11-25`);
  await idle(page);
  assert.deepEqual((await texts(page, "#pending-actions li")).sort(), [
    "Plan Tacos for lunch on Friday 27 November Confirm Reject",
    "grocery.create_list name: Party Confirm Reject",
  ]);

  await page.locator(`[data-action-id="${planLunch}"]`).getByRole("button", { name: "Confirm" }).click();
  await idle(page);
  assert.equal(await page.locator("#status").textContent(), "Confirmed planner.add_meal.");
  assert.equal(await actionStatus(planLunch), "confirmed");
  assert.deepEqual(await texts(page, '#meals > li[data-date="2026-11-27"] .meal'), ["lunch Tacos"]);
  assert.deepEqual(await texts(page, "#pending-actions li"), ["grocery.create_list name: Party Confirm Reject"]);

  await page.locator(`[data-action-id="${partyList}"]`).getByRole("button", { name: "Reject" }).click();
  await idle(page);
  assert.equal(await page.locator("#status").textContent(), "Rejected grocery.create_list.");
  assert.equal(await actionStatus(partyList), "rejected");
  assert.deepEqual(await texts(page, "#pending-actions li"), ["Nothing waiting for you."]);
  assert.deepEqual(await texts(page, "#list-choice option"), ["Weekly shop"]);

  // Every call went from the app's origin to the API's, so the browser asked first, and the API said yes.
  const apiOrigin = new URL(stackEnv().apiUrl).origin;
  assert.notEqual(new URL(run.appUrl).origin, apiOrigin);
  const asked = run.preflights.map((preflight) => `${preflight.status} ${new URL(preflight.url).pathname}`);
  for (const path of ["grocery/list_lists", "assistant/actions", `assistant/actions/${planLunch}/confirm`]) {
    assert.ok(asked.includes(`204 /functions/v1/${path}`), `no preflight for ${path}: ${asked.join(", ")}`);
  }
  assert.deepEqual(run.pageErrors, []);
});

/** What the API itself answers a call to household.get with this bearer. */
async function unauthenticatedMessage(bearer: string): Promise<string> {
  const response = await fetch(functionsUrl("household/get"), {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
    body: "{}",
  });
  const body = await response.json();
  assert.equal(response.status, 401);
  return body.error.message;
}

browserTest(
  "without a token, or with a bad one, the page shows the API's 401 message; pasting a token signs in",
  async (run) => {
    const { page } = run;
    await page.goto(run.appUrl);
    await idle(page);
    assert.equal(await page.locator("#error").isVisible(), true);
    assert.equal(await page.locator("#error .message").textContent(), await unauthenticatedMessage(stackEnv().anonKey));
    assert.match(await page.locator("#error .message").textContent() ?? "", /access token/);
    assert.equal(await page.locator("#error .error-type").textContent(), "(UNAUTHENTICATED, HTTP 401)");
    assert.equal(await page.locator("#signed-in").textContent(), "Not signed in");
    assert.deepEqual(await texts(page, "#recipe-list li"), []);

    await page.goto(`${run.appUrl}?token=not-a-token`);
    await idle(page);
    assert.equal(await page.locator("#error .message").textContent(), await unauthenticatedMessage("not-a-token"));

    await page.getByLabel("Access token").fill(user.token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await idle(page);
    assert.equal(await page.locator("#error").isHidden(), true);
    assert.match(await page.locator("#signed-in").textContent() ?? "", new RegExp(`Signed in as ${user.email}`));
    assert.deepEqual(await texts(page, "#recipe-list .title"), ["Tacos"]);
    assert.deepEqual(run.pageErrors, []);
  },
);
