import assert from "node:assert/strict";
import { parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { type ExportedRecipe, fileStem, lineText, recipeJsonLd, recipeMarkdown } from "./export-recipes.ts";

const line = (
  quantity: number | null,
  unit: ExportedRecipe["ingredients"][number]["unit"],
  name: string,
  prep: string | null = null,
  note: string | null = null,
) => ({
  position: 0,
  ingredient_id: "00000000-0000-4000-8000-000000000001",
  ingredient_name: name,
  quantity,
  unit,
  prep_state: prep,
  note,
});

Deno.test("each line is written so that the line reader reads back its amount, unit, name and prep state", () => {
  const lines = [
    line(2, "cup", "all-purpose flour"),
    line(3, "tbsp", "butter", "melted"),
    line(2, "can", "chickpeas"),
    line(1, "package", "puff pastry"),
    line(0.5, "tsp", "salt"),
    line(2, "whole", "eggs"),
    line(null, null, "black pepper", null, "to taste"),
  ];
  for (const written of lines) {
    const read = parseIngredientLine(lineText(written));
    assert.deepEqual(
      [read.quantity, read.unit, read.name, read.prep_state],
      [written.quantity, written.unit, written.ingredient_name, written.prep_state],
      lineText(written),
    );
  }
  assert.equal(lineText(lines[2]), "2 cans chickpeas");
  assert.equal(lineText(lines[6]), "black pepper (to taste)");
});

Deno.test("file names are the title's slug and the id's start; Markdown reads as a recipe card", () => {
  const recipe: ExportedRecipe = {
    id: "6d3a1f7e-9c2b-4e51-8a0d-1b2c3d4e5f60",
    title: "Crème brûlée!",
    tags: ["Dessert"],
    rating: 5,
    servings: 4,
    instructions: "Bake.\n\nChill.",
    notes: null,
    ingredients: [line(4, "whole", "egg yolks")],
    photo_path: null,
  };
  assert.equal(fileStem(recipe), "creme-brulee-6d3a1f7e");
  assert.equal(
    recipeMarkdown(recipe),
    "# Crème brûlée!\n\nServes 4 · Rated 5 of 5 · Tags: Dessert\n\n## Ingredients\n\n- 4 whole egg yolks\n\n" +
      "## Method\n\n1. Bake.\n2. Chill.\n",
  );
});

Deno.test("a photo beside the recipe is named in the JSON-LD's image and shown in the Markdown", () => {
  const recipe: ExportedRecipe = {
    id: "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
    title: "Toast [quick]",
    tags: [],
    rating: null,
    servings: null,
    instructions: null,
    notes: null,
    ingredients: [line(2, "piece", "bread")],
    photo_path: "household/recipe/photo.jpg",
  };
  assert.equal(recipeJsonLd(recipe, "toast-quick-0b1c2d3e.jpg").image, "toast-quick-0b1c2d3e.jpg");
  assert.equal("image" in recipeJsonLd(recipe), false, "without a photo in the archive, no image");
  assert.match(
    recipeMarkdown(recipe, "toast-quick-0b1c2d3e.png"),
    /^# Toast \[quick\]\n\n!\[Toast \\\[quick\\\]\]\(toast-quick-0b1c2d3e\.png\)\n\n## Ingredients\n/,
  );
  assert.doesNotMatch(recipeMarkdown(recipe), /!\[/);
});
