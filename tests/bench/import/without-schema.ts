// Every saved page of a folder read as if it had no schema.org data (its ld+json blocks and microdata attributes
// taken out): how well the other readings (a site framework's embedded data, the page's own markup) read pages
// such as those that carry none. The page reading only, offline: no stack, no catalog lookup (so not the catalog
// check of a page's lists that recipe.import_url makes last).
//
//   deno task bench:import-without-schema <folder> [--pages]
//
// Prints pages read, pages with every expected line, lines recovered (as bench:import counts them), lines read that
// were not expected, and the slowest reading; --pages lists each page's expected, recovered and read lines and the
// reading it came from.
import { schemaRecipeOf } from "../../../shared/recipe-reading/schema-recipe.ts";
import { type DraftLine, headingsKept, recoveredLines } from "./score.ts";

const [folder] = Deno.args;
const verbose = Deno.args.includes("--pages");
if (!folder) {
  console.error("usage: without-schema.ts <folder of saved pages> [--pages]");
  Deno.exit(2);
}
let pages = 0, read = 0, expectedLines = 0, recovered = 0, extra = 0, full = 0, slowest = 0;
const rows: string[] = [];
for await (const site of Deno.readDir(folder)) {
  if (!site.isDirectory) continue;
  for await (const file of Deno.readDir(`${folder}/${site.name}`)) {
    if (!file.name.endsWith(".html")) continue;
    const html = (await Deno.readTextFile(`${folder}/${site.name}/${file.name}`))
      .replace(/<script\b[^>]*ld\+json[^>]*>[\s\S]*?<\/script>/gi, " ")
      .replace(/\bitem(?:type|prop|scope)\b(?:\s*=\s*(?:"[^"]*"|'[^']*'))?/gi, " ");
    const expected = JSON.parse(
      await Deno.readTextFile(`${folder}/${site.name}/${file.name.replace(/\.html$/, ".expected.json")}`),
    ) as { ingredients: string[] };
    pages++;
    expectedLines += expected.ingredients.length;
    const started = performance.now();
    const recipe = schemaRecipeOf(html);
    slowest = Math.max(slowest, performance.now() - started);
    const lines: DraftLine[] = (recipe?.ingredients ?? []).map((entry) => ({
      original: entry.line,
      section: entry.section,
      quantity: null,
      unit: null,
      name: "",
      note: null,
      problems: [],
      ingredient: null,
    }));
    if (lines.length) read++;
    const found = recoveredLines(expected.ingredients, lines);
    const headings = headingsKept(expected.ingredients, lines, new Set(found.map((item) => item.expected)));
    const count = found.length + headings.length;
    recovered += count;
    extra += Math.max(0, lines.length - found.length);
    if (count === expected.ingredients.length) full++;
    rows.push(
      `${site.name}/${file.name}\t${expected.ingredients.length}\t${count}\t${lines.length}\t${recipe?.source}`,
    );
  }
}
if (verbose) console.log(["page\texpected\trecovered\tread\treading", ...rows.sort()].join("\n"));
const share = (part: number, whole: number) => `${part}/${whole} (${(100 * part / whole).toFixed(1)}%)`;
console.log(`${folder} read without its schema.org data:`);
console.log("| figure | value |\n| --- | --- |");
console.log(`| pages read | ${share(read, pages)} |`);
console.log(`| pages with every expected line | ${share(full, pages)} |`);
console.log(`| lines recovered | ${share(recovered, expectedLines)} |`);
console.log(`| lines read that were not expected | ${extra} |`);
console.log(`| slowest reading | ${slowest.toFixed(0)} ms |`);
