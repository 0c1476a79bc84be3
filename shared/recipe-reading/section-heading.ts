// Lines in an ingredient list that name a part of the recipe rather than an ingredient: "For the marinade:",
// "FOR THE MARINADE", "## SAUCE", "Sauce:", "Topping". They become the section of the lines after them.

const quantityStart = /^(?:[-*•·▪◦▢☐□]\s*)?(?:\d|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/;

// Also a kind of ingredient named as a group, in the plural ("Spices", "Vegetables", "Aromatics"), the cook's things
// ("Equipment"), and what is added if liked ("Optional", "Add-ins", "Optional toppings", "Others").
const recipePart =
  /^(?:the\s+|optional\s+)?(?:sauces?|dressings?|marinades?|toppings?|fillings?|crusts?|glazes?|frostings?|icings?|doughs?|batters?|bases?|garnish(?:es)?|salads?|sandwich(?:es)?|assembly|crumble|streusel|rub|brine|slaw|cake|decorations?|garnishings?|extras|sides?|spices|seasonings|aromatics|vegetables|veggies|tadka|tempering|(?:special\s+)?equipment|add-ins|mix-ins|serving suggestions|optional|others?)$/i;

/** The section's name when the line is a heading; undefined when it reads as an ingredient. */
export function sectionHeading(line: string): string | undefined {
  const text = line.trim();
  if (!text || text.length > 60 || quantityStart.test(text)) return undefined;
  const marked = /^#{1,6}\s*(.+?)\s*#*$/.exec(text) ?? /^\*\*(.+?):?\*\*$/.exec(text) ??
    /^[-–—=]{2,}\s*(.+?)\s*[-–—=]{2,}$/.exec(text);
  if (marked) return tidyHeading(marked[1]);
  if (/^[^:,()]{1,50}:$/.test(text)) return tidyHeading(text);
  // An aside in parentheses is the heading's remark: "To serve (optional):" is the section "To serve".
  const bare = text.replace(/\s*\([^()]*\)\s*/g, " ").trim();
  if (bare !== text && /^[^:,()]{1,50}:$/.test(bare)) return tidyHeading(bare);
  if (/^for (?:the |a |an )?[^,:()]{1,40}$/i.test(text) && !/\bto taste\b|\bserving\b/i.test(text)) {
    return tidyHeading(text);
  }
  // A part of the recipe named alone, in any case ("Sauce", "DRESSING", "The Marinade", "Toppings"): no ingredient is
  // bought by that bare word. A part named with what it is made of ("Hot Sauce", "Pizza Dough", "Pie Crust") is
  // something to buy, and stays a line.
  // "DRESSING (whisk together)" is the section "DRESSING".
  if (recipePart.test(bare)) return tidyHeading(bare);
  // What the lines under it are for, said to the cook ("To serve", "To brush on the dough before baking"; not "to
  // taste"), and a version of the recipe ("Yeast Version", "Vegan version").
  if (/^to (?!(?:your |one's |one’s )?taste\b)\p{L}+(?:\s+[\p{L}'’-]+){0,8}$/iu.test(bare)) return tidyHeading(bare);
  if (/^(?:[\p{L}'’-]+\s+){1,3}version$/iu.test(bare)) return tidyHeading(bare);
  // "Standard Ingredients", "Dairy-free ingredients", "Ingredients for the filling": a list of its own.
  if (/^(?:[\p{L}'’-]+\s+){0,4}ingredients$|^ingredients (?:for|of) [^,:()]{1,40}$/iu.test(text)) {
    return tidyHeading(text);
  }
  // Capitals only, two words at least: "FOR THE MARINADE", "SAUCE INGREDIENTS", "SPICE RUB (mix ahead)" (one capital
  // word may be "SALT").
  const letters = bare.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 4 && letters === letters.toUpperCase() && /\s/.test(bare) && !/\d/.test(bare)) {
    return tidyHeading(bare);
  }
  return undefined;
}

function tidyHeading(text: string): string {
  return text.replace(/[:\s]+$/, "").trim();
}
