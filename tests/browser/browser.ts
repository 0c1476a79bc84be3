// Debian's Chromium driven by playwright-core, against the web app served on a port of its own (so every call
// to the API is cross-origin and the browser preflights it, as from a real site).
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { startWebApp, type WebApp } from "../../supabase/local/stack/web-server.ts";
import { projectRoot } from "../../supabase/local/stack/stack-config.ts";
import { chromiumPath as chromiumPathFromEnv } from "../../supabase/local/stack/chromium-install.ts";
import { stackEnv } from "../support/stack.ts";
import { type NetworkLog, recordNetwork, visibleText } from "./network-log.ts";

export const chromiumPath = chromiumPathFromEnv();

/** Why the browser tests cannot run on this machine; undefined when they can. */
export const noBrowser = existsSync(chromiumPath)
  ? undefined
  : `Browser tests skipped: no Chromium at ${chromiumPath}. Install it with \`apt-get install chromium\` ` +
    `(.ci/run does), or point CHROMIUM_PATH at one.`;
if (noBrowser) console.warn(noBrowser);

export interface BrowserRun {
  page: Page;
  appUrl: string;
  /** The CORS preflights the browser sent, with the status each got. */
  preflights: { method: string; url: string; status?: number }[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** A page in a browser context of its own (a second person), closed with the test's; its errors go to pageErrors. */
  newPage: () => Promise<Page>;
}

// One server and one browser for the test file, started by its first test and stopped after its last;
// each test gets a fresh browser context (no cookies, no localStorage).
let shared: Promise<{ app: WebApp; browser: Browser }> | undefined;

/** The test file's web app server and browser, for tests that open several contexts of their own. */
export function sharedBrowser(): Promise<{ app: WebApp; browser: Browser }> {
  return start();
}

function start() {
  shared ??= (async () => {
    const { apiUrl, anonKey } = stackEnv();
    const app = await startWebApp({ port: 0, apiUrl, anonKey, projectRoot });
    const browser = await chromium.launch({ executablePath: chromiumPath }).catch(async (error) => {
      await app.server.shutdown();
      throw error;
    });
    return { app, browser };
  })();
  return shared;
}

Deno.test.afterAll(async () => {
  if (!shared) return;
  const { app, browser } = await shared;
  await browser.close();
  await app.server.shutdown();
});

/** A Deno test with a page of its own; ignored, with the reason printed once, where there is no Chromium. */
export function browserTest(name: string, body: (run: BrowserRun) => Promise<void>): void {
  Deno.test({
    name,
    ignore: noBrowser !== undefined,
    // The shared browser and server work between tests by design; afterAll stops them.
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const { app, browser } = await start();
      const contexts: BrowserContext[] = [];
      const watched: { page: Page; network: NetworkLog }[] = [];
      const pageErrors: string[] = [];
      const newPage = async () => {
        const context = await browser.newContext({ timezoneId: "UTC", locale: "en-GB" });
        contexts.push(context);
        const page = await context.newPage();
        // A wait is a wait, never a check of speed (the benchmarks measure that): on a loaded machine (the test
        // command runs its files in parallel on two cores) the app's first screen has been seen to take over 5 s.
        page.setDefaultTimeout(15_000);
        page.on("pageerror", (error) => pageErrors.push(error.message));
        watched.push({ page, network: recordNetwork(page) });
        return page;
      };
      try {
        const page = await newPage();
        const preflights = await recordPreflights(page.context(), page);
        await body({ page, appUrl: app.url, preflights, pageErrors, newPage });
      } catch (error) {
        throw new Error(`${error instanceof Error ? error.message : error}\n${await whatPagesShowed(watched)}`, {
          cause: error,
        });
      } finally {
        for (const context of contexts) await context.close();
      }
    },
  });
}

// A failed wait names what it waited for; this says what each page showed and what it was waiting on.
async function whatPagesShowed(watched: { page: Page; network: NetworkLog }[]): Promise<string> {
  const parts: string[] = [];
  for (const [index, { page, network }] of watched.entries()) {
    if (page.isClosed()) continue;
    parts.push(`page ${index + 1} (${page.url()}) shows: ${await visibleText(page)}`);
    parts.push(`page ${index + 1}'s calls, seconds from its opening:\n${network.describe()}`);
  }
  return parts.join("\n");
}

// Playwright does not report preflights as requests; the DevTools protocol does: an OPTIONS request whose
// initiator is "preflight", answered with the resource type "Preflight".
async function recordPreflights(context: BrowserContext, page: Page): Promise<BrowserRun["preflights"]> {
  const preflights: BrowserRun["preflights"] = [];
  const byRequestId = new Map<string, BrowserRun["preflights"][number]>();
  const session = await context.newCDPSession(page);
  session.on("Network.requestWillBeSent", (event) => {
    if (event.initiator.type !== "preflight") return;
    const preflight = { method: event.request.method, url: event.request.url };
    byRequestId.set(event.requestId, preflight);
    preflights.push(preflight);
  });
  session.on("Network.responseReceived", (event) => {
    const preflight = byRequestId.get(event.requestId);
    if (preflight) preflight.status = event.response.status;
  });
  await session.send("Network.enable");
  return preflights;
}
