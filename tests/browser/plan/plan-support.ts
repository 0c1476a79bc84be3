// Setup for the planner and recipe screens' browser tests: a person signed up through the auth client (the
// test's setup, not a step), signed in on the page by typing, a typed tools client as that person for asserting
// what the server holds, and screenshots at a laptop's and a phone's width.
import type { Page } from "playwright-core";
import { createToolsClient } from "../../../shared/client/tools-client.generated.ts";
import { appClient, uniqueEmail } from "../../auth/auth-client.ts";
import { screenshotAtWidths } from "../screenshots.ts";

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

/** The page as it is, at each screenshot width (full height), into .local/screenshots/plan/<name>-<width>.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await screenshotAtWidths(page, `plan/${name}`);
}
