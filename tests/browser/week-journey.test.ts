/// <reference lib="dom" />
// The week's journey in Chromium, two people in two browser contexts, every step a click or a keystroke: Alice signs
// up with her name and the household's; Bob opens her invite link, which names both before he has an account, and
// joins; Alice writes two recipes and plans the week (the chilli for 6 of a recipe for 4); Bob reads the chilli
// offline; the week goes to a new list, the olive oil left off as on hand;
// Bob quick-adds "2 l milk" and "onions" onto the tart's 2 onions (one line of 3); Bob cooks the chilli from the week,
// scaled, in cook mode; Alice ticks the milk and the history names her; the members list shows names; Bob's offline
// tick, overtaken by Alice, is refused naming her; Alice removes Bob, who is told at once and comes back by the link.
// Every new screen is checked with axe at 1280 and 390 px and photographed into .local/screenshots/journey/week-*.
// What the server holds at the end is read through the tools. It prints the clicks and keystrokes it took.
import assert from "node:assert/strict";
import { uniqueEmail } from "../auth/auth-client.ts";
import { type AxeViolation, describeViolations } from "./axe.ts";
import { browserTest } from "./browser.ts";
import { look, thisWeek, toolsAs } from "./journey/journey-support.ts";
import { Person } from "./journey/person.ts";
import { cookFromWeek } from "./journey/steps/cook.ts";
import { joinThroughLink, makeInviteLink } from "./journey/steps/join.ts";
import { removeAndComeBack } from "./journey/steps/members.ts";
import { historyNamesWhoTicked, itemCheckbox, membersByName, offlineTickOvertaken } from "./journey/steps/names.ts";
import { controlConnection } from "./journey/steps/network.ts";
import { createRecipeWithMethod, planDinner } from "./journey/steps/plan.ts";
import { quickAdd } from "./journey/steps/quick-add.ts";
import { readRecipeOffline } from "./journey/steps/recipe-offline.ts";
import { createList } from "./journey/steps/week-to-list.ts";
import { leaveStaplesOff } from "./journey/steps/on-hand.ts";

const household = "The Journeys";
const listName = "Weekly shop";
const chilli = {
  title: "Weeknight chilli",
  servings: 4,
  lines: [
    ["kidney b", "kidney beans", 2, "can"],
    ["carr", "carrot", 2, "whole"],
    ["olive o", "olive oil", 2, "tbsp"],
  ] as [string, string, number, string][],
  method: "Fry the carrots.\nAdd the beans.\nSimmer for 20 minutes.",
};
const tart = {
  title: "Onion tart",
  servings: 2,
  lines: [["onio", "onion", 2, "whole"], ["egg", "eggs", 3, "whole"]] as [string, string, number, string][],
  method: "Soften the onions.\nBeat in the eggs.\nBake for 30 minutes.",
};

