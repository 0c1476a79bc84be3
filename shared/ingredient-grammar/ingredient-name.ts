// The names a line's ingredient may be looked up by, in order: the name as read, then without the words that
// describe it rather than name it ("large eggs" → eggs, "freshly ground black pepper" → black pepper, "basil
// leaves" → basil, "butter or margarine" → butter). The database takes the first that is exactly an ingredient's
// name or listed alias (after folding case, punctuation and plurals); the words left out go to the line's note.

import { foldIngredientName } from "./fold-name.ts";
import { oneWordNames } from "./generated/one-word-names.ts";
import { headNames } from "./head-name.ts";
import { makerNameLength } from "./maker-names.ts";
import { rewordedNames } from "./reworded-names.ts";
import { colourKinds, colours, isDescribingWord, originDishBases, origins, twoWordDescriptions } from "./name-words.ts";
import { trailingWords } from "./trailing-words.ts";

function isLeadingWord(word: string): boolean {
  return isDescribingWord(folded(word));
}

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

// Words recipe pages often misspell ("tumeric", "mozarella", "brocolli"), each tried as spelt right: a fixed list of
// known misspellings, never a guess at how close two words are.
const misspellings: Record<string, string> = {
  mozarella: "mozzarella",
  parmesean: "parmesan",
  jalepeno: "jalapeno",
  jalepenos: "jalapenos",
  habenero: "habanero",
  habeneros: "habaneros",
  siracha: "sriracha",
  expresso: "espresso",
  brocolli: "broccoli",
  zuchinni: "zucchini",
  zuchini: "zucchini",
  cinammon: "cinnamon",
  mayonaise: "mayonnaise",
  worchestershire: "worcestershire",
  worcestershshire: "worcestershire",
  muscavado: "muscovado",
  demerera: "demerara",
  tomatoe: "tomato",
  potatoe: "potato",
  cilanto: "cilantro",
  corriander: "coriander",
  oregeno: "oregano",
  pomegranite: "pomegranate",
  cayanne: "cayenne",
  parsely: "parsley",
  pasrley: "parsley",
  rosemarry: "rosemary",
  vanila: "vanilla",
  yogourt: "yogurt",
  marscapone: "mascarpone",
  proscuitto: "prosciutto",
  linguini: "linguine",
  spagetti: "spaghetti",
  tortelini: "tortellini",
  tortelleni: "tortellini",
  gochuchang: "gochujang",
  burgandy: "burgundy",
  cucmbers: "cucumbers",
  cucmber: "cucumber",
  chilles: "chillies",
  chlies: "chilies",
  flowerets: "florets",
  floweret: "floret",
  cauliflowerets: "cauliflower florets",
  barbeque: "barbecue",
  fettucine: "fettuccine",
  fettucini: "fettuccine",
  fettuccini: "fettuccine",
  orechiette: "orecchiette",
  papardelle: "pappardelle",
  sunflour: "sunflower",
  raddichio: "radicchio",
  foccacia: "focaccia",
  foccaccia: "focaccia",
  focacia: "focaccia",
  parmesian: "parmesan",
  balsalmic: "balsamic",
  balsmic: "balsamic",
  anchovie: "anchovy",
  wenselydale: "wensleydale",
  jalepeño: "jalapeño",
  jalepeños: "jalapeños",
  corainder: "coriander",
  "kefir lime": "kaffir lime",
  seabass: "sea bass",
  // (The British spelling, as "chilli" is.)
  liquorice: "licorice",
  // Only in these phrases: "glove" and "four" are words of their own elsewhere ("four cheese pizza").
  "garlic glove": "garlic clove",
  "garlic gloves": "garlic cloves",
  "plain four": "plain flour",
};

