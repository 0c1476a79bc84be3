/// <reference lib="dom" />
// Offline in Chromium: the network of one context (or both) is cut at the API, the Realtime socket and the app's
// origin; the person ticks, unticks and adds, reloads (the service worker's shell and the saved list still show
// it), comes back; both screens end equal to the server, and the server holds every offline change once.
import assert from "node:assert/strict";
import { noBrowser, sharedBrowser } from "../browser.ts";
import { callToolOk } from "../../support/tools-client.ts";
import { checkbox, householdWithList, type Member, openAs, serverList, waitForServerList } from "./shopping-pair.ts";

const options = { ignore: noBrowser !== undefined, sanitizeOps: false, sanitizeResources: false };
const items = ["apples", "bread", "carrots", "dates", "eggs"];

async function pair(label: string) {
  const { browser, app } = await sharedBrowser();
  const household = await householdWithList(label, items);
  const { items: rows } = await callToolOk(household.alice.user, "grocery.get_list", {
    grocery_list_id: household.listId,
  });
  const bread = rows.find((row) => row.name === "bread")!;
  await callToolOk(household.alice.user, "grocery.check_item", { grocery_item_id: bread.id });
  const alice = await openAs(browser, app.url, household.alice);
  const bob = await openAs(browser, app.url, household.bob);
  for (const member of [alice, bob]) {
    // The shell is in the service worker's cache before the network goes.
    await member.page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready,
        new Promise((_, reject) => setTimeout(() => reject(new Error("no service worker")), 10_000)),
      ])
    );
  }
  return { alice, bob, listId: household.listId, close: () => Promise.all([alice, bob].map((m) => m.context.close())) };
}

async function addItem(member: Member, name: string) {
  await member.page.getByLabel("Item", { exact: true }).fill(name);
  await member.page.getByRole("button", { name: "Add", exact: true }).click();
  await member.page.locator(`li.item[data-item="${name}"]`).waitFor();
}

async function shownOffline(member: Member) {
  await member.page.locator(".connection.offline").waitFor();
}

async function reloadOffline(member: Member) {
  const cutBefore = member.network.shellRequestsCut;
  await member.page.reload();
  await member.page.getByRole("heading", { name: "Shopping list" }).waitFor();
  await shownOffline(member);
  assert.ok(member.network.shellRequestsCut > cutBefore, "the shell was asked of the network, and came from the cache");
}

