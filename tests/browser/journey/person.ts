// A person at the keyboard in a journey: every action is counted as the clicks and keystrokes it takes.
import type { Locator, Page } from "playwright-core";
import { password } from "../home/people.ts";

export /** A person at the keyboard: every action is counted as the clicks and keystrokes it takes. */
class Person {
  clicks = 0;
  keystrokes = 0;
  /** The name members see, once given at sign-up (signUpAs). */
  displayName?: string;
  constructor(readonly page: Page, readonly email: string) {}

  async click(target: Locator): Promise<void> {
    await target.click();
    this.clicks++;
  }

  /** Clicks into the field; clears what is there (select all, delete) if anything; types the text key by key. */
  async type(target: Locator, text: string): Promise<void> {
    await this.click(target);
    if (await target.inputValue()) {
      await target.press("ControlOrMeta+a");
      await target.press("Backspace");
      this.keystrokes += 2;
    }
    await target.pressSequentially(text);
    this.keystrokes += text.length;
  }

  /** Picks an option of a select with the mouse: one click opens it, one chooses. */
  async choose(target: Locator, label: string): Promise<void> {
    await target.selectOption({ label });
    this.clicks += 2;
  }

  /** Types into an autocomplete and clicks the suggestion. */
  async pick(target: Locator, typed: string, option: string): Promise<void> {
    await this.type(target, typed);
    await this.click(this.page.getByRole("option", { name: option, exact: true }));
  }

  /** Reloads the page (F5: one keystroke). */
  async reload(): Promise<void> {
    await this.page.reload();
    this.keystrokes++;
  }

  async open(label: string, heading: string | RegExp = label): Promise<void> {
    await this.click(this.page.getByRole("navigation", { name: "Screens" }).getByRole("link", { name: label }));
    await this.page.getByRole("heading", { level: 1, name: heading }).waitFor();
  }

  /** Opens a link someone sent: pasted into the address bar and Enter (two keystrokes). */
  async openLink(link: string): Promise<void> {
    await this.page.goto(link);
    this.keystrokes += 2;
  }

  /**
   * Signs up giving the name members see (and, without an invite link, the household's name); the sign-up form is
   * the one the page shows, or is chosen with "Create an account".
   */
  async signUpAs(displayName: string, householdName?: string): Promise<void> {
    const page = this.page;
    await page.getByLabel("Email").waitFor();
    if (await page.getByRole("button", { name: "Create an account" }).isVisible()) {
      await this.click(page.getByRole("button", { name: "Create an account" }));
    }
    await this.type(page.getByLabel("Email"), this.email);
    await this.type(page.getByLabel("Password"), password);
    await this.type(page.getByLabel("Your name, as members see it"), displayName);
    this.displayName = displayName;
    if (householdName) await this.type(page.getByLabel("Household name"), householdName);
    await this.click(page.getByRole("button", { name: "Sign up" }));
    await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  }

  async signUp(householdName?: string): Promise<void> {
    const page = this.page;
    await page.getByLabel("Email").waitFor();
    if (await page.getByRole("button", { name: "Create an account" }).isVisible()) {
      await this.click(page.getByRole("button", { name: "Create an account" }));
    }
    await this.type(page.getByLabel("Email"), this.email);
    await this.type(page.getByLabel("Password"), password);
    if (householdName) await this.type(page.getByLabel("Household name"), householdName);
    await this.click(page.getByRole("button", { name: "Sign up" }));
    await page.getByRole("heading", { name: "Shopping list" }).waitFor();
  }

  /** A recipe by hand: title, servings, each line's ingredient picked from the autocomplete, amount and unit. */
  async createRecipe(title: string, servings: number, lines: [string, string, number, string][]): Promise<void> {
    const page = this.page;
    await this.click(page.getByRole("link", { name: "New recipe" }));
    await page.getByRole("heading", { name: "New recipe" }).waitFor();
    await this.type(page.getByLabel("Title"), title);
    await this.type(page.getByLabel("Servings"), String(servings));
    for (const [index, [typed, ingredient, amount, unit]] of lines.entries()) {
      if (index > 0) await this.click(page.getByRole("button", { name: "Add an ingredient" }));
      const line = page.getByRole("group", { name: `Ingredient ${index + 1}`, exact: true });
      await this.pick(line.getByRole("combobox", { name: "Ingredient" }), typed, ingredient);
      await this.type(line.getByLabel("Amount"), String(amount));
      await this.choose(line.getByLabel("Unit"), unit);
    }
    await this.click(page.getByRole("button", { name: "Save recipe" }));
    await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
  }

  async askAssistant(message: string): Promise<void> {
    await this.type(this.page.getByLabel("Message"), message);
    await this.click(this.page.getByRole("button", { name: "Send" }));
    await this.page.locator(".pending-action").waitFor();
  }

  async confirmProposal(): Promise<void> {
    await this.click(this.page.locator(".pending-action").getByRole("button", { name: /^Confirm/ }));
    await this.page.locator(".pending-action").waitFor({ state: "detached" });
  }
}
