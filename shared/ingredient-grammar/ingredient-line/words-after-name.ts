// What may follow the ingredient's name: remarks on using it, asides after a dash, and words before a comma that
// only describe it.

// Said after the name without a comma: "salt to taste", "parsley for garnish", "oil, plus more for the pan", "salt if
// necessary", "chili flakes if you like it spicy".
export const trailingNote =
  /\s+(to taste|as needed|as required|as necessary|if (?:needed|necessary|desired|liked|preferred|available|using|wished|wanted|you (?:like|prefer|want|have)\b[^,]*)|optional|for (?:serving|garnish(?:ing)?|decoration|dusting|greasing|frying|brushing|sprinkling|topping|searing|sauteing|sautéing|cooking|drizzling|the (?:pan|grill|top|topping|glaze|sauce|dough|filling|dressing|batter))\b.*|plus (?:more|extra|a|an|some|additional|the|juice|zest)\b.*|or to taste|as much as (?:you )?(?:like|want|need(?:ed)?|desired?)|as desired|as per taste|according to taste|or more\b.*|or as needed|divided|per (?:person|serving|portion|head)\b.*|(?:at |to )?room temp(?:erature)?\.?|to (?:serve|garnish|dust|decorate|sprinkle|drizzle|top)\b.*)$/i;

// Said after the name, without a comma, about how it is used or what comes with it: "egg yolk beaten with 1 tbsp
// water", "tomatoes with juices", "capers in brine", "carrots sliced into 1/4 inch slices", "broccoli approx. 400
// grams", "chocolate chips + 2 tbsp", "sanding sugar for coating". The name is what comes before.
export const trailingPhrase = new RegExp(
  String.raw`\s+(` + [
    String
      .raw`(?:(?:lightly|well|gently)\s+)?(?:mixed|beaten|whisked|stirred|dissolved|combined|blended|diluted|softened|soaked)\s+(?:with|in|into)\b.*`,
    // "onion stuck with 2 cloves": what it is studded with is part of the recipe, the note's ("each studded with" is
    // a remark of its own, and stays one).
    String.raw`(?<!\b(?:each|half|\d+)\s)(?:stuck|studded)\s+with\b[^,]*`,
    String.raw`with (?:(?:its|their|the) )?(?:own )?juices?\b.*`,
    // "cilantro leaves and tender stems", "coriander leaves and roots": the rest of the herb, used with the leaves.
    String.raw`and (?:the )?(?:tender |thin |soft )?(?:stems|stalks|roots)\b.*`,
    String
      .raw`(?:packed\s+)?in (?:brine|water|oil|olive oil|vinegar|pur[eé]e|tomato (?:sauce|pur[eé]e)|(?:light |heavy )?syrup|(?:(?:its|their) )?(?:own )?juices?)\b.*`,
    // How it is sold: "scallops in the shell", "peas in their pods", "cherry tomatoes on the vine", "apricots in
    // natural juice".
    String.raw`(?:in (?:the|their) (?:shells?|pods?)|on the (?:vine|bone)|in (?:natural|fruit|apple) juices?)\b.*`,
    // "clams in shell", "capers in salt", "spinach in bulk", "scallions including green tops": up to a comma, after
    // which the prep words are read.
    String.raw`(?:in (?:shells?|pods?|salt|bulk)|including)\b[^,]*`,
    String.raw`(?:cut|sliced|diced|chopped|torn|broken|peeled|shaved|grated)\s+(?:into|in)\S*\b.*`,
    // The dice said alone: "carrots in 1/4-inch dice", "bean curd in small dice".
    String.raw`in (?:\d[\d/.]*-inch|small|medium|large|fine) dice`,
    String
      .raw`(?:chopped|diced|sliced|minced|crushed)\s+(?:very\s+)?(?:small|finely|fine|roughly|coarsely|thinly|thickly|large)$`,
    String.raw`(?:approx\.?|approximately|about|around|roughly)\s+\d.*`,
    String.raw`(?:\+|plus)\s*\d.*`,
    String.raw`for (?:coating|rolling|dipping|dredging|finishing|baking|basting|spritzing|toasting)\b.*`,
    String.raw`for (?:deep frying|deep-frying|shallow frying|pan frying|the work surface)\b.*`,
    // What it is for, said with a verb: "bourbon for soaking the raisins", "butter for greasing the tin".
    String.raw`for [a-z]+ing\b.*`,
    String.raw`from (?:a |an |the |canned |jarred |one |\d).*`,
    String.raw`(?:crushed|smashed|bruised|pressed)$`,
    String.raw`or (?:other|another|any|your|similar|a similar)\b.*`,
    String.raw`of (?:your )?choice\b.*`,
    // Another amount of something else instead: "minced garlic or 1 tablespoon jarred", "scallions or 1 shallot".
    // ("whole or 2% milk" is no other amount: a share names the kind.)
    String.raw`or\s*\d(?![\d.]*\s*%).*`,
  ].join("|") + ")$",
  "i",
);

// A dash with a space on either side starts a remark: "coconut milk – preferably boxed", "large shrimp -raw",
// "xanthan gum- optional" (a hyphen inside a word, "half-and-half", is no dash, nor "cheese- feta").
export const dashRemark =
  /(?:\s*[–—]+\s*|\s+-+\s*|-+\s+(?=(?:optional|preferably|or|see|about|approx|if|for|such|use|you|this|to|not|divided)\b))(?=\S)(.*)$/i;

// Words before a comma that only describe what follows ("6 boneless, skinless chicken breasts", "1 large red,
// yellow, or orange bell pepper", "4 pounds crisp, sweet apples"): the comma does not end the name there.
export const describingOnly =
  /^(?:(?:boneless|boned|skinless|bone-in|skin-on|bone in|skin on|large|small|medium|md|lg|sm|med|xl|fresh|ripe|firm|soft|thick|thin|lean|organic|raw|cold|warm|hot|whole|heaping|level|packed|plain|all-purpose|light|fruity|non-fat|nonfat|(?:low|reduced)[- ](?:fat|sodium)|lower sodium|full-fat|fat-free|extra[- ]thick|unsalted|salted|sweetened|unsweetened|crisp|sweet|tart|juicy|crunchy|tender|young|mild|sharp|aged|seedless|red|yellow|orange|green|white|black|purple|brown|golden)\s*)+$/i;

// The pieces it is cut in, said after the name before any comma: "veal stew meat in 1-inch chunks", "eggplants in
// 1/2-inch slices", "cod fillet in 4 equal portions". (After a comma, the prep words read them.)
export const inPieces =
  /\s+(in (?:\d[\d/.]*-inch|\d+ equal|small|medium|large|thin|thick|bite-size|bite-sized) (?:slices|cubes|chunks|rings|pieces|strips|portions|wedges|rounds|lengths)\b.*)$/i;
