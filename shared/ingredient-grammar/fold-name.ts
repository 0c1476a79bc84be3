// An ingredient name folded for exact lookup: case, accents, punctuation and spaces, then plural endings word by
// word ("Tomatoes" → "tomato", "all-purpose flour" → "all purpose flour"). The same rules as SQL's
// private.fold_ingredient_name, which folds the stored names; a test holds the two equal over the whole catalog.

const accents: Record<string, string> = Object.fromEntries(
  [..."àáâäãåçèéêëìíîïñòóôöõùúûüýÿ"].map((letter, index) => [letter, "aaaaaaceeeeiiiinooooouuuuyy"[index]]),
);

export function foldIngredientName(name: string): string {
  return name.toLowerCase()
    .replace(/[àáâäãåçèéêëìíîïñòóôöõùúûüýÿ]/g, (letter) => accents[letter])
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\b([a-z0-9]+)ies\b/g, "$1y")
    .replace(/\b([a-z0-9]{2,})oes\b/g, "$1o")
    .replace(/\b([a-z0-9]*(?:ch|sh|x|z))es\b/g, "$1")
    .replace(/\b([a-z0-9]{2,}[a-hj-rtv-z0-9])s\b/g, "$1");
}
