// The whole-household journey in Chromium, two people in two browser contexts. After the stack starts, every step
// is a click or a keystroke in the app (no tool calls; the only thing arranged from outside is what the fake model
// API will say, as a real model would have read the list's id from an earlier tool result). It prints the clicks
// and keystrokes it took.
//
// A skeleton for the lead to extend as the other screens merge: the steps marked TODO(journey) need the recipes,
// week and list screens (create two recipes by hand, import one from a local page, plan five dinners, push the
// week with its preview, both shop live, the assistant proposes a meal).
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { uniqueEmail } from "../auth/auth-client.ts";
import { adminSql } from "../support/stack.ts";
import { browserTest } from "./browser.ts";
import { routeAssistant } from "./home/assistant-server.ts";
import { password } from "./home/people.ts";

/** A person at the keyboard: every action is counted as the clicks and keystrokes it takes. */
class Person {
  clicks = 0;
  keystrokes = 0;
  constructor(readonly page: Page, readonly email: string) {}

  async click(target: Locator): Promise<void> {
    await target.click();
    this.clicks++;
  }

  /** Clicks into the field, clears what is there (select all, delete) and types the text key by key. */
  async type(target: Locator, text: string): Promise<void> {
    await this.click(target);
    await target.press("ControlOrMeta+a");
    await target.press("Backspace");
    await target.pressSequentially(text);
    this.keystrokes += 2 + text.length;
  }

  /** Reloads the page (F5: one keystroke). */
  async reload(): Promise<void> {
    await this.page.reload();
    this.keystrokes++;
  }

  async open(label: string, heading: string | RegExp = label): Promise<void> {
    await this.click(this.page.getByRole("navigation", { name: "Screens" }).getByRole("link", { name: label }));
    await this.page.getByRole("heading", { level: 1, name: heading }).waitFor();
  }

  async signUp(householdName?: string): Promise<void> {
    const page = this.page;
    await page.getByLabel("Email").waitFor();
    if (await page.getByRole("button", { name: "Create an account" }).isVisible()) {
      await this.click(page.getByRole("button", { name: "Create an account" }));
    }
    await this.type(page.getByLabel("Email"), this.email);
    await this.type(page.getByLabel("Password"), password);
    if (householdName) await this.type(page.getByLabel("Household name"), householdName);
    await this.click(page.getByRole("button", { name: "Sign up" }));
    await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  }

  async askAssistant(message: string): Promise<void> {
    await this.type(this.page.getByLabel("Message"), message);
    await this.click(this.page.getByRole("button", { name: "Send" }));
    await this.page.locator(".pending-action").waitFor();
  }

  async confirmProposal(): Promise<void> {
    await this.click(this.page.locator(".pending-action").getByRole("button", { name: /^Confirm/ }));
    await this.page.locator(".pending-action").waitFor({ state: "detached" });
  }
}

browserTest("journey: a household signs up, invites by link, shops together and undoes a change", async (run) => {
  const alice = new Person(run.page, uniqueEmail("journey-alice"));
  const bob = new Person(await run.newPage(), uniqueEmail("journey-bob"));
  const assistant = await routeAssistant(alice.page.context());
  const sql = adminSql();
  try {
    // Alice signs up and names the household.
    await alice.page.goto(run.appUrl);
    await alice.signUp("The Journeys");

    // She invites Bob by link; he has no account, signs up through it and joins.
    await alice.open("Household", "The Journeys");
    await alice.click(alice.page.getByRole("button", { name: "Create invite link" }));
    const link = await alice.page.getByLabel("Invite link").inputValue();
    await bob.page.goto(link);
    await bob.signUp();
    assert.equal(await bob.page.locator(".household-name").textContent(), "The Journeys");

    // TODO(journey): two recipes by hand, one imported from a local recipe page (Recipes screen).
    // TODO(journey): five dinners planned (Week screen), the week pushed to the list with its preview.

    // The assistant makes the shopping list and puts milk on it; Alice confirms each.
    await alice.open("Assistant");
    assistant.fake.script(
      {
        kind: "message",
        content: [{ type: "tool_use", id: "toolu_list", name: "grocery__create_list", input: { name: "Weekly shop" } }],
      },
      { kind: "message", content: [{ type: "text", text: "Confirm the list below." }] },
    );
    await alice.askAssistant("Start a shopping list called Weekly shop");
    await alice.confirmProposal();
    const [list] = await sql<{ id: string }[]>`
      select l.id from grocery_lists l join household_members m using (household_id) join auth.users u on u.id = m.user_id
      where u.email = ${alice.email} and l.name = 'Weekly shop'`;
    assistant.fake.script(
      {
        kind: "message",
        content: [{
          type: "tool_use",
          id: "toolu_milk",
          name: "grocery__add_item",
          input: { grocery_list_id: list.id, name: "milk", quantity: 2, unit: "l" },
        }],
      },
      { kind: "message", content: [{ type: "text", text: "Milk is waiting for you to confirm." }] },
    );
    await alice.askAssistant("Put 2 litres of milk on it");
    await alice.confirmProposal();

    // Bob ticks the milk in the shop; Alice sees it ticked.
    // TODO(journey): the list screen's live updates should show the new list without Bob's reload.
    await bob.reload();
    await bob.page.getByRole("heading", { name: "Shopping list" }).waitFor();
    const bobsMilk = bob.page.getByRole("checkbox", { name: /milk/i });
    await bob.click(bobsMilk);
    await bob.page.locator(".item.checked", { hasText: /milk/i }).waitFor();
    // TODO(journey): both shop live (the list screen's live updates): Alice's list should tick without a reload.
    await alice.open("Shopping list");
    await alice.page.locator(".item.checked", { hasText: /milk/i }).waitFor();

    // Alice undoes Bob's tick from the history.
    await alice.open("History");
    const ticked = alice.page.locator(".history-entry", { hasText: /milk/i }).first();
    await alice.click(ticked.getByRole("button", { name: /^Undo/ }));
    await alice.page.locator(".history-entry.undone", { hasText: /milk/i }).waitFor();
    await alice.open("Shopping list");
    await alice.page.locator(".item", { hasText: /milk/i }).waitFor();
    assert.equal(await alice.page.locator(".item.checked", { hasText: /milk/i }).count(), 0);

    // TODO(journey): the assistant proposes a meal and Alice confirms it (planner__add_meal with a recipe above).
    assert.deepEqual(run.pageErrors, []);
    console.log(
      `journey: Alice ${alice.clicks} clicks, ${alice.keystrokes} keystrokes; ` +
        `Bob ${bob.clicks} clicks, ${bob.keystrokes} keystrokes; ` +
        `total ${alice.clicks + bob.clicks} clicks, ${alice.keystrokes + bob.keystrokes} keystrokes`,
    );
  } finally {
    await assistant.close();
    await sql.end();
  }
});
