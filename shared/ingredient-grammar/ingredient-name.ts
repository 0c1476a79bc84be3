// The names a line's ingredient may be looked up by, in order: the name as read, then without the words that
// describe it rather than name it ("large eggs" → eggs, "freshly ground black pepper" → black pepper, "basil
// leaves" → basil, "butter or margarine" → butter). The database takes the first that is exactly an ingredient's
// name or listed alias (after folding case, punctuation and plurals); the words left out go to the line's note.

import { prepStates } from "./ingredient-line/prep-words.ts";
import { makerNameLength } from "./maker-names.ts";

const origins = new Set([
  "american",
  "italian",
  "mexican",
  "spanish",
  "french",
  "greek",
  "german",
  "japanese",
  "chinese",
  "thai",
  "korean",
  "vietnamese",
  "indian",
  "english",
  "irish",
  "scottish",
  "british",
  "welsh",
  "turkish",
  "lebanese",
  "moroccan",
  "persian",
  "asian",
  "mediterranean",
  "filipino",
  "malaysian",
  "indonesian",
  "polish",
  "hungarian",
  "brazilian",
  "peruvian",
  "cuban",
  "jamaican",
  "portuguese",
  "sicilian",
  "tuscan",
  "californian",
  "local",
  "locally-grown",
  "seasonal",
  "homegrown",
]);

// A colour says which of a thing's kinds ("green plantains", "white button mushrooms", "pink salmon"); where the kind
// is its own ingredient ("red onion", "black beans", "white pepper") the whole name is found first.
// ("Orange" is left out: before a name it is mostly the fruit, as in "orange bitters".)
const colours = new Set(["red", "green", "yellow", "white", "black", "purple", "brown", "pink", "golden"]);

// A colour before these names a different thing, bought apart: black garlic is fermented, black cardamom smoked,
// Indian red chili powder is no chili-powder blend, yellow rice a seasoned dish, red and yellow beans different
// beans, black pudding no pudding, black limes dried ones, green and red chutneys and curries different recipes.
// Such a name stays whole.
const colourKinds =
  /^(?:garlic|cardamom|beans?\b|chil[il]e? powder|rice$|chutney|curry|salt\b|sugar\b|peppercorns?\b|peppers?\b|pudding|limes?$)/i;

// Dishes named by where they come from are not their base: "Spanish rice" and "Mexican rice" are seasoned rice
// dishes, "French dressing" a dressing of its own. An origin before one of these words is no description.
const originDishBases = new Set(["rice", "toast", "fries", "roll", "rolls", "salad", "soup", "dressing", "sauce"]);

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
  "tightly",
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
  // States a thing is bought or kept in that the catalog does not list apart; where one is its own ingredient
  // ("dried oregano", "dark chocolate", "crushed tomatoes", "smoked paprika") the whole name is found first.
  "dried",
  "dry",
  "dark",
  "crushed",
  "blanched",
  "shelled",
  "unsalted",
  "roasted",
  "sweetened",
  "unbleached",
  "bleached",
  "seedless",
  "pitted",
  "deseeded",
  "stemmed",
  "hulled",
  "cleaned",
  "washed",
  "cut",
  "medium-sized",
  "average-sized",
  "average-size",
  "regular-sized",
  "regular-size",
  "hard-boiled",
  "soft-boiled",
  "vine-ripe",
  "vine-ripened",
  "large-sized",
  "small-sized",
  "bite-sized",
  "full-cream",
  "freshly-ground",
  "ready-made",
  "pre-made",
  "prepared",
  "purchased",
  "bottled",
  "jarred",
  "tinned",
  "real",
  "best",
  "best-quality",
  "cooled",
  "firm",
  "young",
  "tender",
  "sweet-tart",
  "tart",
  "crisp",
  "crispy",
  "plump",
  "whole-milk",
  "part-skim",
  "reduced-fat",
  "sodium-reduced",
  "unseasoned",
  "unsulphured",
  "unsulfured",
  "aluminum-free",
  "aluminium-free",
  "unbaked",
  "no-boil",
  "oven-ready",
  "refrigerated",
  "precooked",
  "pre-cooked",
  "day-old",
  "oil-packed",
  "water-packed",
  "colored",
  "coloured",
  "rainbow",
  "sparkling",
  "smooth",
  "creamy",
  "chunky",
  "crunchy",
  "medium-sized",
  "small-sized",
  "seasoned",
  "boiled",
  "split",
  "active",
  "petite",
  "sm",
  "med",
  "lg",
  "xl",
  "rendered",
  "shaved",
  "instant",
  "cracked",
  "unflavored",
  "unflavoured",
  "condensed",
  "strong",
  "brewed",
  "bulk",
  "relatively",
  "classic",
  "traditional",
  "regular",
  "reduced-salt",
  "low-salt",
  // Whichever the cook likes ("your favourite soft cheese", "preferred shredded melting cheese", "any milk").
  "your",
  "favorite",
  "favourite",
  "preferred",
  "any",
  ...colours,
  // Where a thing comes from or whose style it is, when the catalog does not list it apart ("Spanish red wine",
  // "Japanese leek"); one it lists ("Italian sausage", "Greek yogurt", "Mexican oregano") is found whole first.
  ...origins,
  // A thing's grain, or how hot or mild it is, kept in the note ("wholewheat spaghetti", "mild olive oil"). A diet's
  // version is not a description: "vegan butter", "gluten-free flour" or "dairy-free cream cheese" merged on the
  // list with butter, flour or cream cheese would have the household buy what it cannot eat, so they stay unmatched.
  "whole-wheat",
  "wholewheat",
  "wholemeal",
  "whole-grain",
  "wholegrain",
  "multigrain",
  "mild",
  "spicy",
  "hearty",
]);

