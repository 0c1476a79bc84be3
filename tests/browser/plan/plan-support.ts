// Setup for the planner and recipe screens' browser tests: a person signed up through the auth client (the
// test's setup, not a step), signed in on the page by typing, a typed tools client as that person for asserting
// what the server holds, and screenshots at a laptop's and a phone's width.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createToolsClient } from "../../../shared/client/tools-client.generated.ts";
import { projectRoot } from "../../../supabase/local/stack/stack-config.ts";
import { appClient, uniqueEmail } from "../../auth/auth-client.ts";

export const password = "correct horse battery";

export interface Person {
  email: string;
  tools: ReturnType<typeof createToolsClient>;
}

/** A new person with a household of their own, and the tools as them (supabase-js keeps the session in memory). */
export async function newPerson(label: string, householdName: string): Promise<Person> {
  const email = uniqueEmail(label);
  const client = appClient();
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { household_name: householdName } },
  });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message ?? "no session"}`);
  return { email, tools: createToolsClient(client) };
}

/** Signs in on the page as a person would: the email, the password, the button. */
export async function signIn(page: Page, appUrl: string, person: Person, hash = ""): Promise<void> {
  await page.goto(`${appUrl}${hash}`);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.locator(".signed-in-as").waitFor();
}

const screenshotDirectory = join(projectRoot, ".local/screenshots/plan");

/** The page as it is, at 1280 and 390 px wide (full height), into .local/screenshots/plan/<name>-<width>.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await Deno.mkdir(screenshotDirectory, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(screenshotDirectory, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}
