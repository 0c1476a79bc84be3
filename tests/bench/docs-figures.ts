// The figures docs/benchmarks.md shows, made from a report of `deno task bench` (its .local/bench/latest.json), never
// typed by hand. `deno task bench:docs [report.json]` copies the report to docs/benchmark-figures.json and rewrites
// the part of docs/benchmarks.md between the markers below; docs-figures.test.ts checks that the two still agree.
import { markdownTable } from "./report.ts";

export const startMarker = "<!-- bench:figures:start (written by deno task bench:docs) -->";
export const endMarker = "<!-- bench:figures:end -->";

interface ScenarioFigures {
  name: string;
  concurrency: number;
  p50_ms: number;
  rps: number;
  floor: string;
  floor_p50_ms: number;
  floor_rps: number;
  statements_per_call: number;
  cpu_ms_per_call?: number | null;
  failed: number;
}

export interface BenchReport {
  machine: { cores: number; cpu: string; load_average_start: number[]; load_average_end: number[] };
  seeded: { summary: string };
  scenarios: ScenarioFigures[];
  cold_start_ms: Record<string, { first_reply_p50: number; runs: number }>;
  measured_at?: string;
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);

/** The section: one row per call at 1 and at 10 connections, each with its ratio to the floor of the same run. */
export function figuresSection(report: BenchReport): string {
  const byName = new Map<string, Map<number, ScenarioFigures>>();
  for (const row of report.scenarios) {
    if (!byName.has(row.name)) byName.set(row.name, new Map());
    byName.get(row.name)!.set(row.concurrency, row);
  }
  const rows = [...byName].map(([name, runs]) => {
    const one = runs.get(1);
    const ten = runs.get(10);
    return [
      name,
      one ? `${fixed(one.p50_ms)} ms (×${fixed(one.p50_ms / one.floor_p50_ms, 1)})` : "–",
      ten ? `${fixed(ten.p50_ms)} ms (×${fixed(ten.p50_ms / ten.floor_p50_ms, 1)})` : "–",
      ten ? `${fixed(ten.rps, 0)} (×${fixed(ten.rps / ten.floor_rps, 2)})` : "–",
      one ? fixed(one.statements_per_call, 1) : "–",
      String([...runs.values()].reduce((sum, run) => sum + run.failed, 0)),
    ];
  });
  const floors = report.scenarios.filter((row) => row.concurrency === 1);
  const floorRange = (kind: string) => {
    const values = floors.filter((row) => row.floor === kind).map((row) => row.floor_p50_ms);
    return values.length ? `${fixed(Math.min(...values))}–${fixed(Math.max(...values))} ms` : "–";
  };
  const coldStarts = Object.entries(report.cold_start_ms);
  return [
    startMarker,
    "",
    `From \`deno task bench\` on ${report.machine.cores} cores (${report.machine.cpu}), load average ` +
    `${report.machine.load_average_start.join(" ")} at the start and ${report.machine.load_average_end.join(" ")} ` +
    `at the end${report.measured_at ? `, ${report.measured_at}` : ""}. Seeded: ${report.seeded.summary}. ` +
    `In brackets, each figure over its floor's in the same run (read floor p50 ${floorRange("read")}, ` +
    `write floor ${floorRange("write")} at one connection).`,
    "",
    markdownTable(
      ["call", "p50, 1 connection", "p50, 10 connections", "requests/s, 10 connections", "statements", "failed"],
      rows,
    ),
    ...(coldStarts.length
      ? [
        "",
        markdownTable(
          ["function", "cold start, first reply p50 (runs)"],
          coldStarts.map(([name, figures]) => [name, `${figures.first_reply_p50} ms (${figures.runs})`]),
        ),
      ]
      : []),
    "",
    endMarker,
  ].join("\n");
}

/** The page with its section replaced; an error when the markers are missing. */
export function withFigures(page: string, report: BenchReport): string {
  const start = page.indexOf(startMarker);
  const end = page.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`docs/benchmarks.md has no ${startMarker} … ${endMarker} section`);
  return page.slice(0, start) + figuresSection(report) + page.slice(end + endMarker.length);
}

if (import.meta.main) {
  const source = Deno.args[0] ?? ".local/bench/latest.json";
  const report = JSON.parse(await Deno.readTextFile(source)) as BenchReport;
  report.measured_at ??= (await Deno.stat(source)).mtime?.toISOString().slice(0, 10);
  await Deno.writeTextFile("docs/benchmark-figures.json", JSON.stringify(report, null, 2) + "\n");
  await Deno.writeTextFile("docs/benchmarks.md", withFigures(await Deno.readTextFile("docs/benchmarks.md"), report));
  await new Deno.Command(Deno.execPath(), { args: ["fmt", "docs/benchmarks.md", "docs/benchmark-figures.json"] })
    .output();
  console.log(`docs/benchmarks.md: figures from ${source}`);
}
