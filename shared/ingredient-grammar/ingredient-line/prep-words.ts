// How an ingredient is prepared: only these words become a prep state. "ground" and "crushed" are left out on
// purpose: "ground beef" and "crushed tomatoes" are what is bought, not how it is cut.
export const prepStates = [
  "chopped",
  "diced",
  "minced",
  "sliced",
  "grated",
  "shredded",
  "cubed",
  "julienned",
  "halved",
  "quartered",
  "mashed",
  "melted",
  "softened",
  "beaten",
  "peeled",
  "seeded",
  "cored",
  "trimmed",
  "rinsed",
  "drained",
  "crumbled",
  "zested",
  "juiced",
  "toasted",
  "pitted",
  "deveined",
  "sifted",
  "whisked",
  "thawed",
] as const;

export const prepStateSet = new Set<string>(prepStates);

/** Said before a prep word and taken out with it ("finely chopped"). */
export const prepAdverbs = new Set([
  "finely",
  "thinly",
  "thickly",
  "roughly",
  "coarsely",
  "freshly",
  "lightly",
  "very",
  "well",
]);
