// Members who come and go, in Chromium: Bob names himself on the household screen; an offline tick of his that
// Alice overtook names her; Alice removes Bob and his open list says so in words at once; Bob opens Alice's invite
// link, which names the household and her, and is back on the list.
import assert from "node:assert/strict";
import { noBrowser, sharedBrowser } from "../browser.ts";
import { checkbox, householdWithList, openAs } from "../list/shopping-pair.ts";
import { callToolOk } from "../../support/tools-client.ts";
import { checkScreen } from "../home/people.ts";

Deno.test({
  name: "members come and go: named conflicts, told at once when removed, back through an invite link",
  ignore: noBrowser !== undefined,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const { browser, app } = await sharedBrowser();
    const household = await householdWithList("comego", ["milk"]);
    const { alice, bob, listId } = household;
    await callToolOk(alice.user, "household.set_display_name", { display_name: "Alice" });
    await callToolOk(alice.user, "household.rename", { name: "The Smiths" });
    const bobPage = await openAs(browser, app.url, bob);
    const alicePage = await openAs(browser, app.url, alice);
    const page = bobPage.page;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    try {
      // Bob gives his name on the household screen; Alice's members list shows it.
      await page.getByRole("navigation", { name: "Screens" }).getByRole("link", { name: "Household" }).click();
      await page.getByLabel("Your name").fill("  Bob  ");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByText("Members now see you as Bob.").waitFor();
      await alicePage.page.getByRole("navigation", { name: "Screens" }).getByRole("link", { name: "Household" })
        .click();
      await alicePage.page.locator(".member-name", { hasText: "Bob" }).waitFor();
      await checkScreen(alicePage.page, "members-named");

      // Offline, Bob ticks milk; meanwhile Alice ticks and unticks it. Back online, his tick is refused, naming her.
      await page.getByRole("navigation", { name: "Screens" }).getByRole("link", { name: "Shopping list" }).click();
      await page.locator(".connection", { hasText: "Up to date." }).waitFor();
      await bobPage.network.goOffline();
      await checkbox(page, "milk").click();
      const [{ item }] = [(await callToolOk(alice.user, "grocery.get_list", { grocery_list_id: listId })).items]
        .map((items) => ({ item: items.find((each) => each.name === "milk")! }));
      await callToolOk(alice.user, "grocery.check_item", { grocery_item_id: item.id });
      await callToolOk(alice.user, "grocery.uncheck_item", { grocery_item_id: item.id });
      bobPage.network.goOnline();
      await page.getByText(/"milk" was unticked by Alice after you last read Groceries/).waitFor();
      await checkScreen(page, "conflict-named");

      // Alice removes Bob from her household screen: Bob's open list says so at once.
      const removed = Date.now();
      await alicePage.page.getByRole("button", { name: "Remove Bob" }).click();
      await alicePage.page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
      await page.getByText("Alice removed you from The Smiths.").first().waitFor({ timeout: 5000 });
      const toldAfterMs = Date.now() - removed;
      assert.equal(await page.getByText("Up to date.").count(), 0);
      await checkScreen(page, "removed");

      // Bob opens a link Alice made: it names the household and her, and he is back on the list.
      const { code } = await callToolOk(alice.user, "household.create_invite", {});
      await page.goto(`${app.url}#/join/${code}`);
      await page.getByRole("heading", { name: "Shopping list" }).waitFor();
      await page.getByText("You joined The Smiths, invited by Alice.").waitFor();
      await page.locator(".connection", { hasText: "Up to date." }).waitFor();
      await checkScreen(page, "back-through-link");
      assert.deepEqual(errors, []);
      console.log(`removed member told after ${toldAfterMs} ms`);
    } finally {
      await Promise.all([bobPage, alicePage].map((member) => member.context.close()));
    }
  },
});
