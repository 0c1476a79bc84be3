/// <reference lib="dom" />
// Two members of one household, each signed in to the web app in a browser context of their own, on one list.
// Arranged through the API and the auth client (signing up, inviting, filling the list); what a test then checks
// is done by clicks in the pages. Each context's network can be slowed or cut (API calls, the Realtime socket,
// the app's own origin): Playwright's setOffline cuts neither WebSockets nor a service worker's fetches.
import type { Browser, BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { appClient, uniqueEmail } from "../../auth/auth-client.ts";
import { stackEnv, type TestUser } from "../../support/stack.ts";
import { callToolOk } from "../../support/tools-client.ts";

const password = "correct horse battery";

export interface Member {
  user: TestUser;
  email: string;
  context: BrowserContext;
  page: Page;
  network: NetworkControl;
}

export interface NetworkControl {
  /** Cuts the API, the Realtime socket (open ones are closed) and the app's origin. */
  goOffline(): Promise<void>;
  goOnline(): void;
  /** Delays every API call by this many milliseconds (0: none). */
  latencyMs: number;
  /** Requests for the app's own files refused while offline (the service worker's, on an offline reload). */
  shellRequestsCut: number;
}

async function signUp(email: string, data: Record<string, string>): Promise<TestUser> {
  const { data: signedUp, error } = await appClient().auth.signUp({ email, password, options: { data } });
  if (error || !signedUp.session || !signedUp.user) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  return { id: signedUp.user.id, email, token: signedUp.session.access_token } as TestUser;
}

/** Alice makes the household, Bob joins it by invite; the list holds the named items (1 whole each). */
export async function householdWithList(label: string, itemNames: string[]) {
  const aliceEmail = uniqueEmail(`${label}-alice`);
  const alice = await signUp(aliceEmail, { household_name: `${label} household` });
  const { code } = await callToolOk(alice, "household.create_invite", {});
  const bobEmail = uniqueEmail(`${label}-bob`);
  const bob = await signUp(bobEmail, { invite_code: code });
  const { grocery_list_id: listId } = await callToolOk(alice, "grocery.create_list", { name: "Groceries" });
  // Ten at a time: the list's lock orders them on the server, the test need not wait for each reply.
  for (let index = 0; index < itemNames.length; index += 10) {
    await Promise.all(
      itemNames.slice(index, index + 10).map((name) =>
        callToolOk(alice, "grocery.add_item", { grocery_list_id: listId, name, quantity: 1, unit: "whole" })
      ),
    );
  }
  return { alice: { user: alice, email: aliceEmail }, bob: { user: bob, email: bobEmail }, listId };
}

async function controlNetwork(context: BrowserContext, appUrl: string): Promise<NetworkControl> {
  const { apiUrl } = stackEnv();
  let offline = false;
  const sockets = new Set<WebSocketRoute>();
  const control: NetworkControl = {
    latencyMs: 0,
    shellRequestsCut: 0,
    async goOffline() {
      offline = true;
      for (const socket of sockets) await socket.close({ code: 1006, reason: "offline" }).catch(() => {});
      sockets.clear();
    },
    goOnline() {
      offline = false;
    },
  };
  await context.route(`${apiUrl}/**`, async (route) => {
    if (offline) return await route.abort("internetdisconnected");
    if (control.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, control.latencyMs));
    if (offline) return await route.abort("internetdisconnected");
    await route.continue().catch(() => {});
  });
  await context.route(`${appUrl}**`, async (route) => {
    if (offline) {
      control.shellRequestsCut += 1;
      return await route.abort("internetdisconnected");
    }
    await route.continue().catch(() => {});
  });
  await context.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    if (offline) return void socket.close({ code: 1006, reason: "offline" });
    socket.connectToServer();
    sockets.add(socket);
  });
  return control;
}

/** A context of its own, signed in through the app's form, on the list screen with the list shown. */
export async function openAs(
  browser: Browser,
  appUrl: string,
  member: { user: TestUser; email: string },
): Promise<Member> {
  const context = await browser.newContext({ timezoneId: "UTC", locale: "en-GB" });
  const network = await controlNetwork(context, appUrl);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on("pageerror", (error) => console.error(`page error (${member.email}): ${error.message}`));
  await page.goto(appUrl);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  await page.locator(".connection", { hasText: "Up to date." }).waitFor();
  return { ...member, context, page, network };
}

/** The checkbox of the item with this name. */
export function checkbox(page: Page, name: string) {
  return page.locator(`li.item[data-item="${name}"] input[type="checkbox"]`);
}

/**
 * Records, in the page, every time an item's line is shown ticked or not (its class changes, or it is drawn
 * anew), with the time: `window.itemHistory`.
 */
export async function recordItemHistory(page: Page): Promise<void> {
  await page.evaluate(() => {
    const history: { name: string; checked: boolean; at: number }[] = [];
    const last = new Map<string, boolean>();
    const look = () => {
      for (const line of document.querySelectorAll<HTMLElement>("li.item[data-item]")) {
        const name = line.dataset.item!;
        const checked = line.classList.contains("checked");
        if (last.get(name) !== checked) {
          last.set(name, checked);
          history.push({ name, checked, at: performance.timeOrigin + performance.now() });
        }
      }
    };
    look();
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class"],
    });
    (globalThis as unknown as { itemHistory: typeof history }).itemHistory = history;
  });
}

export async function itemHistory(page: Page): Promise<{ name: string; checked: boolean; at: number }[]> {
  return await page.evaluate(() => (globalThis as unknown as { itemHistory: [] }).itemHistory);
}

/** The list as a screen shows it: name → ticked, with nothing waiting to be sent. */
export async function shownList(page: Page): Promise<Record<string, boolean>> {
  return await page.evaluate(() => {
    const shown: Record<string, boolean> = {};
    for (const line of document.querySelectorAll<HTMLElement>("li.item[data-item]")) {
      shown[line.dataset.item!] = line.classList.contains("checked");
    }
    return shown;
  });
}

/** The list as the server has it: name → ticked. */
export async function serverList(user: TestUser, listId: string): Promise<Record<string, boolean>> {
  const { items } = await callToolOk(user, "grocery.get_list", { grocery_list_id: listId });
  return Object.fromEntries(items.map((item) => [item.name, item.checked]));
}

/** Waits until the screen shows exactly the server's list with nothing pending. */
export async function waitForServerList(page: Page, user: TestUser, listId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let shown: Record<string, boolean> = {};
  let server: Record<string, boolean> = {};
  while (Date.now() < deadline) {
    // The screen first, then the server: an add the server applies between the two reads is on the server when
    // it is read. The other way round, a read of the server just before an add landed could meet a screen that no
    // longer shows the add as pending and not yet as pulled (a sent quick add whose lines the server did not answer
    // one each shows with the next pull), and the two would agree on a list without it.
    const pending = await page.locator("li.item.pending").count();
    shown = await shownList(page);
    server = await serverList(user, listId);
    if (pending === 0 && JSON.stringify(sorted(shown)) === JSON.stringify(sorted(server))) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `the screen never showed the server's list:\nshown ${JSON.stringify(sorted(shown))}\n` +
      `server ${JSON.stringify(sorted(server))}`,
  );
}

function sorted(record: Record<string, boolean>) {
  return Object.fromEntries(Object.entries(record).sort(([first], [second]) => first.localeCompare(second)));
}
