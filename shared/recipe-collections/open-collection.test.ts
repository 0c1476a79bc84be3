// Each format reader over a file built as its app writes it (tests/recipe-collections/fixtures), and the format
// told from the content whatever the file is called.
import assert from "node:assert/strict";
import {
  cooklangArchive,
  cooklangText,
  jpegPhoto,
  jsonLdGraph,
  mealieArchive,
  mealieBackup,
  nextcloudArchive,
  paprikaArchive,
  paprikaJson,
  recipeSageExport,
  tandoorArchive,
  webpPhoto,
} from "../../tests/recipe-collections/fixtures/build-collections.ts";
import { greekSalad, pancakes } from "../../tests/recipe-collections/fixtures/sample-recipes.ts";
import { collectionLimits } from "./collection-limits.ts";
import type { CollectionRecipe } from "./collection-recipe.ts";
import { ByteBudget } from "./inflate.ts";
import { openCollection } from "./open-collection.ts";
import { gzip, writeZip } from "./zip-write.ts";

const budget = () => new ByteBudget(collectionLimits.maxTotalBytes, collectionLimits.maxTotalBytes);
const text = (value: string) => new TextEncoder().encode(value);

async function readAll(bytes: Uint8Array, fileName = "export") {
  const collection = await openCollection(bytes, fileName, budget());
  const recipes: CollectionRecipe[] = [];
  for (const item of collection.items) recipes.push(await item.read());
  return { format: collection.format, entries: collection.items.map((item) => item.entry), recipes };
}

const lineTexts = (recipe: CollectionRecipe) => recipe.lines.map((line) => line.text);

Deno.test("Paprika: a zip of gzip JSON entries, and one .paprikarecipe alone", async () => {
  const { format, entries, recipes } = await readAll(await paprikaArchive([pancakes, greekSalad]), "x.zip");
  assert.equal(format, "paprika");
  assert.deepEqual(entries, ["Buttermilk pancakes.paprikarecipe", "Greek salad.paprikarecipe"]);
  const [first, second] = recipes;
  assert.equal(first.appId, `paprika:${pancakes.id}`);
  assert.equal(first.title, "Buttermilk pancakes");
  assert.deepEqual(lineTexts(first), pancakes.lines);
  assert.equal(first.servings, "4 servings");
  assert.deepEqual(first.tags, ["Breakfast", "Weekend"]);
  assert.equal(first.sourceUrl, pancakes.url);
  assert.deepEqual(first.photo, jpegPhoto());
  assert.match(first.instructions ?? "", /^Whisk the flour/);
  // The heading is the section of the lines after it, not a line.
  assert.equal(second.lines.length, 9);
  assert.deepEqual(second.lines.slice(5).map((line) => line.section), Array(4).fill("For the dressing"));

  const single = await readAll(await gzip(JSON.stringify(paprikaJson(greekSalad, null))), "Greek.paprikarecipe");
  assert.equal(single.format, "paprika");
  assert.equal(single.recipes[0].title, "Greek salad");
  assert.equal(single.recipes[0].photo, null);
});

Deno.test("Mealie: recipes/<slug>/<slug>.json with structured ingredients and the WebP beside", async () => {
  const { format, recipes: [salad] } = await readAll(await mealieArchive([greekSalad]));
  assert.equal(format, "mealie");
  assert.match(salad.appId ?? "", /^mealie:0e4c/);
  assert.equal(salad.servings, 2);
  assert.deepEqual(salad.tags, ["Salad", "Vegetarian"]);
  assert.deepEqual(salad.lines[3].parts, { quantity: 200, unit: "g", food: "feta cheese", note: null });
  assert.equal(salad.lines[6].section, "For the dressing");
  assert.deepEqual(salad.photo, webpPhoto());
  assert.equal(salad.notes, greekSalad.notes);
});

