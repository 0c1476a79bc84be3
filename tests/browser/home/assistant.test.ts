// The assistant screen in Chromium against the fake model API: the reply streams into the chat, the write the
// model proposes waits as a sentence (never JSON, never an id) with Confirm and Reject, and confirming runs it.
import assert from "node:assert/strict";
import { uniqueEmail } from "../../auth/auth-client.ts";
import { adminSql } from "../../support/stack.ts";
import { browserTest } from "../browser.ts";
import { routeAssistant } from "./assistant-server.ts";
import { assertPlainWords, checkScreen, open, signUp } from "./people.ts";

browserTest("the assistant proposes a write as a sentence and the person confirms it", async (run) => {
  const { page } = run;
  const assistant = await routeAssistant(page.context());
  const sql = adminSql();
  try {
    const email = uniqueEmail("assistant");
    await page.goto(run.appUrl);
    await signUp(page, email, "Assistant household");
    await open(page, "Assistant");
    await checkScreen(page, "assistant-empty");

    assistant.fake.script(
      {
        kind: "message",
        content: [
          { type: "text", text: "I can make that list. " },
          { type: "tool_use", id: "toolu_list", name: "grocery__create_list", input: { name: "Party shop" } },
        ],
      },
      { kind: "message", content: [{ type: "text", text: "Please confirm the new list below." }] },
    );
    await page.getByLabel("Message").fill("Make a list called Party shop");
    await page.getByRole("button", { name: "Send" }).click();
    const reply = page.locator(".chat-message.assistant");
    await reply.getByText("Please confirm the new list below.").waitFor();
    assert.match(await reply.innerText(), /I can make that list\./);

    const pending = page.locator(".pending-action");
    await pending.waitFor();
    const sentence = await pending.locator(".action-sentence").innerText();
    assert.match(sentence, /Party shop/);
    await assertPlainWords(page);
    await checkScreen(page, "assistant-proposal");
    const lists = () =>
      sql`select count(*)::int as count from grocery_lists l join household_members m using (household_id)
          join auth.users u on u.id = m.user_id where u.email = ${email} and l.name = 'Party shop'`;
    assert.equal((await lists())[0].count, 0, "nothing changes before the person confirms");

    await pending.getByRole("button", { name: /^Confirm/ }).click();
    await page.locator(".undo-offer", { hasText: "Done:" }).waitFor();
    assert.equal(await pending.count(), 0);
    assert.equal((await lists())[0].count, 1, "confirming created the list");

    // The conversation is still there after leaving the screen and reloading the tab.
    await open(page, "History");
    await page.reload();
    await open(page, "Assistant");
    await page.locator(".chat-message.user", { hasText: "Make a list called Party shop" }).waitFor();
    await page.locator(".chat-message.assistant", { hasText: "Please confirm the new list below." }).waitFor();
    await page.getByRole("button", { name: "Start a new conversation" }).click();
    assert.equal(await page.locator(".chat-message").count(), 0);
    assert.deepEqual(run.pageErrors, []);
  } finally {
    await assistant.close();
    await sql.end();
  }
});

browserTest("a proposal the person rejects changes nothing", async (run) => {
  const { page } = run;
  const assistant = await routeAssistant(page.context());
  try {
    await page.goto(run.appUrl);
    await signUp(page, uniqueEmail("assistant-reject"), "Rejecting household");
    await open(page, "Assistant");
    assistant.fake.script(
      {
        kind: "message",
        content: [{ type: "tool_use", id: "toolu_reject", name: "household__rename", input: { name: "Chaos" } }],
      },
      { kind: "message", content: [{ type: "text", text: "Waiting for you." }] },
    );
    await page.getByLabel("Message").fill("Rename us to Chaos");
    await page.keyboard.press("Enter");
    await page.locator(".pending-action").waitFor();
    await page.locator(".pending-action").getByRole("button", { name: /^Reject/ }).click();
    await page.locator(".pending-action").waitFor({ state: "detached" });
    assert.equal(await page.locator(".household-name").textContent(), "Rejecting household");
    assert.deepEqual(run.pageErrors, []);
  } finally {
    await assistant.close();
  }
});

browserTest("a confirmed proposal that cannot be done says why in words", async (run) => {
  const { page } = run;
  const assistant = await routeAssistant(page.context());
  try {
    await page.goto(run.appUrl);
    await signUp(page, uniqueEmail("assistant-fails"), "Failing household");
    await open(page, "Assistant");
    const proposeList = (id: string) => [
      {
        kind: "message" as const,
        content: [{ type: "tool_use" as const, id, name: "grocery__create_list", input: { name: "Twice" } }],
      },
      { kind: "message" as const, content: [{ type: "text" as const, text: "Confirm below." }] },
    ];
    assistant.fake.script(...proposeList("toolu_first"), ...proposeList("toolu_second"));
    for (const message of ["Make a list called Twice", "And again"]) {
      await page.getByLabel("Message").fill(message);
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByRole("button", { name: "Send" }).waitFor();
      await page.locator(".chat-message.assistant").last().getByText("Confirm below.").waitFor();
    }
    const pending = page.locator(".pending-action");
    assert.equal(await pending.count(), 2);
    await pending.first().getByRole("button", { name: /^Confirm/ }).click();
    await page.locator(".undo-offer", { hasText: "Done:" }).waitFor();
    await pending.first().getByRole("button", { name: /^Confirm/ }).click();
    const alert = page.getByRole("alert").filter({ hasText: /Twice/ });
    await alert.waitFor();
    assert.match(await alert.innerText(), /^Not done: .*Twice.*(already|exists|unique)/is);
    await assertPlainWords(page);
    assert.deepEqual(run.pageErrors, []);
  } finally {
    await assistant.close();
  }
});
