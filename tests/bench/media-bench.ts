// deno task bench:media: OCR time per image at two sizes (the first call, which starts the worker and loads the
// English data, and warm calls), the process's peak resident memory, and the recipe-text parser's lines per
// second. Hosted Edge Functions give 256 MB, 2 s of CPU per request and no Worker: the figures say whether
// OCR would fit (it cannot run there anyway: tesseract.js needs a worker thread; see the README).
import { closeOcrWorker, recognizeText } from "../../shared/media/ocr.ts";
import { parseIngredientLine } from "../../shared/media/ingredient-line.ts";
import { renderText } from "../media/render.ts";
import { median } from "./load.ts";

const recipe = "Fried rice\n\nIngredients\n2 cups cooked white rice\n2 eggs, beaten\n1 tbsp soy sauce\n" +
  "3 green onions, sliced\n\nMethod\nFry the eggs, add the rice and the sauce.";
let peakRss = Deno.memoryUsage().rss;
const sampleMemory = () => peakRss = Math.max(peakRss, Deno.memoryUsage().rss);
const memorySampler = setInterval(sampleMemory, 20);

const rows: string[][] = [];
for (const pointSize of [24, 48]) {
  const image = await renderText(recipe, pointSize);
  const timings: number[] = [];
  for (let call = 0; call < 6; call++) {
    const started = performance.now();
    await recognizeText(image, 30_000);
    timings.push(performance.now() - started);
  }
  rows.push([
    `${pointSize} pt (${image.byteLength} bytes)`,
    timings[0].toFixed(0),
    median(timings.slice(1)).toFixed(0),
  ]);
}
await closeOcrWorker();
clearInterval(memorySampler);
sampleMemory();

const lines = [
  "2 cups all-purpose flour",
  "1 1/2 tbsp olive oil",
  "½ tsp salt",
  "2-3 cloves garlic, minced",
  "3 large eggs",
  "200 g butter, softened",
  "a pinch of nutmeg",
  "1 can chopped tomatoes",
];
const parseRounds = 20_000;
const parseStarted = performance.now();
for (let round = 0; round < parseRounds; round++) parseIngredientLine(lines[round % lines.length]);
const linesPerSecond = parseRounds / ((performance.now() - parseStarted) / 1000);

console.log("\nOCR (English, tesseract.js, one worker):");
console.log("| image | first call ms | warm median ms |\n| --- | --- | --- |");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(`\npeak resident memory: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
console.log(`parser: ${linesPerSecond.toFixed(0)} ingredient lines per second`);
