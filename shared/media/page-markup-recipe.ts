// Pages without schema.org data: the ingredients are read from the page's own markup only where they are
// unambiguous: the list items of the first element whose class or id names its ingredients ("ingredients",
// "recipe-ingredients", "wprm-recipe-ingredients"…), or of the first list right after a heading that reads
// "Ingredients". The title is the page's og:title, else its first <h1>.
import { plainText } from "./html-text.ts";
import { innerMarkup, openingTags } from "./markup.ts";
import type { PageRecipeParts } from "./microdata-recipe.ts";

const ingredientsContainer =
  /\b(?:class|id)\s*=\s*["'][^"']*ingredients?(?:[-_](?:list|block|section|container|wrapper|group|box))?\b/i;

function listItems(markup: string): string[] {
  const items: string[] = [];
  for (const tag of openingTags(markup, /^<li\b/i)) {
    const text = plainText(innerMarkup(markup, tag, 5000));
    if (text && text.length <= 300) items.push(text);
  }
  return items;
}

function fromContainer(html: string): string[] | undefined {
  for (const tag of openingTags(html, ingredientsContainer)) {
    if (
      ["script", "style", "body", "html", "article", "main", "input", "button", "select", "option", "a"].includes(
        tag.name,
      )
    ) {
      continue;
    }
    const className = `${tag.attributes.get("class") ?? ""} ${tag.attributes.get("id") ?? ""}`;
    if (/\b(?:ingredient-(?:amount|name|unit|notes?)|ingredients?-(?:title|header|button|type))\b/i.test(className)) {
      continue;
    }
    const items = listItems(innerMarkup(html, tag));
    if (items.length >= 2) return items;
  }
  return undefined;
}

function afterHeading(html: string): string[] | undefined {
  const heading = /<(h[1-6]|strong|b|p)\b[^>]*>\s*(?:<[^>]+>\s*)*ingredients?\s*:?\s*(?:<[^>]+>\s*)*<\/\1>/i.exec(html);
  if (!heading) return undefined;
  const rest = html.slice(heading.index + heading[0].length, heading.index + heading[0].length + 50_000);
  const list = /<(ul|ol)\b[^>]*>/i.exec(rest);
  if (!list || list.index > 2000) return undefined;
  const [tag] = openingTags(rest.slice(list.index), /^<(?:ul|ol)\b/i);
  const items = listItems(innerMarkup(rest.slice(list.index), tag));
  return items.length >= 2 ? items : undefined;
}

function titleOf(html: string): string | null {
  for (const tag of openingTags(html, /og:title/i)) {
    if (tag.name === "meta" && tag.attributes.get("property") === "og:title") {
      const title = plainText(tag.attributes.get("content") ?? "");
      if (title) return title;
    }
  }
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  const title = h1 ? plainText(h1[1]) : "";
  return title || null;
}

export function pageMarkupRecipeOf(html: string): PageRecipeParts | undefined {
  const body = html.replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/gi, " ");
  const ingredients = fromContainer(body) ?? afterHeading(body);
  if (!ingredients) return undefined;
  return { name: titleOf(html), ingredients, instructions: [] };
}