// Short forms cooks write for a word ("veg stock", "EVOO", "shredded mozz", "vanilla ext.", "evap milk"): the name is
// also tried written out.
// The chilli spelt the three ways ("chipotle chilli", "red chiles"): also tried as the catalog spells it, "chili".
const writtenOut: Record<string, string> = {
  veg: "vegetable",
  veggie: "vegetable",
  veggies: "vegetables",
  evoo: "extra virgin olive oil",
  acv: "apple cider vinegar",
  oj: "orange juice",
  pb: "peanut butter",
  mozz: "mozzarella",
  parm: "parmesan",
  choc: "chocolate",
  cinn: "cinnamon",
  ext: "extract",
  evap: "evaporated",
  cond: "condensed",
  bkg: "baking",
  lowfat: "low-fat",
  chilli: "chili",
  chillies: "chilies",
  chile: "chili",
  chiles: "chilies",
  ...misspellings,
};
const shortForm = new RegExp(`\\b(?:${Object.keys(writtenOut).join("|")})\\b`, "i");
// The same without "chile": some catalog names keep that spelling ("piquin chiles", "cascabel chiles").
const shortFormButChile = new RegExp(
  `\\b(?:${Object.keys(writtenOut).filter((word) => !/^chiles?$/.test(word)).join("|")})\\b`,
  "i",
);

/**
 * Every name the line's ingredient is looked up by, in order: the readings by the lists of describing words
 * (describedCandidates), then the name by its last words (head-name.ts), the last resort.
 */
export function nameCandidates(name: string): NameCandidate[] {
  const read = candidatesFor(name, true);
  // Then, last of all, the name said in another order or without the noise around it (reworded-names.ts), each
  // rewording read as a name is.
  const reworded = rewordedNames(name).flatMap((rewording) =>
    (rewording.reading === "exact"
      ? [{ name: rewording.name, dropped: [] }]
      : candidatesFor(rewording.name, rewording.reading === "full")).map((candidate) => ({
        name: candidate.name,
        dropped: [...rewording.dropped, ...candidate.dropped],
      }))
  );
  const seen = new Set(read.map((candidate) => candidate.name.toLowerCase()));
  const added = reworded.filter((candidate) => {
    const key = candidate.name.toLowerCase();
    if (seen.has(key) || /^peppers$/i.test(key)) return false;
    seen.add(key);
    return true;
  });
  // After a brand the words before the last ones are the product's flavour or line, even where they name an
  // ingredient ("Mott's® Cinnamon Applesauce" is applesauce, "CRISCO® Butter Shortening" shortening): the very last.
  const brand = brandOf(name.trim().split(/\s+/));
  const flavoured = !brand ? [] : headNames(brand.rest, true)
    .filter((head) => !seen.has(head.name.toLowerCase()) && seen.add(head.name.toLowerCase()))
    .map((head) => ({ name: head.name, dropped: [brand.brand, ...head.dropped] }));
  return [...read, ...added.slice(0, maxRewordedCandidates), ...flavoured];
}

/** The brand a name starts with, and the rest of the name without it; undefined when it names none. */
function brandOf(words: string[]): { brand: string; rest: string } | undefined {
  // A brand marked as one: the words up to the last mark ("Mott's® Cinnamon Applesauce").
  const lastMarked = words.findLastIndex((word) => brandMark.test(word));
  if (lastMarked >= 0 && lastMarked < words.length - 1) {
    return { brand: words.slice(0, lastMarked + 1).join(" "), rest: words.slice(lastMarked + 1).join(" ") };
  }
  // A maker known by name, first or after words that describe ("King Arthur all-purpose flour", "melted Lurpak
  // butter"; "Best Foods mayonnaise", whose first word would describe).
  for (let makerAt = 0; makerAt < words.length - 1; makerAt += 1) {
    const makerLength = makerNameLength(words, makerAt);
    if (makerLength > 0) {
      return {
        brand: words.slice(makerAt, makerAt + makerLength).join(" "),
        rest: [...words.slice(0, makerAt), ...words.slice(makerAt + makerLength)].join(" "),
      };
    }
    if (!isLeadingWord(words[makerAt])) break;
  }
  // A maker named in the possessive, capitalised ("HERSHEY'S Cocoa", "Lawry’s Seasoned Salt"), is a brand too.
  const possessive = words.findIndex((word) => possessiveMaker.test(word));
  if (possessive >= 0 && possessive <= 2 && possessive < words.length - 1) {
    return { brand: words.slice(0, possessive + 1).join(" "), rest: words.slice(possessive + 1).join(" ") };
  }
  return undefined;
}

