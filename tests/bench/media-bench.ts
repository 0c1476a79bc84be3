// deno task bench:media: OCR as media.ocr_image runs it (header budgets, then the fair queue of workers), in this
// process: time per image (first call and warm), memory after hostile images and how it comes back, and household
// B's latency alone and while household A keeps large images in flight; then the recipe-text parser's speed.
// Hosted Edge Functions give 256 MB, 2 s of CPU per request and no Worker: OCR cannot run there (see docs/imports.md, "Where OCR can run").
import { closeOcrWorkers, readImageText } from "../../shared/images/ocr.ts";
import { checkOcrImage } from "../../shared/tools/media/tools.ts";
import { parseIngredientLine } from "../../shared/ingredient-grammar/ingredient-line.ts";
import { enlarged, fixture, type FixtureName, hostileImages, pngOf } from "../media/images.ts";
import { median } from "./load.ts";

const timeLimitMs = 30_000;
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const rss = () => Deno.memoryUsage().rss;
let peakRss = rss();
const memorySampler = setInterval(() => peakRss = Math.max(peakRss, rss()), 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One call as the tool makes it; the error's type when it is refused. */
async function ocr(household: string, image: Uint8Array): Promise<string> {
  try {
    await readImageText(household, image, checkOcrImage(image), timeLimitMs);
    return "ok";
  } catch (error) {
    return (error as { type?: string }).type ?? String(error);
  }
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

async function timed(household: string, image: Uint8Array): Promise<number> {
  const started = performance.now();
  const outcome = await ocr(household, image);
  if (outcome !== "ok") throw new Error(`${household}: ${outcome}`);
  return performance.now() - started;
}

// 1. The warm baseline: this process after one OCR call.
await timed("warm", fixture("fried-rice-24pt.png"));
await sleep(1000);
const baseline = rss();

// 2. 100 hostile images, one after another, as one household.
const hostile = hostileImages();
const outcomes = new Map<string, Map<string, number>>();
peakRss = rss();
for (let call = 0; call < 100; call++) {
  const { label, bytes } = hostile[call % hostile.length];
  const outcome = await ocr("hostile", bytes);
  const counts = outcomes.get(label) ?? new Map<string, number>();
  counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  outcomes.set(label, counts);
}
const afterHostile = rss();
const hostilePeak = peakRss;
const idle: string[] = [];
for (let second = 10; second <= 60; second += 10) {
  await sleep(10_000);
  idle.push(`${second} s: ${megabytes(rss())} MB`);
}
const afterIdle = rss();

// 3. Household B's small images alone, then while household A keeps three large images in flight.
const small = fixture("two-cups-rice-40pt.png");
const largePixels = enlarged("fried-rice-48pt.png", 4);
const large = pngOf(largePixels, "rgb8");
const bCalls = 30;
for (let call = 0; call < 3; call++) await timed("B", small);
const alone: number[] = [];
for (let call = 0; call < bCalls; call++) alone.push(await timed("B", small));
let aRunning = true;
let aDone = 0;
const aLoop = async () => {
  while (aRunning) {
    if ((await ocr("A", large)) === "ok") aDone += 1;
  }
};
const aLoops = [aLoop(), aLoop(), aLoop()];
await sleep(2000);
const withA: number[] = [];
for (let call = 0; call < bCalls; call++) withA.push(await timed("B", small));
aRunning = false;
await Promise.all(aLoops);
await closeOcrWorkers();
clearInterval(memorySampler);

// 4. Time per image: the first call (a new worker loading the English data) and warm calls.
const rows: string[][] = [];
for (const name of ["fried-rice-24pt.png", "fried-rice-48pt.png"] as FixtureName[]) {
  const image = fixture(name);
  const timings: number[] = [];
  for (let call = 0; call < 6; call++) timings.push(await timed("timing", image));
  rows.push([`${name} (${image.byteLength} bytes)`, timings[0].toFixed(0), median(timings.slice(1)).toFixed(0)]);
  if (rows.length === 1) await closeOcrWorkers();
}
await closeOcrWorkers();

// 5. The parser.
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

console.log("\nOCR (English, tesseract.js; the first call starts a worker and loads the English data):");
console.log("| image | first call ms | warm median ms |\n| --- | --- | --- |");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(`\nmemory (RSS): warm baseline after one OCR call ${megabytes(baseline)} MB`);
console.log("100 hostile images, outcome by kind:");
for (const [label, counts] of outcomes) {
  console.log(`  ${label}: ${[...counts].map(([k, n]) => `${n} ${k}`).join(", ")}`);
}
console.log(`  peak ${megabytes(hostilePeak)} MB (${(hostilePeak / baseline).toFixed(2)}× baseline)`);
console.log(
  `  right after ${megabytes(afterHostile)} MB (${(afterHostile / baseline).toFixed(2)}× baseline; goal ≤ 1.5×)`,
);
console.log(`  idle: ${idle.join(", ")}`);
console.log(`  after 60 s ${megabytes(afterIdle)} MB (${(afterIdle / baseline).toFixed(2)}× baseline; goal ≤ 1.2×)`);
const p95Alone = percentile(alone, 0.95);
const p95WithA = percentile(withA, 0.95);
console.log(`\nfairness: household B, ${bCalls} small images one after another (${small.byteLength} bytes each)`);
console.log(`  alone: median ${median(alone).toFixed(0)} ms, p95 ${p95Alone.toFixed(0)} ms`);
console.log(
  `  while A keeps 3 images of ${large.byteLength} bytes (${largePixels.width}×${largePixels.height} RGB) in flight: median ${
    median(withA).toFixed(0)
  } ` +
    `ms, p95 ${p95WithA.toFixed(0)} ms (${(p95WithA / p95Alone).toFixed(2)}× alone; goal ≤ 2×); A read ${aDone}`,
);
console.log(`\nparser: ${linesPerSecond.toFixed(0)} ingredient lines per second`);
