// What a hostile page costs recipe.import_url's page reading (shared/recipe-reading, before its one name lookup):
// pages built to make a reader scan far (thousands of unclosed lists, scripts, elements named "ingredient", tables,
// <br> lines, headings, deeply nested JSON), each beside an ordinary page of the same size, timed in the same run.
//
//   deno task bench:hostile-pages [--runs 5]
//
// Prints per page its size, the median milliseconds of the reading (schemaRecipeOf, then candidateLists as when no
// reading finds ingredients) and the ratio to the ordinary page of its size.
import { candidateLists } from "../../../shared/recipe-reading/candidate-lists.ts";
import { schemaRecipeOf } from "../../../shared/recipe-reading/schema-recipe.ts";

const runsAt = Deno.args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(Deno.args[runsAt + 1]) : 5;

const page = (body: string) => `<html><head><title>Page</title></head><body>${body}</body></html>`;
const hostile: Record<string, string> = {
  "20,000 unclosed nested lists": page("<ul><li>1 a".repeat(20_000)),
  "50,000 one-item lists": page("<ul><li>x</li></ul>".repeat(50_000)),
  "30,000 unclosed ingredient divs": page('<div class="ingredient">'.repeat(30_000)),
  "20,000 unclosed tables": page("<table><tr><td>1 cup flour</td></tr>".repeat(20_000)),
  "200,000 <br> lines": page("<p>" + "1 cup x<br>".repeat(200_000) + "</p>"),
  "JSON nested 200,000 deep": page(
    `<script type="application/json">${"[".repeat(200_000)}"recipeIngredient"${"]".repeat(200_000)}</script>`,
  ),
  "20,000 lists in one ingredients container": page(
    '<div class="ingredients">' + "<h4>Part</h4><ul><li>1 a</li><li>2 b</li></ul>".repeat(20_000) + "</div>",
  ),
  "20,000 ingredient lists in a row": page('<ul class="ingredients"><li>1 a</li><li>2 b</li></ul>'.repeat(20_000)),
  "20,000 unclosed ld+json scripts": page('<script type="application/ld+json">{"@type":"Recipe"'.repeat(20_000)),
  "30,000 Ingredients headings": page("<h2>Ingredients</h2><p>x</p>".repeat(30_000)),
  "30,000 unclosed microdata values": page(
    '<div itemscope itemtype="https://schema.org/Recipe">' + '<div itemprop="recipeIngredient">1 a'.repeat(30_000),
  ),
};

/** A page of the same size that reads as ordinary prose: the baseline. */
function ordinary(size: number): string {
  const paragraph = "<p>We cooked this on a Sunday, and the kitchen smelled of garlic for hours.</p>";
  return page(paragraph.repeat(Math.ceil(size / paragraph.length)));
}

function medianMs(html: string): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    if (!schemaRecipeOf(html)) candidateLists(html);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

console.log(`page reading, median of ${runs} runs`);
console.log("| page | size | ms | ordinary page of that size, ms | ratio |");
console.log("| --- | --- | --- | --- | --- |");
for (const [name, html] of Object.entries(hostile)) {
  const ms = medianMs(html);
  const baseline = medianMs(ordinary(html.length));
  console.log(
    `| ${name} | ${(html.length / 1024).toFixed(0)} KiB | ${ms.toFixed(1)} | ${baseline.toFixed(1)} | ${
      (ms / Math.max(baseline, 0.1)).toFixed(1)
    } |`,
  );
}
