import { existsSync } from "node:fs";
import { commandExists, isRoot } from "./command.ts";
import { aptInstall } from "./postgres-install.ts";

/** Where the browser tests look for Chromium (tests/browser/browser.ts reads the same variable). */
export function chromiumPath(env: Record<string, string | undefined> = Deno.env.toObject()): string {
  return env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/**
 * Debian's Chromium for the browser tests, installed with apt-get when missing and we run as root (as pgTAP is);
 * otherwise the reason the browser tests will be skipped, for the closing lines of the test task.
 */
export async function ensureChromium(): Promise<{ unavailable?: string }> {
  const path = chromiumPath();
  if (existsSync(path)) return {};
  if (Deno.env.get("CHROMIUM_PATH")) return { unavailable: `CHROMIUM_PATH points at ${path}, which does not exist` };
  if (!isRoot() || !(await commandExists("apt-get"))) {
    return {
      unavailable:
        "Chromium is not installed, and only root with apt-get could install it: sudo apt-get install chromium",
    };
  }
  try {
    await aptInstall(["chromium"]);
  } catch (error) {
    return { unavailable: `apt-get could not install Chromium: ${(error as Error).message.split("\n")[0]}` };
  }
  return existsSync(path) ? {} : { unavailable: `apt-get installed chromium, but there is nothing at ${path}` };
}
