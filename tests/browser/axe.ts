// axe-core run inside the page (its own source injected, as @axe-core/playwright does): the serious and critical
// violations of WCAG 2 A/AA and best-practice rules, each with the elements it found, in words a test can print.
import axe from "axe-core";
import type { Page } from "playwright-core";

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const blocking = new Set(["serious", "critical"]);

/** The serious and critical violations axe finds in the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the app's Content-Security-Policy (no inline scripts) allows;
  // page.addScriptTag would add an inline <script> the policy blocks.
  const injected = await page.evaluate(() => "axe" in globalThis);
  if (!injected) await page.evaluate(`${axe.source}\n;true`);
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const inPage = globalThis as any;
    const results = await inPage.axe.run(inPage.document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    // deno-lint-ignore no-explicit-any
    return results.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      // deno-lint-ignore no-explicit-any
      targets: violation.nodes.map((node: any) => node.target.join(" ")),
    }));
  });
  return (violations as AxeViolation[]).filter((violation) => blocking.has(violation.impact));
}

/** "color-contrast (serious): Elements must meet … — .hint, nav a" per violation, for an assertion's message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((violation) =>
    `${violation.id} (${violation.impact}): ${violation.help} — ${violation.targets.slice(0, 5).join(", ")}`
  ).join("\n");
}