Deno.test({
  name: "offline list: one member ticks, unticks and adds offline, reloads offline, comes back; both converge",
  ...options,
  fn: async () => {
    const { alice, bob, listId, close } = await pair("offline-one");
    try {
      await alice.network.goOffline();
      await checkbox(alice.page, "apples").check();
      await checkbox(alice.page, "bread").uncheck();
      await addItem(alice, "basil");
      await shownOffline(alice);
      assert.match(await alice.page.locator(".connection").textContent() ?? "", /3 changes wait to be sent/);
      await checkbox(bob.page, "carrots").check();

      await reloadOffline(alice);
      assert.equal(await checkbox(alice.page, "apples").isChecked(), true, "a pending tick survives the reload");
      assert.equal(await checkbox(alice.page, "bread").isChecked(), false);
      assert.equal(await alice.page.locator('li.item.pending[data-item="basil"]').count(), 1);
      assert.equal((await serverList(alice.user, listId)).apples, false, "nothing reached the server");

      alice.network.goOnline();
      const server = await waitForServerList(alice.page, alice.user, listId);
      await waitForServerList(bob.page, bob.user, listId);
      assert.deepEqual(server, { apples: true, basil: false, bread: false, carrots: true, dates: false, eggs: false });
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "offline list: both members offline at once, back one after the other; an item added offline is ticked",
  ...options,
  fn: async () => {
    const { alice, bob, listId, close } = await pair("offline-both");
    try {
      await alice.network.goOffline();
      await bob.network.goOffline();
      await addItem(alice, "milk");
      await checkbox(alice.page, "milk").check();
      await checkbox(alice.page, "dates").check();
      await checkbox(bob.page, "eggs").check();
      await checkbox(bob.page, "bread").uncheck();
      await addItem(bob, "flour");
      await reloadOffline(bob);
      assert.equal(await checkbox(bob.page, "eggs").isChecked(), true);

      bob.network.goOnline();
      await waitForServerList(bob.page, bob.user, listId);
      await reloadOffline(alice);
      assert.equal(await checkbox(alice.page, "milk").isChecked(), true);
      alice.network.goOnline();
      const server = await waitForServerList(alice.page, alice.user, listId);
      await waitForServerList(bob.page, bob.user, listId);
      assert.deepEqual(server, {
        apples: false,
        bread: false,
        carrots: false,
        dates: true,
        eggs: true,
        // Quick add reads "flour" as the catalog's name for it.
        "all-purpose flour": false,
        milk: true,
      });
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "offline list: a tick on an item removed meanwhile and a tick older than the replay window are shown in words",
  ...options,
  fn: async () => {
    const { alice, bob, listId, close } = await pair("offline-refused");
    try {
      await alice.network.goOffline();
      await checkbox(alice.page, "dates").check();
      await checkbox(alice.page, "eggs").check();
      await bob.page.getByRole("button", { name: "Options for dates" }).click();
      await bob.page.getByRole("button", { name: "Remove dates" }).click();
      await bob.page.locator('li.item[data-item="dates"]').waitFor({ state: "detached" });
      // The tick of eggs was made 8 days ago, as far as the stored queue knows.
      await alice.page.evaluate(async () => {
        const databases = await indexedDB.databases();
        const name = databases.find((database) => database.name?.startsWith("meal-planner-offline-"))!.name!;
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const store = database.transaction("calls", "readwrite").objectStore("calls");
        const calls = await new Promise<{ itemName: string; actedAt: number }[]>((resolve) => {
          const request = store.getAll();
          request.onsuccess = () => resolve(request.result);
        });
        for (const call of calls.filter((call) => call.itemName === "eggs")) {
          store.put({ ...call, actedAt: call.actedAt - 8 * 24 * 60 * 60 * 1000 });
        }
      });

      alice.network.goOnline();
      await alice.page.getByText(/Ticking dates: "dates" was removed from .+\. Nothing changed\./).waitFor();
      await alice.page.locator('li.item[data-item="eggs"] .problem', { hasText: /more than 7 days ago/ }).waitFor();
      const server = await waitForServerList(alice.page, alice.user, listId);
      assert.deepEqual(server, { apples: false, bread: true, carrots: false, eggs: false });
      for (const left of [1, 0]) {
        await alice.page.getByRole("button", { name: "Dismiss" }).first().click();
        await alice.page.waitForFunction((left) => document.querySelectorAll(".problem").length === left, left);
      }
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "offline list: an item added offline keeps the keyboard's focus when the server confirms it",
  ...options,
  fn: async () => {
    const { alice, close } = await pair("offline-focus");
    try {
      await alice.network.goOffline();
      await addItem(alice, "basil");
      await alice.page.locator('li.item.pending[data-item="basil"] input[type="checkbox"]').focus();
      alice.network.goOnline();
      // Confirmed, basil is a new row (its real id, its aisle): the focus follows to its checkbox.
      await alice.page.locator('li.item:not(.pending)[data-item="basil"]').waitFor();
      const focused = await alice.page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement;
        const row = element.closest("li.item") as HTMLElement | null;
        return { type: element.type, item: row?.dataset.item, pending: row?.classList.contains("pending") };
      });
      assert.deepEqual(focused, { type: "checkbox", item: "basil", pending: false });
      await alice.page.keyboard.press("Space");
      await alice.page.locator('li.item.checked:not(.pending)[data-item="basil"]').waitFor();
    } finally {
      await close();
    }
  },
});
