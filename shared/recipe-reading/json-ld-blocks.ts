// The JSON-LD blocks of a page: every <script type="application/ld+json">'s text, and the content of every
// <meta name="application/ld+json" content="{…}"> (some pages put it there), entities decoded. Found by a plain
// search for "ld+json" and a look at the tag around each hit, not by a regular expression over the whole page: a
// case-insensitive pattern tried at every position of a page of several megabytes was most of the reading time.
import { decodeEntities } from "./html-text.ts";
import { openingTags } from "./markup.ts";

const ldJson = /^application\/ld\+json$/i;
const scriptEnd = /<\/script\s*>/gi;

/**
 * Each position of "ld+json" in any case, in order. The search is for "+json" (and "+JSON"), whose first character
 * is rare in a page, so that it skips through the page as a memory scan; each resumes where the last one stopped.
 */
function hits(html: string): (from: number) => number {
  const next = { lower: -2, upper: -2 };
  return (from) => {
    for (;;) {
      if (next.lower !== -1 && next.lower < from + 2) next.lower = html.indexOf("+json", from + 2);
      if (next.upper !== -1 && next.upper < from + 2) next.upper = html.indexOf("+JSON", from + 2);
      const plus = next.lower < 0 ? next.upper : next.upper < 0 ? next.lower : Math.min(next.lower, next.upper);
      if (plus < 0) return -1;
      if (html.slice(plus - 2, plus).toLowerCase() === "ld") return plus - 2;
      from = plus - 1;
    }
  };
}

export function jsonLdBlocks(html: string): string[] {
  const blocks: string[] = [];
  const nextHit = hits(html);
  for (let hit = nextHit(0); hit >= 0;) {
    const start = html.lastIndexOf("<", hit);
    const end = html.indexOf(">", hit);
    if (start < 0 || end < 0) break;
    const [tag] = openingTags(html.slice(start, end + 1));
    let next = end + 1;
    if (tag?.start === 0 && tag.name === "script" && ldJson.test((tag.attributes.get("type") ?? "").trim())) {
      scriptEnd.lastIndex = end + 1;
      const closing = scriptEnd.exec(html);
      if (!closing) break;
      blocks.push(html.slice(end + 1, closing.index));
      next = closing.index + closing[0].length;
    } else if (tag?.start === 0 && tag.name === "meta" && ldJson.test((tag.attributes.get("name") ?? "").trim())) {
      const content = tag.attributes.get("content");
      if (content) blocks.push(decodeEntities(content));
    }
    hit = nextHit(next);
  }
  return blocks;
}
