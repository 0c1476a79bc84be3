// What may stand before the amount and the name: marks, hedges, labels, a part of the fruit, a remark.

// Characters that show nothing (zero-width spaces and joiners, invisible separators, byte-order marks).
export const invisible = /[\u200b-\u200d\u2060-\u2064\ufeff]/g;

export const bullet = /^(?:[-*•·▪◦▢☐□✓]\s*)+/;

// ("up to 300ml stock", "at least 4 tbsp olive oil", "an additional 1 tbsp sugar", "lightly packed 1/2 cup", "A
// generous ½ teaspoon": the amount is still the one to shop for, and the article no amount of its own.)
export const hedgeBeforeAmount =
  /^(?:an?\s+(?=(?:scant|heaping|heaped|generous|rounded|level|good)\s+\d))?(scant|heaping|heaped|generous|rounded|level|good|about|approx\.?|approximately|around|roughly|~|up to|at least|(?:an )?additional|(?:lightly|loosely|firmly|slightly|well) (?:packed|rounded|heaped|heaping))\s*(?=\d)/i;

export const labelBefore =
  /^((?:optional(?:\s+(?:garnish(?:es)?|toppings?|glaze|bowl add-ins|add-ins))?|garnish(?:es)?|toppings?|to serve|for serving|for (?:the )?(?:garnish|topping|decoration)|to garnish|to decorate|serve with))\s*:\s*(?=\S)/i;

// "juice of 1 lemon", "zest and juice of 2 limes": the fruit is the ingredient, the part goes to the note. Each part
// may say how it is taken ("freshly squeezed juice of", "juice and finely grated zest of").
// So are "seeds from 5 cardamom pods", "leaves from a few sprigs of dill", "seeds scraped from 1 vanilla bean",
// "segments of 2 oranges".
const fruitPart = String
  .raw`(?:(?:finely|freshly|coarsely)\s+)?(?:(?:grated|squeezed|minced|shredded|chopped)\s+)?(?:zest|juice|rind|peel)`;
export const partOf = new RegExp(
  String.raw`^(?:the\s+)?((?:${fruitPart}(?:\s+and\s+${fruitPart})?|` +
    String
      .raw`(?:seeds|leaves|kernels|segments|sections)(?:\s+(?:scraped|picked|stripped|cut|sliced))?))\s+(?:(?:from|of)(?:\s+(?=\S)|(?=\d))|(?=\d))`,
  "i",
);

// Words said before the name that belong to the note ("as required salt", "to taste black pepper").
export const leadingNote =
  /^(as required|as needed|as necessary|as per taste|to taste|according to taste|optional:?)\s+(?=[a-zA-Z])/i;

// An amount said without a number ("a few basil leaves", "some parsley", "a little milk"): nothing to shop for by,
// so the line has no amount and the words go to its note. (Before a counting word, "a few sprigs", the counting
// word reads them.)
export const vagueAmount =
  /^(a few|few|some|a little|a little bit of|a bit of|a touch of|several|lots of|plenty of)\s+(?=[a-zA-Z])/i;
