/// <reference lib="dom" />
// What the journeys share: a look at a screen (axe and screenshots), dates in this week, the app's script size and
// the tools as a person for reading what the server holds.
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { bundleWebApp } from "../../../examples/web/build.ts";
import { createToolsClient } from "../../../shared/client/tools-client.generated.ts";
import { appClient } from "../../auth/auth-client.ts";
import { type AxeViolation, axeViolations } from "../axe.ts";
import { password } from "../home/people.ts";
import { screenshotAtWidths, screenshotDirectory } from "../screenshots.ts";

const journeyScreenshots = join(screenshotDirectory, "journey");

/** Axe at 1280 and 390 px and a screenshot at each (.local/screenshots/journey/<name>-<width>.png). */
export async function look(page: Page, name: string, found: Map<string, AxeViolation[]>): Promise<void> {
  await Deno.mkdir(journeyScreenshots, { recursive: true });
  await screenshotAtWidths(page, `journey/${name}`, async (width) => {
    const violations = await axeViolations(page);
    if (violations.length > 0) found.set(`${name} at ${width} px`, violations);
  });
}

/** YYYY-MM-DD, `days` after the Monday of this week (UTC, as the browser contexts are). */
export function thisWeek(days: number): string {
  const today = new Date();
  const monday = Date.UTC(
    today.getUTCFullYear(),
    today.getUTCMonth(),
    today.getUTCDate() - ((today.getUTCDay() + 6) % 7),
  );
  return new Date(monday + days * 86_400_000).toISOString().slice(0, 10);
}

/** The app's script, minified as the web server serves it but with supabase-js left out (external), gzipped. */
export async function appScriptGzipBytes(): Promise<{ minified: number; gzipped: number }> {
  const script = await bundleWebApp("src/main.tsx", ["@supabase/supabase-js"]);
  assert.match(script, /from"@supabase\/supabase-js"/, "supabase-js is left out of the bundle");
  const bytes = new TextEncoder().encode(script);
  const gzipped = await new Response(
    new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip")),
  ).arrayBuffer();
  return { minified: bytes.byteLength, gzipped: gzipped.byteLength };
}

/** The tools as a person, for reading what the server holds (signed in through the auth client). */
export async function toolsAs(email: string) {
  const client = appClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return createToolsClient(client);
}
