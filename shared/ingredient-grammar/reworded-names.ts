// The last readings of a name that no other reading matched: the same name said in another order or with noise
// around it, as pages write it ("tomatoes ripe", "cheese- feta", "3 large chicken breasts" after "24 oz",
// "raspberry flavored gelatin", "small Fresno pepper"). Each is a rule of how names are written, never a list of
// names; each gives names that are looked up exactly, so a wrong reading can only match nothing. They come after
// every other reading (ingredient-name.ts), so a name that matched before matches the same.
import { foldIngredientName } from "./fold-name.ts";
import { oneWordNames } from "./generated/one-word-names.ts";
import { unitOf } from "./units.ts";

export interface RewordedName {
  /** The name to read again, by every reading of ingredient-name.ts but these. */
  name: string;
  /** The words left out, as written. */
  dropped: string[];
  /**
   * How far it is read again: "exact" as it is; "described" also without the describing words of the lists
   * (name-words.ts); "full" by every reading, the last words too (head-name.ts). A name put in another order is never
   * read by its last words: "extract pistachio" would be pistachio.
   */
  reading: "exact" | "described" | "full";
}

// Words that only say which of a thing's kinds, the kind's own name given elsewhere ("sharp variety", "any brand").
// Tubes of pasta ("manicotti pasta tubes") are the pasta; a blend of spices or herbs ("chai spice blend") is the spice
// (a blend of other things is a product of its own: "lemon pepper blend" asks).
// Crumbs of a thing are the thing crushed ("pretzel crumbs"); "bread crumbs" and "cracker crumbs" are found whole first.
const fillerWord = /^(?:variety|varieties|type|kind|style|brand|garnish|tubes|crumbs)$/i;
const blendOf = /^(?:spices?|seasonings?|herbs?)$/i;
const animals = /^(?:beef|pork|lamb|veal|chicken|turkey|duck|venison|goat)$/i;
const cuts =
  /^(?:steaks?|roasts?|shoulders?|loins?|tenderloins?|chops?|ribs?|brisket|shanks?|breasts?|thighs?|legs?|wings?|cutlets?|fillets?|bell(?:y|ies)|butts?|sirloin|chuck|flank|rump)$/i;
const howMuchWord = /^(?:a|an|the|some|enough|any|other|more|additional|remaining|reserved|leftover)$/i;
const linkingWords = /\s+(?:such as|like|e\.g\.?|i\.e\.?|to|for|from|preferably|ideally)\s+/i;
// Words said after a name that describe it as they would before it ("tomatoes ripe", "onions chopped").
const trailingDescribing =
  /^(?:ripe|fresh|large|small|medium|big|whole|boneless|skinless|sharp|mild|extra|frozen|dried|raw|cooked|optional)$/i;

