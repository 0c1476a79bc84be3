// Cooklang (read from cooklang/spec, spec.md, and TandoorRecipes/recipes cookbook/integration/cooklang.py): a
// recipe is text whose steps mark their ingredients ("@salt", "@olive oil{2%tbsp}", "@eggs{3}(beaten)"), cookware
// ("#pot", "#frying pan{}") and timers ("~{25%minutes}", "~rest{10%min}"). Metadata is YAML front matter between
// "---" lines or ">> key: value" lines; "--" starts a comment, "[- … -]" is a block comment, "= Dough" (or
// "== Dough ==") a section, "> …" a note; each paragraph is a step.
import { type CollectionLine, type CollectionRecipe, emptyRecipe, mostLinesRead } from "./collection-recipe.ts";

// An ingredient: "@name{amount}" (the name may have spaces) or "@word"; an optional "(note)" right after.
const ingredientMark = /@[?&+\-]?(?:([^@#~{}\n]+?)\{([^}\n]*)\}|([\p{L}\p{N}_'’-]+))(?:\(([^)\n]*)\))?/gu;
const cookwareMark = /#(?:([^@#~{}\n]+?)\{[^}\n]*\}|([\p{L}\p{N}_'’-]+))/gu;
const timerMark = /~([^@#~{}\n]*?)\{([^}\n]*)\}/gu;

function quantityOf(text: string): number | null {
  const plain = text.trim();
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(plain);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(plain);
  if (fraction) return Number(fraction[2]) === 0 ? null : Number(fraction[1]) / Number(fraction[2]);
  return /^\d+(?:\.\d+)?$/.test(plain) ? Number(plain) : null;
}

function metadataOf(text: string): { metadata: Map<string, string>; body: string } {
  const metadata = new Map<string, string>();
  let body = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const front = /^---\n([\s\S]*?)\n---\n?/.exec(body);
  if (front) {
    body = body.slice(front[0].length);
    let listKey: string | null = null;
    for (const line of front[1].split("\n")) {
      const item = /^\s+-\s+(.+)$/.exec(line);
      if (item && listKey) {
        metadata.set(listKey, [metadata.get(listKey), item[1].trim()].filter(Boolean).join(", "));
        continue;
      }
      const pair = /^([\w .-]+):\s*(.*)$/.exec(line);
      if (!pair) continue;
      listKey = pair[1].trim().toLowerCase();
      metadata.set(listKey, pair[2].trim().replace(/^\[(.*)\]$/, "$1").replace(/^["']|["']$/g, ""));
    }
  }
  body = body.replace(/^>>\s*([^:\n]+):\s*(.*)$/gm, (_, key: string, value: string) => {
    metadata.set(key.trim().toLowerCase(), value.trim());
    return "";
  });
  return { metadata, body };
}

/** The recipe in a .cook file; `fileTitle` (its name without ".cook") is the title when its metadata has none. */
export function cooklangRecipeOf(text: string, fileTitle: string | null): CollectionRecipe {
  const { metadata, body } = metadataOf(text);
  const lines: CollectionLine[] = [];
  const steps: string[] = [];
  const notes: string[] = [];
  let section: string | null = null;
  const withoutComments = body.replace(/\[-[\s\S]*?-\]/g, "").replace(/--.*$/gm, "");
  for (const paragraph of withoutComments.split(/\n\s*\n/)) {
    const stepLines: string[] = [];
    for (const raw of paragraph.split("\n").map((line) => line.trim()).filter(Boolean)) {
      const heading = /^=+\s*(.*?)\s*=*$/.exec(raw);
      if (heading) {
        section = heading[1] || null;
        if (section) steps.push(`${section}:`);
        continue;
      }
      if (raw.startsWith(">")) {
        notes.push(raw.replace(/^>\s*/, ""));
        continue;
      }
      stepLines.push(raw);
    }
    if (stepLines.length === 0) continue;
    const step = stepLines.join(" ");
    for (const match of step.matchAll(ingredientMark)) {
      if (lines.length > mostLinesRead) break;
      const name = (match[1] ?? match[3]).trim();
      const [amount = "", unit = ""] = (match[2] ?? "").split("%");
      const quantity = quantityOf(amount);
      const note = [quantity === null && amount.trim() ? amount.trim() : null, match[4]?.trim() || null]
        .filter(Boolean).join(", ") || null;
      const written = [amount.trim(), unit.trim(), name].filter(Boolean).join(" ") + (match[4] ? `, ${match[4]}` : "");
      lines.push({ text: written, section, parts: { quantity, unit: unit.trim() || null, food: name, note } });
    }
    steps.push(
      step.replace(ingredientMark, (_, braced, _amount, single) => (braced ?? single).trim())
        .replace(cookwareMark, (_, braced, single) => (braced ?? single).trim())
        .replace(timerMark, (_, name: string, amount: string) => name.trim() || amount.replace("%", " ").trim()),
    );
  }
  const tags = (metadata.get("tags") ?? metadata.get("keywords") ?? "").split(",").map((tag) => tag.trim())
    .filter(Boolean);
  const description = metadata.get("description") ?? metadata.get("introduction");
  return {
    ...emptyRecipe(),
    title: metadata.get("title") ?? fileTitle,
    lines,
    instructions: steps.length > 0 ? steps.join("\n") : null,
    servings: metadata.get("servings") ?? metadata.get("serves") ?? metadata.get("yield") ?? null,
    tags,
    notes: [description, ...notes].filter(Boolean).join("\n\n") || null,
    sourceUrl: metadata.get("source.url") ?? metadata.get("source") ?? metadata.get("url") ?? null,
  };
}

/** True when the text reads as Cooklang: it marks an ingredient, or has Cooklang metadata. */
export function looksLikeCooklang(text: string): boolean {
  return /@[^\s@]+(?:\{[^}\n]*\})?/.test(text) || /^>>\s*[^:\n]+:/m.test(text);
}
