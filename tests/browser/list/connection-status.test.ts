/// <reference lib="dom" />
// The list's status line tells the truth about the connection: the moment the browser goes offline (Playwright's
// setOffline, which fires the page's `offline` event) it says so, without waiting for a call to fail; while the
// live socket is closed and retried it says "Reconnecting…"; "Up to date." comes back only after a pull with
// the socket joined again.
import assert from "node:assert/strict";
import { noBrowser, sharedBrowser } from "../browser.ts";
import { householdWithList, openAs } from "./shopping-pair.ts";

const options = { ignore: noBrowser !== undefined, sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "list status: offline at once when the browser goes offline, up to date again when back",
  ...options,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const { alice } = await householdWithList("status-offline", ["apples"]);
    const member = await openAs(browser, app.url, alice);
    const { page, context } = member;
    try {
      const status = page.locator(".connection");
      assert.equal(await status.textContent(), "Up to date.");
      await context.setOffline(true);
      // At once: no call has failed yet, no timer has run; the short wait only lets Preact draw.
      await page.locator(".connection.offline").waitFor({ timeout: 500 });
      assert.match(await status.textContent() ?? "", /^Offline: showing the list as last read\.$/);

      await context.setOffline(false);
      await page.locator(".connection", { hasText: "Up to date." }).waitFor();
    } finally {
      await context.close();
    }
  },
});

Deno.test({
  name: "list status: the live socket closing says Reconnecting…, then Up to date. once joined and pulled",
  ...options,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const { alice } = await householdWithList("status-socket", ["apples"]);
    const member = await openAs(browser, app.url, alice);
    const { page, context, network } = member;
    try {
      const status = page.locator(".connection");
      // Only the socket is cut: the API still answers, so the list is reachable but not live.
      await network.goOffline();
      network.goOnline();
      await page.locator('.connection[data-connection="reconnecting"]', { hasText: "Reconnecting…" }).waitFor({
        timeout: 2000,
      });
      await page.locator(".connection", { hasText: "Up to date." }).waitFor({ timeout: 20_000 });
      assert.equal(await status.getAttribute("data-connection"), "live");
    } finally {
      await context.close();
    }
  },
});