browserTest("week journey: two people plan, shop, cook, meet by name, and one comes back by link", async (run) => {
  const alice = new Person(run.page, uniqueEmail("week-alice"));
  const bob = new Person(await run.newPage(), uniqueEmail("week-bob"));
  const bobConnection = await controlConnection(bob.page, run.appUrl);
  const violations = new Map<string, AxeViolation[]>();
  const started = performance.now();

  // Alice signs up with her name and the household's, and makes an invite link; Bob, with no account, opens it:
  // "Join The Journeys — Alice invited you", and signs up with his name into her household.
  await alice.page.goto(run.appUrl);
  await alice.signUpAs("Alice", household);
  const link = await makeInviteLink(alice, household);
  await joinThroughLink(bob, link, { household, invitedBy: "Alice", displayName: "Bob" }, violations);

  // Two recipes by hand, with their methods; the chilli for 6 on Monday (the recipe serves 4), the tart on Tuesday.
  await createRecipeWithMethod(alice, chilli);
  await createRecipeWithMethod(alice, tart);
  await alice.open("Week", /^Week of/);
  await planDinner(alice, 0, chilli.title, 6);
  await planDinner(alice, 1, tart.title);
  await look(alice.page, "week-planned", violations);

  // Bob reads the chilli in his kitchen with no network: the copy his device kept.
  await readRecipeOffline(bob, chilli.title);

  // The week goes to a new list, the olive oil left off as a staple the household has: the chilli's beans scaled for
  // 6, the tart's 2 onions.
  await createList(alice, listName);
  await leaveStaplesOff(alice, "olive oil");
  await alice.page.locator('li.item[data-item="kidney beans"] .said', { hasText: "3 cans kidney beans" }).waitFor();
  // Opened again, the preview has nothing more to add, and says the household has the olive oil.
  await alice.click(alice.page.getByRole("button", { name: /^Add this week.s meals/ }));
  const again = alice.page.locator(".sync-preview");
  await again.getByRole("region", { name: "You have these" }).getByText(/olive oil/).first().waitFor();
  await look(alice.page, "week-preview-on-hand", violations);
  await alice.click(again.getByRole("button", { name: "Close" }));
  await alice.page.locator('li.item[data-item="onion"] .said', { hasText: "2 onions" }).waitFor();

  // Bob looks at the week (a list screen left open since sign-up does not learn of a list made since), then
  // quick-adds two lines: milk, 2 l, in the dairy aisle; onions merge into the tart's, one line of 3.
  await bob.open("Week", /^Week of/);
  await bob.page.getByRole("region", { name: /^Tuesday/ }).getByRole("link", { name: tart.title }).waitFor();
  await bob.open("Shopping list");
  await bob.page.locator('li.item[data-item="onion"] .said', { hasText: "2 onions" }).waitFor();
  await quickAdd(bob, "2 l milk", "milk", "2 l milk");
  await quickAdd(bob, "onions", "onion", "3 onions");
  assert.equal(await bob.page.locator('li.item[data-item="onion"]').count(), 1, "one onion line");
  assert.equal(await bob.page.locator('li.item[data-item="onions"]').count(), 0, "no line of its own");
  await bob.page.getByRole("region", { name: "Dairy and eggs" }).locator('li.item[data-item="milk"]').waitFor();
  await look(bob.page, "week-quick-add", violations);

  // Bob cooks Monday's chilli from the week: scaled for 6, back to the recipe's 4 and forward, then step by step.
  await cookFromWeek(bob, {
    day: /^Monday/,
    title: chilli.title,
    servings: 6,
    recipeServings: 4,
    line: { own: "2 cans kidney beans", scaled: "3 cans kidney beans" },
    steps: chilli.method.split("\n"),
  }, violations);

  // Alice ticks the milk; Bob's history says she did, by her name; the members list shows names, not emails.
  await alice.page.locator('li.item[data-item="milk"]').waitFor();
  await alice.click(itemCheckbox(alice.page, "milk"));
  await alice.page.locator('li.item.checked:not(.pending)[data-item="milk"]').waitFor();
  await historyNamesWhoTicked(bob, alice, "milk", listName, violations);
  // Bob joined once: signing up through the link joined him, and the page it opened did not join him again.
  assert.equal(await bob.page.locator(".history-sentence", { hasText: `Join ${household}` }).count(), 1);
  await membersByName(bob, household, [alice, bob]);
  await look(bob.page, "week-members-named", violations);

  // Offline, Bob ticks the eggs; Alice ticks and unticks them meanwhile; back online, his tick is refused naming her.
  await bob.open("Shopping list");
  await offlineTickOvertaken(bob, bobConnection, alice, "eggs", listName, violations);

  // Alice removes Bob: his open list says so at once; he opens her link again and is back in the household.
  const toldAfterMs = await removeAndComeBack(alice, bob, household, link, violations);
  const journeySeconds = (performance.now() - started) / 1000;

  // What the server holds.
  const tools = await toolsAs(alice.email);
  const [held] = (await tools.household.get()).households;
  assert.equal(held.name, household);
  assert.deepEqual(
    held.members.map((member) => [member.display_name, member.email]).sort(),
    [["Alice", alice.email], ["Bob", bob.email]],
  );
  const { meals } = await tools.planner.listMeals({ start_date: thisWeek(0), end_date: thisWeek(6) });
  assert.deepEqual(
    meals.map((meal) => [meal.date, meal.recipe_title, meal.servings]).sort(),
    [[thisWeek(0), chilli.title, 6], [thisWeek(1), tart.title, null]],
  );
  const [list] = (await tools.grocery.listLists({})).lists;
  const { items } = await tools.grocery.getList({ grocery_list_id: list.id });
  const byName = Object.fromEntries(
    items.map((item) => [item.name, `${item.quantity} ${item.unit} ${item.category}${item.checked ? " ticked" : ""}`]),
  );
  assert.deepEqual(byName, {
    "kidney beans": "3 can pantry",
    carrot: "3 whole produce",
    onion: "3 whole produce",
    eggs: "3 whole dairy",
    milk: "2 l dairy ticked",
  });

  assert.equal(
    violations.size,
    0,
    [...violations].map(([screen, found]) => `${screen}:\n${describeViolations(found)}`).join("\n"),
  );
  assert.deepEqual(run.pageErrors, []);
  console.log(
    `week journey: Alice ${alice.clicks} clicks, ${alice.keystrokes} keystrokes; ` +
      `Bob ${bob.clicks} clicks, ${bob.keystrokes} keystrokes; ` +
      `total ${alice.clicks + bob.clicks} clicks, ${alice.keystrokes + bob.keystrokes} keystrokes ` +
      `(${journeySeconds.toFixed(1)} s); Bob told of his removal after ${toldAfterMs.toFixed(0)} ms`,
  );
});
