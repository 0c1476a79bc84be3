// Screenshots of the app's screens at a laptop's and a phone's width, into .local/screenshots/<name>-<width>.png
// (the README names the folder), for a person to look at: a screen is judged by how it looks, not only by tests.
import { dirname, join } from "node:path";
import type { Page } from "playwright-core";
import { projectRoot } from "../../supabase/local/stack/stack-config.ts";

export const screenshotDirectory = join(projectRoot, ".local", "screenshots");
export const screenshotWidths = [1280, 390] as const;

/**
 * Calls `check` (axe, say) at each width, checks that nothing makes the page wider than the viewport, then saves a
 * full-page screenshot; the viewport is put back afterwards. Returns the files written.
 */
export async function screenshotAtWidths(
  page: Page,
  name: string,
  check?: (width: number) => Promise<void>,
): Promise<string[]> {
  // ("journey/week": a folder of its own under the screenshots'.)
  await Deno.mkdir(dirname(join(screenshotDirectory, name)), { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  try {
    for (const width of screenshotWidths) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      // Two frames: the layout at the new width is painted before axe looks and the screenshot is taken.
      await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))");
      await check?.(width);
      // Nothing sticks out sideways: a phone would scroll the whole screen to read it.
      const wide = await page.evaluate("document.documentElement.scrollWidth") as number;
      if (wide > width) throw new Error(`${name} is ${wide} px wide at a width of ${width} px`);
      const path = join(screenshotDirectory, `${name}-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      files.push(path);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  return files;
}
