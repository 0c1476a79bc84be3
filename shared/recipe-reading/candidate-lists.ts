// The lists on a page that could be its ingredients when no reading finds them (no schema.org data, no list under a
// heading, class or container that names them, none nearly all measured): each list, then each table and each block
// of lines broken with <br>, of 3 to 60 short items, a third at least measured, not links, not numbered steps, 8 at
// most. recipe.import_url takes the first whose
// lines name ingredients of the catalog; the page's text alone cannot tell "Unsalted butter" from "A new bike".
import { numberedStep, startsMeasured } from "./html-text.ts";
import { brokenBlocks, tables } from "./measured-blocks.ts";
import { listAt, pageBody } from "./page-markup-recipe.ts";
import { readingLimits } from "./reading-limits.ts";

export function candidateLists(html: string): string[][] {
  const body = pageBody(html);
  const found: string[][] = [];
  const seen = new Set<string>();
  for (const items of [...lists(body), ...tables(body), ...brokenBlocks(body)]) {
    if (items.length < 3 || items.length > 60 || items.some((item) => item.length > 200)) continue;
    const numbered = items.filter((item) => numberedStep.test(item)).length;
    if (numbered * 2 >= items.length || items.filter(startsMeasured).length * 3 < items.length) continue;
    const key = items.join("\n");
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(items);
    if (found.length === 8) break;
  }
  return found;
}

/** Each list's items, but for lists of links only (navigation). */
function* lists(body: string): Generator<string[]> {
  for (const match of body.matchAll(/<(?:ul|ol)\b[^>]*>/gi).take(readingLimits.lists)) {
    const list = listAt(body, match.index);
    if (!list.links) yield list.items;
  }
}