// Heads whose kinds are things of their own, bought apart: "rice flour", "pretzel salt", "truffle oil".
const kindMakingHead =
  /^(?:salt|sugar|flour|oil|vinegar|butter|milk|cream|cheese|sauce|paste|juice|syrup|extract|seasoning|stock|broth|wine|water|meal|starch|bread)s?$/i;

// At most so many names are added by the rewordings, after the others.
const maxRewordedCandidates = 12;

/** The names read by the lists of describing words only, without the last resort of the last words. */
export function describedCandidates(name: string): NameCandidate[] {
  return candidatesFor(name, false);
}

function candidatesFor(name: string, heads: boolean, keepChile = false): NameCandidate[] {
  const forms = keepChile ? shortFormButChile : shortForm;
  if (forms.test(name)) {
    const full = name.replace(new RegExp(forms, "gi"), (word) => writtenOut[word.toLowerCase()]);
    const candidates = [{ name: name.trim(), dropped: [] }, ...candidatesFor(full, heads, keepChile)];
    // "chiltepin or piquin chiles": the parts of the name are also looked up as written with "chile".
    if (!keepChile && /\bchiles?\b/i.test(name)) candidates.push(...candidatesFor(name, heads, true));
    const seen = new Set<string>();
    return candidates.filter((candidate) => !seen.has(candidate.name) && seen.add(candidate.name))
      .slice(0, maxCandidates);
  }
  const words = name.trim().split(/\s+/);
  const withoutBrand = (brand: string, rest: string): NameCandidate[] =>
    [
      { name: name.trim(), dropped: [] },
      ...candidatesFor(rest, heads).map((candidate) => ({
        name: candidate.name,
        dropped: [brand, ...candidate.dropped],
      })),
    ].slice(0, maxCandidates);
  const brand = brandOf(words);
  if (brand) return withoutBrand(brand.brand, brand.rest);
  return candidatesOf(name, heads);
}

