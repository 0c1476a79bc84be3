// Pages without schema.org data: the ingredients are read from the page's own markup only where they are
// unambiguous. The readings, in this order: the list items (or, without a list, the lines) of each element whose
// class or id names its ingredients ("ingredients", "recipe-ingredients", "ingredients-block"…); the elements that
// each mark one ingredient (ingredient-items.ts); what follows a heading that reads "Ingredients" (or "What you'll
// need"): its lists, each under its own short sub-heading, up to a heading of another part, else its lines up to the
// next heading; the first list whose items are nearly all measured ingredients; what follows a wider heading
// ("Recipe Ingredients", "Ingredients for 4", "You'll need"). The first reading of which a third of the lines are
// measured is taken, else the first reading.
// Lines that are not list items count only when most of them start with a quantity. The title is the page's
// og:title, else its first <h1>.
import { measuredStart, plainText, startsMeasured } from "./html-text.ts";
import { ingredientItems } from "./ingredient-items.ts";
import { elementSpans, innerMarkup, type OpeningTag, openingTags, withoutElements } from "./markup.ts";
import { measuredBreaks, measuredTable, nearlyAllMeasured, rowsOf } from "./measured-blocks.ts";
import { readingLimits } from "./reading-limits.ts";
import type { PageRecipeParts } from "./microdata-recipe.ts";

