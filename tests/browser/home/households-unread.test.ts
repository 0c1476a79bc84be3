// When the households cannot be read (the server refuses or fails), the app says so and offers to try again; it
// does not tell a member of a household that they are in none.
import assert from "node:assert/strict";
import { uniqueEmail } from "../../auth/auth-client.ts";
import { browserTest } from "../browser.ts";
import { checkScreen, signUp } from "./people.ts";

browserTest(
  "households that could not be read are said so, with Try again, never 'not in a household'",
  async (run) => {
    const { page } = run;
    await page.goto(run.appUrl);
    await signUp(page, uniqueEmail("unread"), "Unread household");

    const failing = "**/functions/v1/household/list";
    await page.route(failing, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          ok: false,
          error: { type: "UNAVAILABLE", message: "The database is not answering; try again shortly.", retryable: true },
        }),
      }));
    await page.reload();
    await page.getByText("Your households could not be read.").waitFor();
    await page.getByText("The database is not answering; try again shortly.").waitFor();
    assert.equal(await page.getByText("You are not in a household").count(), 0);
    await checkScreen(page, "households-unread");

    await page.unroute(failing);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "Shopping list" }).waitFor();
    assert.equal(await page.locator(".household-name").textContent(), "Unread household");
    assert.equal(await page.getByText("The database is not answering").count(), 0);
  },
);
