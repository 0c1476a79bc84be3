// Sign-in through the local mailbox in Chromium: a forgotten password reset through the emailed link (the app
// lands signed in and asks for a new password first), and sign-in with an emailed one-time code.
import assert from "node:assert/strict";
import { linkAndCode, mailTo, uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";
import { checkScreen, password, signUp } from "./people.ts";

async function newestMail(to: string, kind: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const message = (await mailTo(to)).find((each) => each.kind === kind);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} email to ${to}`);
}

browserTest("forgot password: the emailed link signs the person in and the app sets a new password", async (run) => {
  const { page } = run;
  const email = uniqueEmail("forgot");
  await page.goto(run.appUrl);
  await signUp(page, email, "Forgetful household");
  await page.getByRole("button", { name: "Sign out" }).click();

  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByRole("heading", { name: "Reset your password" }).waitFor();
  await checkScreen(page, "sign-in-forgot");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByText(`If ${email} has an account`).waitFor();

  const { link } = linkAndCode(await newestMail(email, "recovery"));
  await page.goto(link);
  await page.getByRole("heading", { name: "Set a new password" }).waitFor();
  await checkScreen(page, "set-new-password");
  const newPassword = "a brand new password";
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.equal(await page.locator(".household-name").textContent(), "Forgetful household");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").waitFor();
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});

browserTest("an emailed link that was used already opens the sign-in screen saying so", async (run) => {
  const { page } = run;
  const email = uniqueEmail("used-link");
  await page.goto(run.appUrl);
  await signUp(page, email, "Used link household");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByText(`If ${email} has an account`).waitFor();

  // The link is opened once elsewhere (it signs in there), then here.
  const { link } = linkAndCode(await newestMail(email, "recovery"));
  const elsewhere = await fetch(link, { redirect: "manual" });
  await elsewhere.body?.cancel();
  assert.match(elsewhere.headers.get("location") ?? "", /#access_token=/);
  await page.goto(link);
  const said = page.getByRole("alert").filter({ hasText: "Email link is invalid or has expired" });
  await said.waitFor().catch(async (error) => {
    throw new Error(`${error}\nat ${page.url()}, the page reads: ${await page.locator("body").innerText()}`);
  });
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
  assert.deepEqual(run.pageErrors, []);
});

browserTest("one-time code: the code from the email signs the person in", async (run) => {
  const { page } = run;
  const email = uniqueEmail("code");
  await page.goto(run.appUrl);
  await signUp(page, email, "Code household");
  await page.getByRole("button", { name: "Sign out" }).click();
  await checkScreen(page, "sign-in");

  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).first().click();
  await page.getByLabel("6-digit code").waitFor();
  await checkScreen(page, "sign-in-code");
  const { code } = linkAndCode(await newestMail(email, "magiclink"));
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  assert.equal(await page.locator(".household-name").textContent(), "Code household");
  assert.deepEqual(run.pageErrors, []);
});