function candidatesOf(name: string, withHeads: boolean): NameCandidate[] {
  // Each match is two words and a space: joined by a hyphen, they read as one description.
  // "medium to large", "small or medium": a size between two, one description.
  const trimmed = name.trim().replace(twoWordDescriptions, (words) => words.replace(" ", "-"))
    .replace(/\b(small|medium|large) (to|or) (medium|large)\b/gi, "$1-$2-$3");
  if (!trimmed) return [];
  const candidates: NameCandidate[] = [{ name: trimmed, dropped: [] }];
  // "shoulder of lamb", "shin of beef", "side of salmon": the cut as the shop names it, "lamb shoulder". Words that
  // describe it may come first ("boneless shoulder of lamb", "boned loin of pork"): left out.
  const described = trimmed.split(/\s+/);
  const firstOfCut = described.findIndex((word) => !isLeadingWord(word));
  const cut = firstOfCut >= 0 ? cutOf.exec(described.slice(firstOfCut).join(" ")) : null;
  if (cut) candidates.push({ name: `${cut[2]} ${cut[1]}`, dropped: described.slice(0, firstOfCut) });
  // ("dried adzuki and/or kidney beans": "and/or" names alternatives as "or" does.)
  const alternatives = trimmed.replace(/\s+and\s*\/\s*or\s+/gi, " or ").split(/\s+(?:or|\/)\s+|\s*\/\s*/i);
  const words = trimmed.split(/\s+/);
  candidates.push(...without(words));
  if (alternatives.length > 1) {
    // "chicken or vegetable stock": a one-word first alternative shares the last one's head noun.
    const lastWords = alternatives[alternatives.length - 1].split(/\s+/);
    const firstWords = alternatives[0].split(/\s+/);
    // (The word alone is tried after it before a chilli: "jalapeño or serrano chilies".)
    const bareFirst = firstWords.length === 1 && lastWords.length > 1 ? firstWords[0] : undefined;
    if (alternatives.length === 2 && bareFirst) {
      alternatives[0] = `${alternatives[0]} ${lastWords.slice(1).join(" ")}`;
    }
    const rest = alternatives.slice(1).map((alternative) => `or ${alternative}`);
    // "strong dark chicken or veal stock": a word after describing words may share it too, tried before the words
    // as they are ("large jalapeño or serrano chilies" is still the jalapeño).
    // Not when the first already ends in a word of the last ("fresh ginger or ginger paste", "brown sugar or
    // Rapadura sugar"): those are two things.
    const firstNoun = foldIngredientName(firstWords.at(-1) ?? "");
    const mayShareHead = alternatives.length >= 2 && firstWords.length > 1 && lastWords.length === 2 &&
      !lastWords.some((word) => foldIngredientName(word) === firstNoun);
    const describedFirst = firstWords.slice(0, -1).every((word) =>
      isLeadingWord(word) && !colours.has(folded(word)) && !origins.has(folded(word))
    );
    if (mayShareHead && describedFirst) {
      const shared = [alternatives[0], firstWords.at(-1)].map((name) => `${name} ${lastWords[1]}`);
      candidates.push(...shared.map((name) => ({ name, dropped: [...firstWords.slice(0, -1), ...rest] })));
    }
    candidates.push({ name: alternatives[0], dropped: rest });
    if (alternatives.length === 2 && bareFirst) {
      // "rice or all purpose flour": the head is the last word when the words before it are more than one.
      const head = lastWords.at(-1)!;
      if (lastWords.length > 2 && kindMakingHead.test(head)) {
        candidates.push({ name: `${bareFirst} ${head}`, dropped: rest });
      }
      // Only before a chilli or a pepper: elsewhere the word before a head often names a thing of its own ("pretzel
      // or coarse salt" is pretzel salt, "grape or cherry tomatoes" grape tomatoes: no pretzel, no grape).
      if (/^(?:chill?(?:i|ie|y)s?|chill?ies|chiles?|peppers?)$/i.test(head)) {
        candidates.push({ name: bareFirst, dropped: [lastWords.slice(1).join(" "), ...rest] });
      } else if (/^(?:a|an|the|some)$/i.test(lastWords[0]) || lastWords.includes("of")) {
        // "parsley or a mixture of fresh green herbs", "jalapeño or a dash of Tabasco", "onion or white of leek": an
        // alternative said as a phrase of its own shares no head, and the word before it is the first one to buy.
        // (Elsewhere it may: "grape or baby cherry tomatoes", "beef or vegetable stock granules".)
        candidates.push({ name: bareFirst, dropped: rest });
      }
    }
    candidates.push(
      ...without(alternatives[0].split(/\s+/)).map((candidate) => ({
        name: candidate.name,
        dropped: [...candidate.dropped, ...rest],
      })),
    );
    // "candied orange or lemon peel": words that name a kind of their own share the head too, tried only after the
    // first alternative's own readings, so that one naming an ingredient keeps it.
    if (mayShareHead && !describedFirst) {
      candidates.push({ name: `${alternatives[0]} ${lastWords[1]}`, dropped: rest });
    }
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
      ...candidatesOf(trimmed.slice(0, withAt), withHeads).map((candidate) => ({
        name: candidate.name,
        dropped: [...candidate.dropped, added],
      })),
    );
  }
  // Last, the name by its last words ("neutral vegetable oil" → vegetable oil), of the whole and of each alternative.
  // "all-purpose unbleached flour", "chicken breasts boneless": describing words amid or after the name, all left out.
  // (A colour or an origin is left to the readings above, which know where it makes a thing of its own: "red beans",
  // "Spanish rice".)
  const describing = words.filter((word, at) =>
    at < words.length - 1 && isLeadingWord(word) && !colours.has(folded(word)) && !origins.has(folded(word)) ||
    trailingDescription(word)
  );
  const plain = words.filter((word) => !describing.includes(word));
  const heads = !withHeads ? [] : [
    ...(describing.length > 0 && plain.length > 0 ? [{ name: plain.join(" "), dropped: describing }] : []),
    ...chiliByItsKind(words),
    // ("large jalapeño chile", "fresh serrano chiles": the kind after words that describe it.)
    ...(isLeadingWord(words[0]) ? describedChili(words) : []),
    ...headNames(trimmed).flatMap((head) => [head, ...describedHead(head)]),
    ...(alternatives.length > 1
      ? [alternatives[0], alternatives[alternatives.length - 1]].flatMap((alternative, index) =>
        headNames(alternative).map((head) => ({
          name: head.name,
          dropped: [
            ...head.dropped,
            ...alternatives.filter((_, at) => at !== (index === 0 ? 0 : alternatives.length - 1))
              .map((other) => `or ${other}`),
          ],
        }))
      )
      : []),
  ];
  const seen = new Set<string>();
  const known = (candidate: NameCandidate) => {
    const key = candidate.name.toLowerCase();
    // "pepper" alone is black pepper, but peppers counted ("2 peppers", "2 large peppers") are capsicums or chillies:
    // no candidate, so the line asks rather than takes black pepper.
    if (/^peppers$/i.test(candidate.name)) return false;
    if (seen.has(key) || !candidate.name) return false;
    seen.add(key);
    return true;
  };
  return [...candidates.filter(known).slice(0, 12), ...heads.filter(known)].slice(0, maxCandidates);
}

