// Without a model configured (the test stack's own functions have none; nothing is routed to the fake here), the
// app asks GET assistant/status, is told { configured: false }, and shows no Assistant tab; opening #/assistant
// directly says it is not available, and no word of the setup (ANTHROPIC_API_KEY) appears anywhere.
import assert from "node:assert/strict";
import { uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";
import { signUp } from "./people.ts";

browserTest("without a configured assistant there is no Assistant tab and no setup text", async (run) => {
  const { page } = run;
  const statusReply = page.waitForResponse((response) =>
    response.url().includes("/functions/v1/assistant/status") && response.request().method() === "GET"
  );
  await page.goto(run.appUrl);
  await signUp(page, uniqueEmail("assistant-absent"), "No assistant household");
  const reply = await statusReply;
  assert.equal(reply.status(), 200, "the stack's assistant function answers the status route");
  assert.deepEqual(await reply.json(), { ok: true, data: { configured: false } });

  const nav = page.getByRole("navigation", { name: "Screens" });
  await nav.getByRole("link", { name: "Household" }).waitFor();
  assert.equal(await nav.getByRole("link", { name: "Assistant" }).count(), 0, "no Assistant tab");

  await page.goto(`${run.appUrl}#/assistant`);
  await page.getByText("The assistant is not available here.").waitFor();
  const text = await page.locator("body").innerText();
  assert.doesNotMatch(text, /ANTHROPIC|API_KEY|functions/i);
  assert.deepEqual(run.pageErrors, []);
});
