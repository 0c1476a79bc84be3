// The last resort of a name's lookup: the ingredient its last words name, the words before them taken as what
// describes it ("neutral vegetable oil" → vegetable oil, "unwaxed lemons" → lemons, "hearty red table wine" → wine),
// when no reading by the lists of describing words matched. A word before the name is taken for a description only
// when it names no ingredient of its own: "coconut rice" is no rice, "corn flour" no flour, "walnut bitters" no
// bitters, so they stay unmatched and ask. Tried after every other candidate, longest first.
import { foldIngredientName } from "./fold-name.ts";
import { oneWordNames } from "./generated/one-word-names.ts";
import { colourKinds, colours, originDishBases, origins } from "./name-words.ts";

/** The name by its last words, and the words before them as written. */
export interface HeadName {
  name: string;
  dropped: string[];
}

// Words that name many different things by the word before them ("seasoning salt", "cookie butter", "tonic water",
// "truffle oil", "spelt flour"): alone, they are never what a longer name is taken for. Their plain kinds are
// described by the lists of ingredient-name.ts ("fine salt", "cold water") or are catalog names or aliases.
const needsItsKind = new Set([
  "salt",
  "sugar",
  "butter",
  "milk",
  "cream",
  "water",
  "oil",
  "flour",
  "cheese",
  "sauce",
  "paste",
  "powder",
  "extract",
  "essence",
  "juice",
  "syrup",
  "stock",
  "broth",
  "vinegar",
  "seasoning",
  "spice",
  "mix",
  "seed",
  "bean",
  "nut",
  "chip",
  "crumb",
  "leaf",
  "leave",
  "tea",
  "liqueur",
  "bitter",
  "jam",
  "jelly",
  "meal",
  "starch",
  "roll",
  "bread",
  "cake",
  "pie",
  "crust",
  "noodle",
  "pasta",
  "rice",
  "soup",
  "dressing",
  "spread",
  "yogurt",
  "yoghurt",
  "curd",
  "fat",
  "steak",
  "sausage",
  "ham",
  "mince",
  "meat",
  "fillet",
  "chop",
  "pepper",
  "chili",
  "chile",
  "chilli",
  "chily",
  "chilly",
  "onion",
  "pea",
  "egg",
  "wrap",
  "shell",
  "sprinkle",
  "candy",
  "cookie",
  "cooky",
  "biscuit",
  "cracker",
  "ice",
]);

// After a brand's flavour words, these alone name a product of their own too ("Chocolate Caramel Hot Cocoa" is a
// drink's mix, "Frosted Chocolate Fudge toaster pastries" no pastry to roll): never taken for the whole.
const brandedNeedsItsKind = new Set(["cocoa", "pastry"]);

// Words saying a diet's version ("vegan", "gluten-free"): it is a product of its own, never the plain thing.
const dietWord =
  /^(?:vegan|vegetarian|plant-based|plant|dairy-free|dairy|non-dairy|gluten-free|gluten|grain-free|keto|paleo|sugar-free|low-carb|egg-free|nut-free|meatless|whole30|free)$/i;

// Words that tie the words around them ("zest from lemon", "cream of chicken soup", "salt and pepper"): not a
// description.
const tyingWord = /^(?:and|or|&|of|with|without|from|for|in|on|to|the|a|an|plus|into|per|each|your|my|our|any|some)$/i;

function describes(word: string, next: string, rest: string, flavours: boolean): boolean {
  const bare = word.replace(/[,;:]+$/, "");
  if (!/^\p{L}[\p{L}'’-]*$/u.test(bare) || tyingWord.test(bare) || dietWord.test(bare)) return false;
  const folded = foldIngredientName(bare);
  const namesOne = oneWordNames.has(folded) || folded.split(" ").some((part) => oneWordNames.has(part));
  if (namesOne && !flavours) return false;
  // A colour or an origin that makes a thing of its own ("black garlic", "Spanish rice") stays with it.
  if (colours.has(folded) && colourKinds.test(rest)) return false;
  if (origins.has(folded) && originDishBases.has(next.toLowerCase())) return false;
  return true;
}

/**
 * The candidates by the name's last words, longest first: every word left out describes ("unwaxed lemons").
 * `flavours`: the words left out may name ingredients too, as they do in a product's name after its brand
 * ("Mott's® Cinnamon Applesauce", "CRISCO® Butter Shortening"): there they say its flavour or its line.
 */
export function headNames(name: string, flavours = false): HeadName[] {
  const words = name.trim().split(/\s+/).filter((word) => word !== "");
  const found: HeadName[] = [];
  for (let start = 1; start < words.length; start += 1) {
    const rest = words.slice(start).join(" ");
    // Every word left out describes, and what is kept starts a name ("zest from lemon" is no "from lemon").
    if (!describes(words[start - 1], words[start], rest, flavours) || tyingWord.test(words[start])) break;
    const lastWord = words.length - start === 1 ? foldIngredientName(words[start]) : undefined;
    if (lastWord && (needsItsKind.has(lastWord) || flavours && brandedNeedsItsKind.has(lastWord))) continue;
    // A colour after a flavour stays with it: "Cayenne Red Pepper" is no red pepper.
    if (
      flavours && colours.has(foldIngredientName(words[start])) && colourKinds.test(words.slice(start + 1).join(" "))
    ) {
      continue;
    }
    found.push({ name: rest, dropped: words.slice(0, start) });
  }
  return found;
}
