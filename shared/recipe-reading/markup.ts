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

export interface ElementSpan {
  name: string;
  /** Where the opening tag starts, where its content starts and ends, and where the closing tag ends. */
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}

/**
 * The elements of these names (a pattern: "script|style", "h[1-6]") with their content, as the lazy pattern
 * `<(name)\b[^>]*>([\s\S]*?)<\/\1>` finds them: each opening tag up to the first closing tag of its name after it
 * (of any of the names when `sameName` is false); an opening tag with none after it is left out. One pass over the
 * tags, where that pattern tried at each unclosed opening tag scans to the end of the page each time.
 */
export function* elementSpans(html: string, names: string, sameName = true): Generator<ElementSpan> {
  const tags = new RegExp(`<(/?)(${names})\\b[^>]*>`, "gi");
  const events = [...html.matchAll(tags)].map((found) => ({
    closing: found[1] === "/",
    name: found[2].toLowerCase(),
    start: found.index,
    end: found.index + found[0].length,
  }));
  const closings = new Map<string, number[]>();
  for (const [index, event] of events.entries()) {
    if (!event.closing) continue;
    const key = sameName ? event.name : "";
    if (!closings.has(key)) closings.set(key, []);
    closings.get(key)!.push(index);
  }
  const next = new Map<string, number>();
  let after = 0;
  for (const event of events) {
    if (event.closing || event.start < after) continue;
    const key = sameName ? event.name : "";
    const own = closings.get(key) ?? [];
    let at = next.get(key) ?? 0;
    while (at < own.length && events[own[at]].start < event.end) at += 1;
    next.set(key, at);
    if (at === own.length) continue;
    const closing = events[own[at]];
    yield {
      name: event.name,
      start: event.start,
      contentStart: event.end,
      contentEnd: closing.start,
      end: closing.end,
    };
    after = closing.end;
  }
}

/** The markup without the elements of these names and their content, each replaced by `replacement`. */
export function withoutElements(html: string, names: string, replacement = " "): string {
  if (!html.includes("</")) return html;
  let result = "";
  let at = 0;
  for (const span of elementSpans(html, names)) {
    result += html.slice(at, span.start) + replacement;
    at = span.end;
  }
  return result + html.slice(at);
}