const ingredientsContainer =
  /\b(?:class|id)\s*=\s*["'][^"']*ingredients?(?:[-_](?:list|block|section|container|wrapper|group|box))?\b/i;
const notAContainer = /\b(?:ingredient-(?:amount|name|unit|notes?)|ingredients?-(?:title|header|button|type))\b/i;
// A heading that reads "Ingredients" (or "What you'll need", "You will need", "Shopping list"); failing that, one with
// up to three words before it or a few after ("Recipe Ingredients", "Cake ingredients:", "Ingredients for 4",
// "Ingredients (serves 2)", "You'll need"). The plain ones are tried first, and the wider ones after a list of
// measured lines: "Baking Ingredients" in a menu or "More about the ingredients" above notes come before the real
// heading on some pages.
const headingStart = String
  .raw`<(h[1-6]|strong|b|p|div|span|td|th|dt|em|label)\b[^>]*>(?:<[^>]+>|&#?\w+;|[^\w<&]){0,40}`;
const headingEnd = String.raw`\s*:?\s*(?:<[^>]+>\s*)*<\/\1>`;
const plainHeading = new RegExp(
  headingStart +
    String.raw`(?:ingredients?|what you(?:'|’|&rsquo;|&#8217;)?ll need|what you need|you will need|shopping list)` +
    headingEnd,
  "gi",
);
const widerHeading = new RegExp(
  headingStart +
    String
      .raw`(?:(?:[\p{L}'’-]+\s+){1,3}ingredients?|ingredients?(?:\s+(?:for|to make)\s+[^<:]{1,30}|\s*\([^)<]{1,30}\))|` +
    String.raw`you(?:'|’|&rsquo;|&#8217;)?ll need)` + headingEnd,
  "giu",
);

/**
 * An item's own markup: up to its closing tag, the next item, the list's end, or a list nested in it (whose items
 * are read as items of their own). The closing tag is optional in HTML.
 */
function itemMarkup(markup: string, tag: OpeningTag): string {
  const ahead = markup.slice(tag.contentStart, tag.contentStart + 5000);
  const next = /<(?:\/?li|\/?ul|\/?ol)\b/i.exec(ahead);
  return next ? ahead.slice(0, next.index) : ahead.slice(0, 2000);
}

function listItems(markup: string): string[] {
  const items: string[] = [];
  for (const tag of openingTags(markup, /^<li\b/i).take(readingLimits.items)) {
    const text = plainText(itemMarkup(markup, tag));
    if (text && text.length <= 300) items.push(text);
  }
  return items;
}

/** A table's rows as lines (rowsOf); undefined without two rows. */
function tableRows(markup: string): string[] | undefined {
  const rows = rowsOf(markup);
  return rows.length >= 2 ? rows : undefined;
}

/** The markup with each heading (an <h1> to <h6> up to the first heading's closing tag after it) a line break. */
function withoutHeadings(markup: string): string {
  let result = "";
  let at = 0;
  for (const heading of elementSpans(markup, "h[1-6]", false)) {
    result += markup.slice(at, heading.start) + "\n";
    at = heading.end;
  }
  return result + markup.slice(at);
}

const methodStart = /^(?:method|instructions?|directions?|preparation|steps?)\s*:?$/i;
const bulleted = /^[-*•·▪◦]\s+/;

/**
 * The markup's lines (paragraphs, line breaks) up to a heading of the method ("Method:"), when most of them read
 * as measured ingredients. Paragraphs written as a bulleted list ("- 250g pastry") count by their bullets: only
 * the bulleted ones, so that a newsletter box between them is left out.
 */
function measuredLines(markup: string): string[] | undefined {
  let lines = (tableRows(markup) ?? plainText(withoutHeadings(markup), true).split("\n"))
    .filter((line) => line.length <= 200);
  const method = lines.findIndex((line) => methodStart.test(line));
  if (method >= 0) lines = lines.slice(0, method);
  const withBullets = lines.filter((line) => bulleted.test(line));
  if (withBullets.length >= 2 && withBullets.length * 2 >= lines.length) {
    lines = withBullets.map((line) => line.replace(bulleted, ""));
  }
  const measured = lines.filter((line) => measuredStart.test(line)).length;
  return lines.length >= 2 && measured * 2 > lines.length ? lines : undefined;
}

/** The lines of each element whose class or id names its ingredients, in page order. */
function* fromContainers(html: string): Generator<string[]> {
  for (const tag of openingTags(html, ingredientsContainer).take(readingLimits.containers)) {
    if (["script", "style", "body", "html", "input", "button", "select", "option", "a"].includes(tag.name)) continue;
    if (notAContainer.test(`${tag.attributes.get("class") ?? ""} ${tag.attributes.get("id") ?? ""}`)) continue;
    const inner = innerMarkup(html, tag);
    const items = sectionedLists(inner) ?? listItems(inner);
    if (items.length >= 2) yield [...items, ...followingGroups(html, tag, tag.contentStart + inner.length)];
    const lines = items.length === 0 ? measuredLines(inner) : undefined;
    if (lines) yield lines;
  }
}

/**
 * A container's lists, each after the short sub-heading just before it ("Yeast version", "For the glaze"), which
 * becomes the section of its lines; undefined unless two lists at least have items. A sub-heading of another part
 * ("Notes", "Equipment") ends them; an aside in it does not ("Seared prawns (optional, see notes)").
 */
function sectionedLists(inner: string): string[] | undefined {
  const lines: string[] = [];
  let [lists, end] = [0, 0];
  for (
    let [next, tried] = [listStart.exec(inner), 0];
    next && tried < readingLimits.lists;
    [next, tried] = [listStart.exec(inner.slice(end)), tried + 1]
  ) {
    const start = end + next.index;
    const list = listAt(inner, start);
    // Only the last block before the list: a container's own label ("Ingredients", "US Customary Metric", "1x 2x
    // 3x") or a paragraph of serving ideas comes before some groups' sub-heading.
    const lastBlock = inner.slice(end, start).split(/<\/(?:h[1-6]|p|div|li|span|strong|b)\s*>/i)
      .findLast((piece) => plainText(piece)) ?? "";
    const label = plainText(lastBlock).replace(/\([^()]*\)/g, "").replace(/[:\s]+$/, "");
    if (lists > 0 && otherPartHeading.test(label)) break;
    if (list.items.length > 0) {
      const heading = subHeading(lastBlock);
      if (heading && !/^ingredients?$/i.test(heading)) lines.push(`${heading}:`);
      lines.push(...list.items);
      lists += 1;
    }
    end = list.end;
  }
  return lists >= 2 ? lines : undefined;
}

/**
 * The groups that follow a container in elements of its own kind and class ("<ul class="ingredients">" for the
 * brownies, then another for the frosting), each under the short sub-heading between them, up to anything longer.
 */
function followingGroups(html: string, container: OpeningTag, end: number): string[] {
  const lines: string[] = [];
  const kind = `${container.name} ${container.attributes.get("class") ?? ""}`;
  for (let [at, groups] = [end, 0]; at < html.length && groups < readingLimits.lists; groups++) {
    const [next] = openingTags(html.slice(at, at + 3000), ingredientsContainer).filter((tag) =>
      `${tag.name} ${tag.attributes.get("class") ?? ""}` === kind
    ).take(1);
    if (!next) break;
    const heading = subHeading(html.slice(at, at + next.start));
    if (heading === undefined) break;
    const inner = innerMarkup(html.slice(at), next);
    const items = sectionedLists(inner) ?? listItems(inner);
    if (items.length === 0) break;
    if (heading) lines.push(`${heading}:`);
    lines.push(...items);
    at += next.contentStart + inner.length;
  }
  return lines;
}

// A heading between two lists that starts something else than another part of the ingredients: the method, the
// tools, notes.
const otherPartHeading =
  /\b(?:method|instructions?|directions?|preparation|steps?|recipes?|how to|notes?|tips?|nutrition|equipment|tools?|utensils?|supplies|related|more|popular|similar|also like|you may|share|follow|subscribe|comments?|reviews?|categories|tags)\b/i;
const listStart = /<(ul|ol)\b[^>]*>/i;

/**
 * The list that starts at `start` of `markup`: its items, where it ends (after its closing tag), and whether each
 * item is only a link (navigation: "More recipes", not ingredients).
 */
export function listAt(markup: string, start: number): { items: string[]; end: number; links: boolean } {
  const [tag] = openingTags(markup.slice(start), /^<(?:ul|ol)\b/i);
  const inner = innerMarkup(markup.slice(start), tag, readingLimits.listMarkup);
  const closing = /^<\/(?:ul|ol)\s*>/i.exec(markup.slice(start + tag.contentStart + inner.length));
  const links = [...openingTags(inner, /^<li\b/i).take(readingLimits.items)].every((item) =>
    /^\s*<a\b[\s\S]*<\/a>\s*$/i.test(itemMarkup(inner, item))
  );
  return {
    items: listItems(inner),
    end: start + tag.contentStart + inner.length + (closing?.[0].length ?? 0),
    links,
  };
}

/** What stands between two lists, when it is a short sub-heading ("Rice", "For the glaze") or nothing. */
function subHeading(gap: string): string | undefined {
  if (gap.length > 3000) return undefined;
  const text = plainText(gap).replace(/[:\s]+$/, "");
  // A recipe card's buttons that scale the amounts ("1x 2x 3x"), its own label ("Ingredients") and a count of
  // servings ("4") name no part of the ingredients.
  const label = text.replace(/(?:^|\s)[\d½/.]+\s*x(?=\s|$)/gi, "").trim();
  if (/^(?:ingredients?|\d*)$/i.test(label)) return "";
  // An aside names no part: "Seared prawns (optional, see notes)" is a group of the ingredients.
  if (text.length > 60 || otherPartHeading.test(text.replace(/\([^()]*\)/g, ""))) return undefined;
  return text;
}

/**
 * The lists after the heading: the first within 2,000 characters (after at most a sub-heading of its own, "For
 * the chicken:"), then each further list that only a short sub-heading separates from the one before
 * ("Tortillas", "Rice", "For the glaze"), which becomes the section of its lines. A heading of another part
 * ("Instructions", "Method", "Tools") or anything longer ends them.
 */
function listsAfter(rest: string): string[] | undefined {
  const first = listStart.exec(rest);
  if (!first || first.index >= 2000) return undefined;
  const lines: string[] = [];
  // Between the heading and its first list: anything without a heading of its own, or a sub-heading.
  const heading = subHeading(rest.slice(0, first.index));
  if (heading === undefined && /<h[1-6]\b/i.test(rest.slice(0, first.index))) return undefined;
  if (heading) lines.push(`${heading}:`);
  let list = listAt(rest, first.index);
  if (list.items.length < 2) return undefined;
  lines.push(...list.items);
  for (let lists = 1; lists < readingLimits.lists; lists++) {
    const next = listStart.exec(rest.slice(list.end));
    if (!next) break;
    const heading = subHeading(rest.slice(list.end, list.end + next.index));
    if (heading === undefined) break;
    const following = listAt(rest, list.end + next.index);
    if (following.items.length === 0 || following.links || following.items.some((item) => item.length > 200)) break;
    // A list of sentences ("Mix everything.", "Chill for 1 hour.") is the method, even right after the ingredients.
    const sentences = following.items.filter((item) => /[.!]$/.test(item) && item.split(/\s+/).length >= 2);
    if (sentences.length * 2 > following.items.length) break;
    if (heading) lines.push(`${heading}:`);
    lines.push(...following.items);
    list = following;
  }
  return lines;
}

/** What follows each such heading (the first ten), where ingredients follow it ("Key ingredients" in the intro has none). */
function* afterHeadings(html: string, heading: RegExp): Generator<string[]> {
  let tried = 0;
  for (const found of html.matchAll(heading)) {
    if (++tried > 10) break;
    const rest = html.slice(found.index + found[0].length, found.index + found[0].length + 50_000);
    const lists = listsAfter(rest);
    if (lists) {
      yield lists;
      continue;
    }
    const nextHeading = rest.search(/<h[1-6]\b/i);
    const lines = measuredLines(nextHeading < 0 ? rest.slice(0, 10_000) : rest.slice(0, nextHeading));
    if (lines) yield lines;
  }
}

export function titleOf(html: string): string | null {
  for (const tag of openingTags(html, /og:title/i)) {
    if (tag.name === "meta" && tag.attributes.get("property") === "og:title") {
      const title = plainText(tag.attributes.get("content") ?? "");
      if (title) return title;
    }
  }
  const [h1] = elementSpans(html, "h1").take(1);
  const title = h1 ? plainText(html.slice(h1.contentStart, h1.contentEnd)) : "";
  return title || null;
}

/**
 * Without a container or a heading that names the ingredients: the first list on the page of at least three items
 * that are nearly all measured ingredients ("6 cups rotisserie chicken, shredded"; four in five start with a
 * quantity, none longer than 200 characters, not a list of links), with the lists that follow it under short
 * sub-headings. A page's other lists (navigation, steps, "10 best…") are not written that way.
 */
function measuredList(body: string): string[] | undefined {
  for (const match of body.matchAll(/<(?:ul|ol)\b[^>]*>/gi).take(readingLimits.lists)) {
    const list = listAt(body, match.index);
    if (!list.links && nearlyAllMeasured(list.items)) return listsAfter(body.slice(match.index));
  }
  return undefined;
}

/** The page without its scripts, styles and noscript fallbacks: what the markup readings read. */
export function pageBody(html: string): string {
  return withoutElements(html, "script|style|noscript");
}

export function pageMarkupRecipeOf(html: string): PageRecipeParts | undefined {
  const body = pageBody(html);
  // The broader headings come last: a list of measured lines is the surer sign.
  function* readings(): Generator<string[]> {
    yield* fromContainers(body);
    const items = ingredientItems(body);
    if (items) yield items;
    yield* afterHeadings(body, plainHeading);
    const list = measuredList(body) ?? measuredTable(body) ?? measuredBreaks(body);
    if (list) yield list;
    yield* afterHeadings(body, widerHeading);
  }
  // The first reading of which a third of the lines at least are measured: a menu ("Chicken", "Beef") or notes on
  // the ingredients ("Whole milk – do not go low-fat") under a container or heading that names them come before
  // the recipe's own list on some pages. Failing that, the first reading.
  let ingredients: string[] | undefined;
  let tried = 0;
  for (const lines of readings()) {
    ingredients ??= lines;
    if (lines.filter(startsMeasured).length * 3 >= lines.length) {
      ingredients = lines;
      break;
    }
    if (++tried >= 20) break;
  }
  if (!ingredients) return undefined;
  return { name: titleOf(html), ingredients, instructions: [] };
}