// A hyphenated description ("thinly-sliced", "well-toasted", "small-diced", "freshly-grated"): an adverb or a size
// joined to a prep word describes the ingredient as the two words do apart.
const hyphenedPrep = new RegExp(
  `^(?:finely|thinly|roughly|coarsely|freshly|lightly|very|well|small|medium|large|fine|thick|thin|hand|fresh|` +
    `home|pre|oven|pan|sun)-(?:${prepStates.join("|")}|roasted|toasted|cut|made|ground|packed|squeezed|picked|` +
    `baked|fried|cooked|sliced)$`,
);

function isLeadingWord(word: string): boolean {
  const bare = folded(word);
  // A share said before the name ("70% dark chocolate") describes it too.
  // So does a size or shape joined by a hyphen ("burrito-sized", "bowl-shaped").
  return leadingWords.has(bare) || hyphenedPrep.test(bare) || /^\d+(?:\.\d+)?%$/.test(bare) ||
    /^[a-z]+-(?:sized?|shaped|style)$/.test(bare);
}

// Two-word descriptions read as one word ("low sodium chicken broth" → low-sodium).
const twoWordDescriptions =
  /\b(low|reduced|no|non|full|fat|extra|good|high|store|room|fine|part|whole) (sodium|salt|fat|free|large|quality|bought|temperature|grain|skim|wheat)\b|\b(small|medium|large|bite|average|regular) (sized?)\b|\b(hard|soft|vine) (boiled|ripe|ripened)\b/gi;

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
  "cube",
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
  "threads",
  "strands",
  "pods",
  "sheets",
  "sheet",
  "links",
  "spears",
  "tips",
  "loaf",
  "loaves",
  "bar",
  "bars",
  "crowns",
  "stems",
  "stem",
  "berries",
  "rods",
  "crumbles",
  "roast",
  "steaks",
  "steak",
  "fronds",
  "squares",
  "whole",
]);

export interface NameCandidate {
  name: string;
  /** The words left out of the name, as written. */
  dropped: string[];
}

function folded(word: string): string {
  return word.toLowerCase().replace(/[.,;:]+$/, "").replace(/\s+/g, "-");
}

// Words joining two descriptions ("salted and roasted", "ripe but firm"): no description, and no start of a name.
const conjunction = /^(?:and|&|or|but)$/i;

function without(words: string[]): NameCandidate[] {
  const found: NameCandidate[] = [];
  // Where the name may start: after each leading description (a conjunction between them is no start of its own).
  const starts = [0];
  for (let start = 0; start < words.length - 1;) {
    // "or" starts another name ("dried or fresh parsley"): the alternatives are read apart, below.
    if (/^or$/i.test(words[start])) break;
    if (!isLeadingWord(words[start]) && !conjunction.test(words[start])) break;
    if (origins.has(folded(words[start])) && originDishBases.has(folded(words[start + 1]))) break;
    if (colours.has(folded(words[start])) && colourKinds.test(words.slice(start + 1).join(" "))) break;
    start += 1;
    if (!conjunction.test(words[start - 1])) starts.push(start);
  }
  // Each start keeps its leading words as long as it can: the trailing part names come off first ("dried thyme
  // leaves" → dried thyme before thyme leaves, so the dried herb is not taken for the fresh one).
  for (const start of starts) {
    let end = words.length;
    if (start > 0) found.push(candidate(words, start, end));
    while (end - 1 > start && (trailingWords.has(folded(words[end - 1])) || seasoningMix(words, end))) {
      end -= 1;
      found.push(candidate(words, start, end));
    }
  }
  return found;
}

