// The names a line's ingredient may be looked up by, in order: the name as read, then without the words that
// describe it rather than name it ("large eggs" → eggs, "freshly ground black pepper" → black pepper, "basil
// leaves" → basil, "butter or margarine" → butter). The database takes the first that is exactly an ingredient's
// name or listed alias (after folding case, punctuation and plurals); the words left out go to the line's note.

import { prepStates } from "./ingredient-line.ts";

// Words before the name. A name that includes one ("ground beef", "whole milk") is still found first as a whole.
const leadingWords = new Set<string>([
  ...prepStates,
  "large",
  "small",
  "medium",
  "medium-large",
  "extra-large",
  "jumbo",
  "big",
  "fresh",
  "freshly",
  "ground",
  "finely",
  "coarsely",
  "roughly",
  "pure",
  "organic",
  "good",
  "good-quality",
  "high-quality",
  "quality",
  "ripe",
  "cold",
  "chilled",
  "warm",
  "hot",
  "boiling",
  "lukewarm",
  "tepid",
  "room-temperature",
  "whole",
  "plain",
  "salted",
  "lean",
  "extra-lean",
  "boneless",
  "skinless",
  "bone-in",
  "skin-on",
  "thick-cut",
  "thin",
  "thick",
  "store-bought",
  "homemade",
  "canned",
  "low-sodium",
  "reduced-sodium",
  "no-salt-added",
  "unsweetened",
  "fat-free",
  "low-fat",
  "nonfat",
  "full-fat",
  "packed",
  "firmly",
  "lightly",
  "loosely",
  "heaping",
  "level",
  "additional",
  "extra",
  "raw",
  "cooked",
  "uncooked",
  "natural",
  "free-range",
  "pasture-raised",
  "grass-fed",
  "wild",
  "baby",
  "mixed",
  "assorted",
  "optional",
  "coarse",
  "fine",
  "fine-grain",
  "mini",
  "overripe",
  "frozen",
  "soft",
  "softened",
  "squeezed",
  "freshly-squeezed",
  "fresh-squeezed",
  "good-quality",
  "premium",
  "imported",
  "authentic",
  "quality",
  "leftover",
  "very",
  "mature",
  "non-fat",
  "nonfat",
  "low-sodium",
  "sifted",
]);

// Two-word descriptions read as one word ("low sodium chicken broth" → low-sodium).
const twoWordDescriptions =
  /\b(low|reduced|no|non|full|fat|extra|good|high|store|room) (sodium|salt|fat|free|large|quality|bought|temperature)\b/gi;

// Words after the name: the part of the plant or the cut, which the catalog does not list apart.
const trailingWords = new Set([
  "leaves",
  "leaf",
  "sprigs",
  "sprig",
  "stalks",
  "stalk",
  "ribs",
  "rib",
  "florets",
  "fillets",
  "fillet",
  "filets",
  "wedges",
  "slices",
  "pieces",
  "cubes",
  "chunks",
  "sticks",
  "stick",
  "heads",
  "head",
  "bulbs",
  "bulb",
  "zest",
  "halves",
  "kernels",
  "segments",
  "strips",
]);

export interface NameCandidate {
  name: string;
  /** The words left out of the name, as written. */
  dropped: string[];
}

function folded(word: string): string {
  return word.toLowerCase().replace(/[.,;:]+$/, "").replace(/\s+/g, "-");
}

function without(words: string[]): NameCandidate[] {
  const found: NameCandidate[] = [];
  let start = 0;
  let end = words.length;
  const dropped: string[] = [];
  // Leading words, then trailing words, one at a time: each shorter name is a candidate.
  while (start < end - 1 && (leadingWords.has(folded(words[start])) || /^(?:and|&|or)$/i.test(words[start]))) {
    dropped.push(words[start]);
    start += 1;
    if (!/^(?:and|&|or)$/i.test(words[start - 1])) {
      found.push({ name: words.slice(start, end).join(" "), dropped: [...dropped] });
    }
  }
  const trailing: string[] = [];
  while (end - 1 > start && trailingWords.has(folded(words[end - 1]))) {
    trailing.unshift(words[end - 1]);
    end -= 1;
    found.push({ name: words.slice(start, end).join(" "), dropped: [...dropped, ...trailing] });
  }
  return found;
}

export function nameCandidates(name: string): NameCandidate[] {
  const trimmed = name.trim().replace(twoWordDescriptions, "$1-$2");
  if (!trimmed) return [];
  const candidates: NameCandidate[] = [{ name: trimmed, dropped: [] }];
  const alternatives = trimmed.split(/\s+(?:or|\/)\s+|\s*\/\s*/i);
  const words = trimmed.split(/\s+/);
  candidates.push(...without(words));
  if (alternatives.length > 1) {
    // "chicken or vegetable stock": a one-word first alternative shares the last one's head noun.
    const lastWords = alternatives[alternatives.length - 1].split(/\s+/);
    if (alternatives.length === 2 && !alternatives[0].includes(" ") && lastWords.length > 1) {
      alternatives[0] = `${alternatives[0]} ${lastWords.slice(1).join(" ")}`;
    }
    const rest = alternatives.slice(1).map((alternative) => `or ${alternative}`);
    candidates.push({ name: alternatives[0], dropped: rest });
    candidates.push(
      ...without(alternatives[0].split(/\s+/)).map((candidate) => ({
        name: candidate.name,
        dropped: [...candidate.dropped, ...rest],
      })),
    );
    // "white or yellow onion": the last alternative names the whole thing.
    const last = alternatives[alternatives.length - 1];
    const others = alternatives.slice(0, -1).map((alternative) => `or ${alternative}`);
    candidates.push({ name: last, dropped: others });
    candidates.push(
      ...without(last.split(/\s+/)).map((candidate) => ({
        name: candidate.name,
        dropped: [...candidate.dropped, ...others],
      })),
    );
  }
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = candidate.name.toLowerCase();
    if (seen.has(key) || !candidate.name) return false;
    seen.add(key);
    return true;
  }).slice(0, 12);
}
