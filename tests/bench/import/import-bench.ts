// deno task bench:import <folder of saved pages>: every page (<site>/<page>.html, with <page>.expected.json beside
// it: title and ingredient lines) served by a local server and imported through recipe.import_url on a stack of
// its own; prints drafts returned, titles right, lines recovered, quantities and units read, lines matched,
// drafts ready to save, time per import, and the parser's agreement with the npm package parse-ingredient on the
// same lines. Writes every line's reading to <folder>/../import-bench-<half>.json for hand checking.
import { basename, join, relative } from "node:path";
import postgres from "postgres";
import { parseIngredient } from "parse-ingredient";
import { readSigningKey, signUserToken } from "../../../supabase/local/stack/signing-key.ts";
import { startStack } from "../../../supabase/local/stack/stack.ts";
import { stackConfig } from "../../../supabase/local/stack/stack-config.ts";
import { percentile } from "../load.ts";
import { createHouseholds } from "../seed.ts";
import { comparable, type DraftLine, type Expected, headingsKept, recoveredLines, setAsideLines } from "./score.ts";
import { agrees } from "./agreement.ts";

const folder = Deno.args[0];
if (!folder) {
  console.error("usage: deno task bench:import <folder of saved pages>");
  Deno.exit(2);
}

async function pagesIn(directory: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(directory)) {
    const path = join(directory, entry.name);
    if (entry.isDirectory) found.push(...await pagesIn(path));
    else if (entry.name.endsWith(".html")) found.push(path);
  }
  return found.sort();
}

const pages = await pagesIn(folder);
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
  const path = join(folder, decodeURIComponent(new URL(request.url).pathname));
  try {
    return new Response(await Deno.readFile(path), { headers: { "content-type": "text/html; charset=utf-8" } });
  } catch {
    return new Response("not here", { status: 404 });
  }
});
const pageServer = `127.0.0.1:${server.addr.port}`;
Deno.env.set("RECIPE_IMPORT_ALLOW_HOSTS", pageServer);
Deno.env.set("LOG_LEVEL", Deno.env.get("LOG_LEVEL") ?? "error");