// "British Blacktail Free Range Medium Eggs": the last words, once the maker's are left out, may start with words the
// lists know as describing ("Free-Range Medium Eggs"); they are read without them too ("Eggs"), as the name would be.
// Only without words before the name: the part names after it ("ancho chile pods", "pork loin ribs") stay with it.
// Nor when a word left out makes a product of its own ("dehydrated minced onion", "dried New Mexican chile pods",
// "red-colored coarse sugar", "Swedish crisp bread"): the words before the last ones were taken for descriptions
// without knowing them, and the name without both would be the plain thing.
function describedHead(head: NameCandidate): NameCandidate[] {
  return without(head.name.split(/\s+/))
    .filter((candidate) => !head.name.toLowerCase().startsWith(candidate.name.toLowerCase()))
    .map((candidate) => ({ name: candidate.name, dropped: [...head.dropped, ...candidate.dropped] }))
    .filter((candidate) => !candidate.dropped.some((word) => productWord.test(folded(word))));
}

const productWord =
  /^(?:dried|dry|dehydrated|freeze-dried|smoked|candied|crystallized|crystallised|pickled|salted|cured|canned|coarse|crisp|instant|powdered|evaporated|condensed|[a-z]+-colou?red|[a-z]+-flavou?red)$/;

// "jalapeño chillies", "habanero chile", "serrano chiles": a chilli named by its kind, when the kind is a catalog name
// of one word, is that kind, or the kind's pepper ("anaheim pepper").
function chiliByItsKind(words: string[]): NameCandidate[] {
  const last = words.at(-1) ?? "";
  if (words.length !== 2 || !/^(?:chill?i(?:es|s)?|chiles?)$/i.test(last)) return [];
  const kind = words[0];
  // A word that says how it tastes or looks ("sweet chilli", "long chillies") is no kind.
  if (isLeadingWord(kind) || colours.has(folded(kind)) || /^(?:sweet|hot|mild|long|finger)$/i.test(kind)) return [];
  return [
    ...(oneWordNames.has(foldIngredientName(kind)) ? [{ name: kind, dropped: [last] }] : []),
    { name: `${kind} pepper`, dropped: [] },
  ];
}

function describedChili(words: string[]): NameCandidate[] {
  const named = words.findIndex((word) => !isLeadingWord(word));
  if (named < 1) return [];
  return chiliByItsKind(words.slice(named)).map((candidate) => ({
    name: candidate.name,
    dropped: [...words.slice(0, named), ...candidate.dropped],
  }));
}

// Describing words said after the name ("chicken breasts, boneless and skinless" read as one name).
function trailingDescription(word: string): boolean {
  return /^(?:boneless|skinless|boned|unsalted|unsweetened|peeled|deveined|pitted|seedless|softened|melted|sifted)$/i
    .test(word.replace(/[,;:]+$/, ""));
}

const cutOf =
  /^(shoulder|leg|loin|rack|shin|neck|breast|side|saddle|fillet|belly|shank|cheek|haunch|knuckle|rump|chump|cannon)s? of (lamb|pork|beef|veal|venison|mutton|salmon|chicken|duck|goat)$/i;

// At most so many names are looked up for one line: twelve read by the lists of words, then the last words.
const maxCandidates = 18;
