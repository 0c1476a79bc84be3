// Sign-in with the link from the email in Chromium, as hosted Supabase's default "Magic Link" template sends it:
// the person asks for an email, opens its link (read from the local mailbox), and lands signed in in the app; the
// same link opened again says in words that it has expired or was used. The code from the same email is tested in
// sign-in-mail.test.ts.
import assert from "node:assert/strict";
import { linkAndCode, mailTo, uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";
import { checkScreen, signUp } from "./people.ts";
import type { Page } from "playwright-core";

async function newestMail(to: string, kind: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const message = (await mailTo(to)).find((each) => each.kind === kind);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} email to ${to}`);
}

/** Signs up, signs out, and asks for a sign-in email from the sign-in screen; returns the email's link. */
async function askForEmail(page: Page, appUrl: string, email: string, household: string): Promise<string> {
  await page.goto(appUrl);
  await signUp(page, email, household);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Email me a code or link" }).click();
  await page.getByRole("heading", { name: "Sign in with an emailed link or code" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code or link" }).click();
  await page.getByRole("status").filter({ hasText: `We sent an email to ${email}` }).waitFor();
  return linkAndCode(await newestMail(email, "magiclink")).link;
}

async function bodyText(page: Page): Promise<string> {
  return `at ${page.url()}, the page reads: ${await page.locator("body").innerText()}`;
}

browserTest("the emailed sign-in link brings the person back to the app, signed in", async (run) => {
  const { page } = run;
  const email = uniqueEmail("link");
  const link = await askForEmail(page, run.appUrl, email, "Link household");
  await checkScreen(page, "sign-in-email-sent");
  // The link goes through Auth's /verify and back to the page that asked, not to the project's Site URL.
  assert.equal(new URL(link).searchParams.get("redirect_to"), new URL(run.appUrl).href);

  // Opened in another tab of the same browser, as from a mail client: that tab lands signed in…
  const opened = await page.context().newPage();
  opened.on("pageerror", (error) => run.pageErrors.push(error.message));
  await opened.goto(link);
  await opened.getByRole("heading", { name: "Shopping list" }).waitFor().catch(async (error) => {
    throw new Error(`${error}\n${await bodyText(opened)}`);
  });
  assert.equal(await opened.locator(".signed-in-as").textContent(), email);
  assert.equal(await opened.locator(".household-name").textContent(), "Link household");
  // …with no session left in its address (supabase-js took it from there),
  assert.doesNotMatch(opened.url(), /access_token|refresh_token/);
  // …and the tab that asked follows (supabase-js tells its other tabs), without a reload.
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.equal(await page.locator(".signed-in-as").textContent(), email);

  // A reload keeps the session.
  await opened.reload();
  await opened.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});

browserTest("a sign-in link opened a second time says it was used or has expired", async (run) => {
  const { page } = run;
  const email = uniqueEmail("link-again");
  const link = await askForEmail(page, run.appUrl, email, "Twice household");
  await page.goto(link);
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();

  await page.goto(link);
  const said = page.getByRole("alert").filter({ hasText: "Email link is invalid or has expired" });
  await said.waitFor().catch(async (error) => {
    throw new Error(`${error}\n${await bodyText(page)}`);
  });
  assert.match(await said.innerText(), /a link works once.*Ask for a new one/s);
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
  // GoTrue's error has left the address, so a reload does not say it again.
  assert.doesNotMatch(page.url(), /error/);
  await checkScreen(page, "sign-in-link-used");
  await page.reload();
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
  assert.equal(await page.getByRole("alert").count(), 0);

  // A new email's link works (two sign-in emails to one address are at least a second apart, as on Supabase).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await page.getByRole("button", { name: "Email me a code or link" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code or link" }).click();
  await page.getByRole("status").filter({ hasText: `We sent an email to ${email}` }).waitFor();
  const fresh = await waitForNewLink(email, link);
  await page.goto(fresh);
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});

browserTest("GoTrue's error in the query, as after a PKCE link, is shown in words and removed", async (run) => {
  const { page } = run;
  const error = "error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired";
  await page.goto(`${run.appUrl}?${error}`);
  const said = page.getByRole("alert").filter({ hasText: "Email link is invalid or has expired: a link works once" });
  await said.waitFor().catch(async (caught) => {
    throw new Error(`${caught}\n${await bodyText(page)}`);
  });
  assert.equal(page.url(), new URL(run.appUrl).href);

  // Another of GoTrue's errors: its own description, and what to do. (A redirect from Auth loads the page afresh;
  // a change of hash alone would not.)
  await page.goto("about:blank");
  await page.goto(`${run.appUrl}#error=server_error&error_code=unexpected_failure&error_description=Database+error`);
  await page.getByRole("alert").filter({ hasText: "Database error. Sign in, or ask for a new link." }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});

async function waitForNewLink(email: string, old: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const message = (await mailTo(email)).find((each) => each.kind === "magiclink");
    if (message && linkAndCode(message).link !== old) return linkAndCode(message).link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no new sign-in email to ${email}`);
}