const config = stackConfig("bench");
console.log(`Starting the benchmark stack (fresh database); ${pages.length} pages in ${folder}…`);
const stack = await startStack(config, { freshDatabase: true });
try {
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  const [household] = await createHouseholds(sql, "import-bench", 1);
  await sql.end();
  const key = await readSigningKey(config.stateDirectory);
  const token = await signUserToken(key, stack.apiUrl, { id: household.userId, email: household.email }, 3600);

  const sites = new Set<string>();
  const timings: number[] = [];
  const refusals = new Map<string, number>();
  const totals = {
    pages: pages.length,
    drafts: 0,
    titlesRight: 0,
    expectedLines: 0,
    recovered: 0,
    headings: 0,
    withQuantity: 0,
    withUnit: 0,
    matched: 0,
    setAside: 0,
    ready: 0,
    readyCountingSetAsideAsMissing: 0,
    agreeQuantity: 0,
    agreeUnit: 0,
    compared: 0,
  };
  const readings: unknown[] = [];
  for (const page of pages) {
    sites.add(basename(join(page, "..")));
    const expected: Expected = JSON.parse(await Deno.readTextFile(page.replace(/\.html$/, ".expected.json")));
    const url = `http://${pageServer}/${relative(folder, page).split("/").map(encodeURIComponent).join("/")}`;
    const started = performance.now();
    const response = await fetch(`${stack.apiUrl}/functions/v1/recipe/import_url`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ url }),
    });
    const body = await response.json();
    timings.push(performance.now() - started);
    totals.expectedLines += expected.ingredients.length;
    if (!body.ok) {
      const reason = `${response.status} ${String(body.error?.message).slice(0, 70)}`;
      refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
      readings.push({ page: relative(folder, page), refused: reason });
      continue;
    }
    totals.drafts += 1;
    if (comparable(body.data.draft.title ?? "") === comparable(expected.title ?? "")) totals.titlesRight += 1;
    const lines = body.data.lines as DraftLine[];
    const recovered = recoveredLines(expected.ingredients, lines);
    const recoveredTexts = new Set(recovered.map((found) => found.expected));
    const headings = headingsKept(expected.ingredients, lines, recoveredTexts);
    totals.recovered += recovered.length + headings.length;
    totals.headings += headings.length;
    for (const { line } of recovered) {
      if (line.quantity !== null) totals.withQuantity += 1;
      if (line.unit !== null) totals.withUnit += 1;
      if (line.ingredient) totals.matched += 1;
      const other = parseIngredient(line.original)[0];
      if (other && !other.isGroupHeader) {
        totals.compared += 1;
        const agreement = agrees(line, other);
        if (agreement.quantity) totals.agreeQuantity += 1;
        if (agreement.unit) totals.agreeUnit += 1;
      }
    }
    const setAside = setAsideLines(
      expected.ingredients,
      body.data.other_lines ?? [],
      new Set([...recoveredTexts, ...headings]),
    );
    totals.setAside += setAside.length;
    const readLines = recovered.length + headings.length;
    if (body.data.ready && readLines + setAside.length === expected.ingredients.length) totals.ready += 1;
    if (body.data.ready && readLines === expected.ingredients.length) totals.readyCountingSetAsideAsMissing += 1;
    readings.push({
      page: relative(folder, page),
      title: [body.data.draft.title, expected.title],
      ready: body.data.ready,
      missing: expected.ingredients.filter((text) =>
        !recovered.some((found) => found.expected === text) && !headings.includes(text) && !setAside.includes(text)
      ),
      set_aside: setAside,
      lines: lines.map((line) => ({
        original: line.original,
        quantity: line.quantity,
        unit: line.unit,
        name: line.name,
        note: line.note,
        matched: line.ingredient?.name ?? null,
        section: line.section,
        problems: line.problems,
      })),
    });
  }
  const share = (part: number, whole: number) => `${part}/${whole} (${(100 * part / Math.max(whole, 1)).toFixed(1)}%)`;
  const sorted = [...timings].sort((a, b) => a - b);
  const ingredientLines = totals.recovered - totals.headings;
  console.log(`\nrecipe.import_url on ${totals.pages} pages from ${sites.size} sites (${folder}):`);
  console.log(`| figure | value |\n| --- | --- |`);
  console.log(`| drafts returned | ${share(totals.drafts, totals.pages)} |`);
  console.log(`| titles right | ${share(totals.titlesRight, totals.pages)} |`);
  console.log(`| lines recovered | ${share(totals.recovered, totals.expectedLines)} |`);
  console.log(`| of which headings kept as the section of the lines under them | ${totals.headings} |`);
  console.log(
    `| lines recovered as ingredient lines (headings not counted) | ${share(ingredientLines, totals.expectedLines)} |`,
  );
  console.log(`| recovered lines with a quantity | ${share(totals.withQuantity, ingredientLines)} |`);
  console.log(`| recovered lines with a unit | ${share(totals.withUnit, ingredientLines)} |`);
  console.log(`| lines matched (of expected lines) | ${share(totals.matched, totals.expectedLines)} |`);
  console.log(
    `| lines set aside as nothing to buy (cookware, made in the recipe), kept in other_lines | ${
      share(totals.setAside, totals.expectedLines)
    } |`,
  );
  console.log(
    `| drafts ready to save (every line recovered or set aside, ready) | ${share(totals.ready, totals.pages)} |`,
  );
  console.log(
    `| drafts ready to save, set-aside lines counted as missing (the count before they were counted) | ${
      share(totals.readyCountingSetAsideAsMissing, totals.pages)
    } |`,
  );
  console.log(`| quantity agrees with parse-ingredient | ${share(totals.agreeQuantity, totals.compared)} |`);
  console.log(`| unit agrees with parse-ingredient | ${share(totals.agreeUnit, totals.compared)} |`);
  console.log(
    `| ms per import: median, p95, max | ${percentile(sorted, 0.5).toFixed(1)}, ${
      percentile(sorted, 0.95).toFixed(1)
    }, ${sorted[sorted.length - 1].toFixed(1)} |`,
  );
  console.log("\nrefusals:");
  for (const [reason, count] of [...refusals].sort((a, b) => b[1] - a[1])) console.log(`  ${count} × ${reason}`);
  const report = join(folder, "..", `import-bench-${basename(folder)}.json`);
  await Deno.writeTextFile(report, JSON.stringify(readings, null, 1));
  console.log(`\nevery line's reading: ${report}`);
} finally {
  await stack.stop();
  await server.shutdown();
}