/** The rewordings of a name, in order; empty when the name has no noise these rules know. */
export function rewordedNames(name: string): RewordedName[] {
  const found: RewordedName[] = [];
  const add = (candidate: string, dropped: string[], reading: RewordedName["reading"] = "full") => {
    const tidied = candidate.replace(/\s+/g, " ").trim();
    if (tidied && tidied.toLowerCase() !== name.trim().toLowerCase()) found.push({ name: tidied, dropped, reading });
  };
  // "cheese- feta", "cheese, feta", "Flour: all-purpose": the catalog's inverted order ("Cheese, feta") read
  // straight, the part after the mark first.
  const inverted = /^([\p{L}'’]+)\s*[-–—,:;]\s+(.+)$/u.exec(name.trim());
  if (inverted) add(`${inverted[2]} ${inverted[1]}`, [], "described");
  // "dark chocolate such as Lindt 70%", "Oil to deep fry", "banana slices for garnish": what follows a linking word
  // says which one or what for.
  // Not when a second thing follows ("Salt to taste and black pepper"): the line names two, read apart.
  const linked = name.search(linkingWords);
  if (linked > 0 && !/\s(?:and|&|\+)\s/i.test(name.slice(linked))) {
    const said = [name.slice(linked).trim()];
    add(name.slice(0, linked), said);
    // The part before is read by these rules too ("Enough water to equal 3/4 cup" → water).
    for (const part of rewordedNames(name.slice(0, linked))) add(part.name, [...part.dropped, ...said], part.reading);
  }
  // "zest from lemon", "juice of lime": the part of a thing, as the shop names it ("lemon zest").
  const partOf = /^([\p{L}'’]+) (?:from|of) (?:an? |the )?([\p{L}'’]+(?: [\p{L}'’]+)?)$/iu.exec(name.trim());
  if (partOf) add(`${partOf[2]} ${partOf[1]}`, [], "described");
  // "white part of leeks", "the green parts of 4 scallions": the part used of a thing bought whole.
  const partUsed =
    /^((?:the )?(?:white|green|pale green|light green|dark green|tender|white and (?:pale |light )?green) parts? of (?:the )?)(\p{L}.*)$/iu
      .exec(name.trim());
  if (partUsed) add(partUsed[2], [partUsed[1].trim()]);
  // "Italian salad dressing mix" is the Italian dressing mix; "whole milk kefir" or "2% milk cottage cheese" the kefir
  // or cottage cheese, of whole or 2% milk.
  if (/\bsalad dressings?\b/i.test(name)) add(name.replace(/\bsalad (dressings?)\b/i, "$1"), ["salad"]);
  const milkOf =
    /^(.*?)\b((?:whole|skim(?:med)?|low-fat|lowfat|nonfat|non-fat|fat-free|full-fat|\d+%) milk) (\p{L}.*)$/iu
      .exec(name.trim());
  if (milkOf) add(`${milkOf[1]}${milkOf[3]}`, [milkOf[2]]);
  // "instant vanilla pudding and pie filling mix": the box's name for instant pudding.
  const pieFilling = /^(.*\bpudding)\s+(?:and|&)\s+pie\s+filling(?:\s+mix)?$/i.exec(name.trim());
  if (pieFilling) add(pieFilling[1], ["and pie filling"]);
  // "broccoli florets shopping list": a page's button read with the line.
  const withoutButton = name.replace(/\s+shopping list$/i, "");
  if (withoutButton !== name) add(withoutButton, []);
  const words = withoutButton.replace(/(\p{L})[-–—,:;]+(?=\s)/gu, "$1").trim().split(/\s+/).filter(Boolean);
  // "3 large chicken breasts" (after "24 oz"), "Tablespoon milk" (after "3 tablespoons"), "1 Stick Salted Butter":
  // a second measure at the name's start, already said by the line's amount.
  // So is a word that says how much of it there is ("a good red wine", "Enough water", "Any remaining banana slices").
  let start = 0;
  while (
    start < words.length - 1 &&
    (/^\d+(?:[.,/]\d+)?$/.test(words[start]) || measureWord(words[start]) || howMuchWord.test(words[start]))
  ) {
    start += 1;
  }
  if (start > 0) add(words.slice(start).join(" "), words.slice(0, start));
  const rest = words.slice(start);
  // The rules below read the rest; what a rule leaves out includes the words taken off above.
  const before = words.slice(0, start);
  // "82% fat unsalted butter", "70% cocoa dark chocolate chips", "raspberry flavored gelatin", "butter-flavoured
  // shortening": a share or a flavour said before the thing.
  const described = rest.findIndex((word, at) =>
    at < rest.length - 1 && (/^(?:fat|cocoa|cacao|lean)$/i.test(word) && /^\d+(?:\.\d+)?%$/.test(rest[at - 1] ?? "") ||
      /^(?:[\p{L}]+-)?flavou?red$/iu.test(word))
  );
  if (described >= 0) {
    // ("chocolate flavored syrup", "rum-flavored extract": the flavour's own product first, "chocolate syrup".)
    const joined = /^(\p{L}+)-flavou?red$/iu.exec(rest[described]);
    const flavour = joined
      ? [...rest.slice(0, described), joined[1]]
      : /^flavou?red$/i.test(rest[described])
      ? rest.slice(0, described)
      : [];
    if (flavour.length > 0 && flavour.length <= 2) {
      add([...flavour, ...rest.slice(described + 1)].join(" "), [...before, rest[described]], "exact");
      // ("raspberry flavored gelatin" is the jelly dessert, "flavored gelatin", before plain gelatin.)
      add(`flavored ${rest.slice(described + 1).join(" ")}`, [...before, ...flavour], "exact");
    }
    add(rest.slice(described + 1).join(" "), [...before, ...rest.slice(0, described + 1)]);
  }
  // "strawberry flavor gelatin", "JELL-O Brand Lemon Flavor Instant Pudding": the flavour said as a noun; the thing
  // flavoured ("flavored gelatin" is the jelly dessert) or the flavour's own product ("lemon instant pudding").
  const flavourNoun = rest.findIndex((word, at) => at > 0 && at < rest.length - 1 && /^flavou?r$/i.test(word));
  if (flavourNoun > 0) {
    const flavour = rest.slice(0, flavourNoun).filter((word) => !fillerWord.test(word) && !/^jell-o$/i.test(word));
    const thing = rest.slice(flavourNoun + 1);
    add(`flavored ${thing.join(" ")}`, [...before, ...rest.slice(0, flavourNoun + 1)], "exact");
    if (flavour.length > 0 && flavour.length <= 2) {
      add([...flavour, ...thing].join(" "), [...before, rest[flavourNoun]], "exact");
    }
    add(thing.join(" "), [...before, ...rest.slice(0, flavourNoun + 1)]);
  }
  // "tomatoes ripe", "cheddar cheese sharp variety", "Lemon garnish": describing words after the name come off.
  let end = rest.length;
  while (
    end > 1 &&
    (trailingDescribing.test(rest[end - 1]) || fillerWord.test(rest[end - 1]) ||
      /^blends?$/i.test(rest[end - 1]) && blendOf.test(rest[end - 2]))
  ) end -= 1;
  if (end < rest.length) add(rest.slice(0, end).join(" "), [...before, ...rest.slice(end)]);
  // "wine burgundy", "tomatoes cherry", "pasta tortellini": two words the other way round, the kind after the thing,
  // when the first names an ingredient of its own ("red beans" is no "beans red").
  if (end === 2 && oneWordNames.has(foldIngredientName(rest[0]))) {
    add(`${rest[1]} ${rest[0]}`, [...before, ...rest.slice(end)], "described");
  }
  // "small Fresno pepper", "poblano peppers": a chilli named by its kind, as the catalog names it ("fresno chile").
  const pepper = /^([\p{L}]+) (pepper|peppers)$/iu.exec(rest.slice(0, end).slice(-2).join(" "));
  if (pepper && !notAChiliKind.test(pepper[1])) {
    add(
      `${pepper[1]} ${pepper[2].toLowerCase() === "pepper" ? "chile" : "chiles"}`,
      [...before, ...rest.slice(0, end - 2), ...rest.slice(end)],
      "exact",
    );
  }
  // "fresno chilies", "red chili", "dried chiles": the chilli spelt as each catalog entry spells it, "chile", "chili"
  // or "chilies" (folded, the three differ: "chilies" is no plural of "chili" to the fold).
  const chiliAt = end - 1;
  if (chiliAt > 0 && chiliWord.test(rest[chiliAt])) {
    for (const spelling of ["chile", "chili", "chilies"]) {
      const respelt = [...rest.slice(0, chiliAt), spelling];
      add(respelt.join(" "), [...before, ...rest.slice(end)], "described");
    }
  }
  // "serrano chili peppers", "Thai chile pepper": the chilli said twice, as a chilli and as a pepper.
  if (end >= 3 && /^peppers?$/i.test(rest[end - 1]) && chiliWord.test(rest[end - 2])) {
    add(
      [...rest.slice(0, end - 2), rest[end - 1]].join(" "),
      [...before, rest[end - 2], ...rest.slice(end)],
      "described",
    );
  }
  // "beef top round steak", "pork roast shoulder": the animal and its cut with words between them. The beef cuts are
  // named without the animal ("round steak", "chuck roast"); the others with it ("pork shoulder").
  const animal = rest.slice(0, end).findIndex((word) => animals.test(word));
  if (animal >= 0 && end - animal >= 3 && cuts.test(rest[end - 1])) {
    if (/^beef$/i.test(rest[animal])) {
      add(rest.slice(animal + 1, end).join(" "), [...before, ...rest.slice(0, animal + 1), ...rest.slice(end)]);
    }
    const between = [...before, ...rest.slice(0, animal), ...rest.slice(animal + 1, end - 1), ...rest.slice(end)];
    add(`${rest[animal]} ${rest[end - 1]}`, between, "described");
  }
  // "cinnamon powder", "smoked sweet paprika powder": the powder of a spice is the spice ground; paprika is sold
  // only so.
  const powder = /^(.+) powder$/i.exec(rest.join(" "));
  if (powder) {
    add(`ground ${powder[1]}`, [], "exact");
    if (/\bpaprika$/i.test(powder[1])) add(powder[1], []);
  }
  return found;
}

// The chilli, spelt any of the ways pages spell it.
const chiliWord = /^(?:chill?(?:i|ie|y)s?|chill?ies|chiles?)$/i;

// Words before "pepper" that name no chilli: a colour, a spice or a sweet pepper ("black pepper", "bell pepper").
const notAChiliKind =
  /^(?:black|white|green|red|yellow|orange|pink|purple|bell|sweet|hot|mild|long|lemon|sichuan|szechuan|cayenne|ground|cracked|crushed|seasoned|table|stuffed|roasted|mixed|banana|chili|chilli|chile|dr|salt|and)$/i;

// A unit word written out ("Tablespoon", "cups", "oz"), or a stick of butter; not "whole" ("whole milk") nor a unit
// of one letter ("c", "g", "l"), which start names too.
function measureWord(word: string): boolean {
  if (/^(?:whole|[a-z])$/i.test(word)) return false;
  return unitOf(word) !== undefined || /^sticks?$/i.test(word);
}
