// The figures in docs/benchmarks.md are the ones deno task bench:docs makes from docs/benchmark-figures.json: a figure
// typed by hand, or a report copied without its section rewritten, fails here.
import assert from "node:assert/strict";
import { type BenchReport, endMarker, figuresSection, startMarker } from "./docs-figures.ts";

Deno.test("docs/benchmarks.md shows the figures of docs/benchmark-figures.json as bench:docs writes them", async () => {
  const page = await Deno.readTextFile(new URL("../../docs/benchmarks.md", import.meta.url));
  const report = JSON.parse(
    await Deno.readTextFile(new URL("../../docs/benchmark-figures.json", import.meta.url)),
  ) as BenchReport;
  const start = page.indexOf(startMarker);
  const end = page.indexOf(endMarker);
  assert.ok(start >= 0 && end > start, "the page has the figures' markers");
  // deno fmt wraps the paragraph and pads the tables: the words and figures must be the same, not the spacing.
  const words = (text: string) => text.replace(/\s+/g, " ").replace(/ ?\| ?/g, "|").replace(/\|-+/g, "|-");
  assert.equal(words(page.slice(start, end + endMarker.length)), words(figuresSection(report)));
});

Deno.test("the section names every call of the report with its ratio to the floor", () => {
  const report: BenchReport = {
    machine: { cores: 2, cpu: "test cpu", load_average_start: [1], load_average_end: [2] },
    seeded: { summary: "one household" },
    scenarios: [1, 10].map((concurrency) => ({
      name: "grocery.get_list (50 items)",
      concurrency,
      p50_ms: 2 * concurrency,
      rps: 100 / concurrency,
      floor: "read",
      floor_p50_ms: concurrency,
      floor_rps: 400 / concurrency,
      statements_per_call: 1,
      failed: 0,
    })),
    cold_start_ms: { grocery: { first_reply_p50: 80, runs: 5 } },
  };
  const section = figuresSection(report);
  assert.match(
    section,
    /\| grocery\.get_list \(50 items\) \| 2\.00 ms \(×2\.0\) +\| 20\.00 ms \(×2\.0\) +\| 10 \(×0\.25\)/,
  );
  assert.match(section, /\| grocery +\| 80 ms \(5\)/);
});