Deno.test("Mealie's backup: database.json's rows and data/recipes/<id>/images/original.webp", async () => {
  const { format, entries, recipes: [cakes, salad] } = await readAll(await mealieBackup([pancakes, greekSalad]));
  assert.equal(format, "mealie");
  assert.deepEqual(entries, ["database.json recipes[0]", "database.json recipes[1]"]);
  assert.match(cakes.appId ?? "", /^mealie:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.equal(cakes.title, "Buttermilk pancakes");
  assert.deepEqual(cakes.lines.map((line) => line.parts), pancakes.parts);
  assert.match(cakes.instructions ?? "", /^Whisk the flour/);
  assert.equal(cakes.servings, 4);
  assert.deepEqual(cakes.tags, ["Breakfast", "Weekend"]);
  assert.equal(cakes.notes, pancakes.notes);
  assert.deepEqual(cakes.photo, webpPhoto());
  assert.equal(salad.lines[5].section, "For the dressing");
});

Deno.test("Tandoor: a zip of <id>.zip, each with recipe.json and image.jpeg", async () => {
  const { format, entries, recipes: [first, second] } = await readAll(await tandoorArchive([pancakes, greekSalad]));
  assert.equal(format, "tandoor");
  assert.deepEqual(entries, ["101.zip", "102.zip"]);
  assert.equal(first.appId, "tandoor:101");
  assert.deepEqual(first.lines[0].parts, { quantity: 2, unit: "cup", food: "all-purpose flour", note: null });
  assert.equal(first.lines[0].text, "2 cup all-purpose flour");
  assert.deepEqual(first.lines[8].parts, { quantity: null, unit: null, food: "maple syrup", note: "to serve" });
  assert.deepEqual(first.photo, jpegPhoto());
  assert.equal(second.lines.find((line) => line.parts?.food === "olive oil")?.section, "For the dressing");
});

Deno.test("Nextcloud Cookbook: folders of recipe.json and full.jpg", async () => {
  const { format, recipes: [first] } = await readAll(await nextcloudArchive([pancakes]));
  assert.equal(format, "nextcloud");
  assert.equal(first.appId, "nextcloud:2001");
  assert.deepEqual(lineTexts(first), pancakes.lines);
  assert.equal(first.servings, 4);
  assert.deepEqual(first.tags, ["Breakfast", "Weekend"]);
  assert.deepEqual(first.photo, jpegPhoto());
});

Deno.test("RecipeSage's array, and JSON-LD with a @graph and a data: photo", async () => {
  const sage = await readAll(text(recipeSageExport([pancakes, greekSalad])), "recipesage.json");
  assert.equal(sage.format, "recipesage");
  assert.deepEqual(sage.entries, ["[0]", "[1]"]);
  assert.equal(sage.recipes[0].appId, `recipesage:${pancakes.id.toLowerCase()}`);
  assert.equal(sage.recipes[0].notes, pancakes.notes);
  assert.equal(sage.recipes[1].lines[5].section, "For the dressing");
  assert.equal(sage.recipes[0].photo, null); // an address is fetched by the tool, not the reader

  const page = await readAll(text(jsonLdGraph([greekSalad])), "salad.json");
  assert.equal(page.format, "json-ld");
  assert.equal(page.recipes[0].appId, null);
  assert.deepEqual(page.recipes[0].tags, ["Salad", "Vegetarian"]);
  assert.equal(page.recipes[0].servings, "2");
  assert.deepEqual(page.recipes[0].photo, jpegPhoto());
});

Deno.test("Cooklang: marked ingredients with their amounts, front matter, alone or zipped", async () => {
  const alone = await readAll(text(cooklangText(pancakes)), "Sunday.cook");
  assert.equal(alone.format, "cooklang");
  const [recipe] = alone.recipes;
  assert.equal(recipe.title, "Buttermilk pancakes");
  assert.equal(recipe.servings, "4");
  assert.deepEqual(recipe.tags, ["Breakfast", "Weekend"]);
  assert.deepEqual(recipe.lines.map((line) => line.parts), pancakes.parts);
  assert.match(recipe.instructions ?? "", /^Put all-purpose flour, sugar, .* in a large bowl\.\nCook for 25 minutes/);
  assert.equal(recipe.sourceUrl, pancakes.url);

  const zipped = await readAll(await cooklangArchive([greekSalad]));
  assert.equal(zipped.format, "cooklang");
  assert.equal(zipped.recipes[0].lines.length, 9);
  assert.deepEqual(zipped.recipes[0].photo, jpegPhoto());
});

Deno.test("an entry that is not JSON fails alone; a file of no format is refused", async () => {
  const collection = await openCollection(await tandoorArchive([pancakes]), "t.zip", budget());
  assert.equal(collection.items.length, 1);
  await assert.rejects(openCollection(text("just some words"), "notes.txt", budget()), /none of the formats/);
  await assert.rejects(openCollection(text('{"a": 1}'), "a.json", budget()), /JSON but holds no recipe/);
  await assert.rejects(openCollection(text('[{"a": '), "a.json", budget()), /not valid JSON/);
});

Deno.test("JSON-LD files in a zip take the image file each names beside it, never one elsewhere", async () => {
  const recipe = (name: string, image: unknown) =>
    JSON.stringify({ "@type": "Recipe", name, recipeIngredient: ["1 cup rice"], image });
  const archive = await writeZip([
    { name: "rice-1.json", data: recipe("Rice", "rice-1.webp") },
    { name: "rice-1.webp", data: webpPhoto(), deflate: false },
    { name: "folder/soup.json", data: recipe("Soup", { "@type": "ImageObject", url: "soup.jpg" }) },
    { name: "folder/soup.jpg", data: jpegPhoto(), deflate: false },
    { name: "outside.json", data: recipe("Outside", "../rice-1.webp") },
    { name: "missing.json", data: recipe("Missing", ["gone.jpg"]) },
    { name: "deeper.json", data: recipe("Deeper", "folder/soup.jpg") },
  ]);
  const { format, recipes } = await readAll(archive, "export.zip");
  assert.equal(format, "json-ld");
  const photoOf = (title: string) => recipes.find((read) => read.title === title)?.photo ?? null;
  assert.deepEqual(photoOf("Rice"), webpPhoto());
  assert.deepEqual(photoOf("Soup"), jpegPhoto());
  assert.equal(photoOf("Outside"), null);
  assert.equal(photoOf("Missing"), null);
  assert.equal(photoOf("Deeper"), null, "only a file beside the recipe's own, by its name alone");
});
