// Just enough of an HTML reader for recipe pages: opening tags with their attributes, and an element's inner
// markup up to its matching closing tag. Regular expressions over the text; nothing is executed.

export interface OpeningTag {
  name: string;
  attributes: Map<string, string>;
  /** Where the tag starts and where its content starts. */
  start: number;
  contentStart: number;
}

const openingTag = /<([a-zA-Z][a-zA-Z0-9-]*)(\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/g;
const attribute = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const voidElements = new Set(["meta", "link", "img", "br", "hr", "input", "source", "area", "base", "col", "wbr"]);

export function* openingTags(html: string, filter?: RegExp): Generator<OpeningTag> {
  for (const match of html.matchAll(openingTag)) {
    if (filter && !filter.test(match[0])) continue;
    const attributes = new Map<string, string>();
    for (const found of (match[2] ?? "").matchAll(attribute)) {
      attributes.set(found[1].toLowerCase(), found[2] ?? found[3] ?? found[4] ?? "");
    }
    yield {
      name: match[1].toLowerCase(),
      attributes,
      start: match.index!,
      contentStart: match.index! + match[0].length,
    };
  }
}

/** The element's inner markup, up to the closing tag that matches it (same-name elements nested inside counted). */
export function innerMarkup(html: string, tag: OpeningTag, maxLength = 200_000): string {
  if (voidElements.has(tag.name)) return "";
  const pattern = new RegExp(`<(/?)${tag.name}\\b[^>]*>`, "gi");
  pattern.lastIndex = tag.contentStart;
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match.index - tag.contentStart > maxLength) break;
    if (match[1]) depth -= 1;
    else if (!match[0].endsWith("/>")) depth += 1;
    if (depth === 0) return html.slice(tag.contentStart, match.index);
  }
  return html.slice(tag.contentStart, tag.contentStart + Math.min(maxLength, 2000));
}