// A seasoning sold as a packet of mix ("taco seasoning mix", "ranch seasoning mix") is the seasoning. Only after
// "seasoning" or "spice": "cake mix" or "pancake mix" are things of their own.
function seasoningMix(words: string[], end: number): boolean {
  return /^mix(?:es)?$/i.test(words[end - 1]) && /^(?:seasoning|spice)$/i.test(words[end - 2] ?? "");
}

function candidate(words: string[], start: number, end: number): NameCandidate {
  const described = words.slice(0, start).filter((word) => !conjunction.test(word));
  return { name: words.slice(start, end).join(" "), dropped: [...described, ...words.slice(end)] };
}

// A brand marked as one ("McCormick Gourmet™ Organic Paprika", "Gold'n Plump® Chicken Breasts"): the words up to
// the last mark name the maker, what follows names the ingredient.
const brandMark = /[™®©]/;
const possessiveMaker = /^\p{Lu}[\p{L}-]*(?:'|’)[sS]$|^\p{Lu}[\p{L}-]*[sS](?:'|’)$/u;

// Short forms cooks write for a word ("veg stock", "EVOO"): the name is also tried written out.
const writtenOut: Record<string, string> = { veg: "vegetable", evoo: "extra virgin olive oil" };
const shortForm = new RegExp(`\\b(?:${Object.keys(writtenOut).join("|")})\\b`, "i");

export function nameCandidates(name: string): NameCandidate[] {
  if (shortForm.test(name)) {
    const full = name.replace(new RegExp(shortForm, "gi"), (word) => writtenOut[word.toLowerCase()]);
    return [{ name: name.trim(), dropped: [] }, ...nameCandidates(full)].slice(0, 12);
  }
  const words = name.trim().split(/\s+/);
  const withoutBrand = (brand: string, rest: string): NameCandidate[] =>
    [
      { name: name.trim(), dropped: [] },
      ...nameCandidates(rest).map((candidate) => ({ name: candidate.name, dropped: [brand, ...candidate.dropped] })),
    ].slice(0, 12);
  // A brand marked as one: the words up to the last mark.
  const lastMarked = words.findLastIndex((word) => brandMark.test(word));
  if (lastMarked >= 0 && lastMarked < words.length - 1) {
    return withoutBrand(words.slice(0, lastMarked + 1).join(" "), words.slice(lastMarked + 1).join(" "));
  }
  // A maker known by name, first or after words that describe ("King Arthur all-purpose flour", "melted Lurpak
  // butter"; "Best Foods mayonnaise", whose first word would describe).
  for (let makerAt = 0; makerAt < words.length - 1; makerAt += 1) {
    const makerLength = makerNameLength(words, makerAt);
    if (makerLength > 0) {
      const rest = [...words.slice(0, makerAt), ...words.slice(makerAt + makerLength)].join(" ");
      return withoutBrand(words.slice(makerAt, makerAt + makerLength).join(" "), rest);
    }
    if (!isLeadingWord(words[makerAt])) break;
  }
  // A maker named in the possessive, capitalised ("HERSHEY'S Cocoa", "Lawry’s Seasoned Salt"), is a brand too.
  const possessive = words.findIndex((word) => possessiveMaker.test(word));
  if (possessive >= 0 && possessive <= 2 && possessive < words.length - 1) {
    return withoutBrand(words.slice(0, possessive + 1).join(" "), words.slice(possessive + 1).join(" "));
  }
  return candidatesOf(name);
}

function candidatesOf(name: string): NameCandidate[] {
  // Each match is two words and a space: joined by a hyphen, they read as one description.
  const trimmed = name.trim().replace(twoWordDescriptions, (words) => words.replace(" ", "-"));
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
  // "cream cheese with chives and onions", "diced tomatoes with green chilies": what comes with it is said of it, when
  // the whole is no ingredient (the whole is tried first: a product sold so is an entry of its own).
  const withAt = trimmed.search(/\s+with\s+/i);
  if (withAt > 0) {
    const added = trimmed.slice(withAt).trim();
    candidates.push(
      ...candidatesOf(trimmed.slice(0, withAt)).map((candidate) => ({
        name: candidate.name,
        dropped: [...candidate.dropped, added],
      })),
    );
  }
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = candidate.name.toLowerCase();
    // "pepper" alone is black pepper, but peppers counted ("2 peppers", "2 large peppers") are capsicums or chillies:
    // no candidate, so the line asks rather than takes black pepper.
    if (/^peppers$/i.test(candidate.name)) return false;
    if (seen.has(key) || !candidate.name) return false;
    seen.add(key);
    return true;
  }).slice(0, 12);
}
