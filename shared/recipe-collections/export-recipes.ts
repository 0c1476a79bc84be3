// The household's recipes written out as files other apps read: schema.org Recipe JSON-LD (what Tandoor, Mealie and
// Nextcloud Cookbook import: name, recipeIngredient lines, recipeInstructions steps, recipeYield, keywords) and
// Markdown to read. Each ingredient line is written so that the line reader reads back the same amount, unit, name
// and prep state: recipe.import_file of the export gives the recipes back.
import type { Recipe } from "../tools/recipe/results.ts";

export type ExportedRecipe = Pick<
  Recipe,
  "id" | "title" | "tags" | "rating" | "servings" | "instructions" | "notes" | "ingredients" | "photo_path"
>;

const countUnits = new Set(["piece", "can", "package"]);

/** A quantity as people write it: whole numbers plain, decimals as JSON writes them (0.5, 1.25). */
function amount(quantity: number): string {
  return String(quantity);
}

/** One line as text: "2 cup all-purpose flour, sifted (for dusting)"; "salt (to taste)" without an amount. */
export function lineText(line: ExportedRecipe["ingredients"][number]): string {
  const unit = line.unit === null
    ? null
    : countUnits.has(line.unit) && line.quantity !== 1
    ? `${line.unit}s`
    : line.unit;
  const measure = line.quantity === null ? [] : [amount(line.quantity), ...(unit && unit !== "whole" ? [unit] : [])];
  const words = [...measure, line.unit === "whole" ? `whole ${line.ingredient_name}` : line.ingredient_name];
  return words.join(" ") + (line.prep_state ? `, ${line.prep_state}` : "") + (line.note ? ` (${line.note})` : "");
}

/** Text inside a Markdown image's brackets: a bracket or backslash of the title escaped. */
function markdownText(text: string): string {
  return text.replace(/[\\[\]]/g, "\\$&");
}

function steps(instructions: string | null): string[] {
  return (instructions ?? "").split("\n").map((step) => step.trim()).filter(Boolean);
}

/** A name for the recipe's file: its title as a slug, and the start of its id so that two of a title differ. */
export function fileStem(recipe: ExportedRecipe): string {
  const slug = recipe.title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  return `${slug || "recipe"}-${recipe.id.slice(0, 8)}`;
}

/**
 * The recipe as a schema.org Recipe; `photoName` is the file of its photo beside it in the archive, named in `image`
 * as a relative address (as Nextcloud Cookbook's full.jpg sits beside its recipe.json), which recipe.import_file
 * reads back from the same archive.
 */
export function recipeJsonLd(recipe: ExportedRecipe, photoName?: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    identifier: recipe.id,
    name: recipe.title,
    recipeIngredient: recipe.ingredients.map(lineText),
    recipeInstructions: steps(recipe.instructions).map((text) => ({ "@type": "HowToStep", text })),
    ...(recipe.servings === null ? {} : { recipeYield: String(recipe.servings) }),
    ...(recipe.tags.length === 0 ? {} : { keywords: recipe.tags.join(", ") }),
    ...(recipe.notes === null ? {} : { description: recipe.notes }),
    ...(recipe.rating === null
      ? {}
      : { aggregateRating: { "@type": "AggregateRating", ratingValue: recipe.rating, bestRating: 5, ratingCount: 1 } }),
    ...(photoName === undefined ? {} : { image: photoName }),
  };
}

/** The recipe to read; `photoName` is the file of its photo beside it, shown under the title. */
export function recipeMarkdown(recipe: ExportedRecipe, photoName?: string): string {
  const facts = [
    recipe.servings === null ? null : `Serves ${recipe.servings}`,
    recipe.rating === null ? null : `Rated ${recipe.rating} of 5`,
    recipe.tags.length === 0 ? null : `Tags: ${recipe.tags.join(", ")}`,
  ].filter(Boolean);
  const method = steps(recipe.instructions);
  return [
    `# ${recipe.title}`,
    ...(photoName === undefined ? [] : ["", `![${markdownText(recipe.title)}](${photoName})`]),
    ...(facts.length > 0 ? ["", facts.join(" · ")] : []),
    "",
    "## Ingredients",
    "",
    ...recipe.ingredients.map((line) => `- ${lineText(line)}`),
    ...(method.length > 0 ? ["", "## Method", "", ...method.map((step, index) => `${index + 1}. ${step}`)] : []),
    ...(recipe.notes ? ["", "## Notes", "", recipe.notes] : []),
    "",
  ].join("\n");
}
