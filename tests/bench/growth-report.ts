// The tables and the JSON of `deno task bench:growth`.
import { planFlags, type PlanScan, type ToolPlans } from "./growth-explain.ts";
import { markdownTable, round } from "./report.ts";
import type { Measurement } from "./scenario.ts";

export interface SizeReport {
  households: number;
  /** Inserting the rows of this size (for the large size: the households added to the small one). */
  seed_seconds: number;
  /** VACUUM (ANALYZE) and a checkpoint after seeding, so that no autovacuum or checkpoint runs while measuring. */
  settle_seconds: number;
  database_size: string;
  database_bytes: number;
  rows: Record<string, number>;
}

export interface SizeResult {
  size: SizeReport;
  measurements: Measurement[];
  plans: ToolPlans[];
  /** Estimated rows per table by name, as plans name them: what makes a table big. */
  tableRows: Record<string, number>;
}

function pairs(small: SizeResult, large: SizeResult) {
  return small.measurements.map((before) => {
    const after = large.measurements.find((row) => row.name === before.name && row.concurrency === before.concurrency);
    if (!after) throw new Error(`${before.name} ×${before.concurrency} was not measured at the large size`);
    const plansBefore = small.plans.find((plans) => plans.scenario === before.name);
    const plansAfter = large.plans.find((plans) => plans.scenario === before.name);
    return { before, after, blocksBefore: plansBefore?.sharedBlocks, blocksAfter: plansAfter?.sharedBlocks };
  });
}

export function growthTable(small: SizeResult, large: SizeResult): string {
  const [s, l] = [small.size.households.toLocaleString("en"), large.size.households.toLocaleString("en")];
  const header = [
    "tool",
    "conc",
    `p50 ms ${s}`,
    `p50 ms ${l}`,
    "p50 ×",
    "×, floor-adjusted",
    `p95 ms ${s}`,
    `p95 ms ${l}`,
    `floor p50 ${s}`,
    `floor p50 ${l}`,
    `blocks ${s}`,
    `blocks ${l}`,
    "failed",
  ];
  const rows = pairs(small, large).map(({ before, after, blocksBefore, blocksAfter }) => [
    before.name,
    String(before.concurrency),
    before.p50Ms.toFixed(2),
    after.p50Ms.toFixed(2),
    (after.p50Ms / before.p50Ms).toFixed(2),
    ((after.p50Ms / after.floorP50Ms) / (before.p50Ms / before.floorP50Ms)).toFixed(2),
    before.p95Ms.toFixed(2),
    after.p95Ms.toFixed(2),
    before.floorP50Ms.toFixed(2),
    after.floorP50Ms.toFixed(2),
    blocksBefore === undefined || before.concurrency !== 1 ? "" : String(blocksBefore),
    blocksAfter === undefined || before.concurrency !== 1 ? "" : String(blocksAfter),
    String(before.failures + before.floorFailures + after.failures + after.floorFailures),
  ]);
  return markdownTable(header, rows);
}

export function sizeTable(small: SizeReport, large: SizeReport): string {
  const tables = Object.keys(large.rows);
  return markdownTable(
    ["", `${small.households.toLocaleString("en")} households`, `${large.households.toLocaleString("en")} households`],
    [
      ["seeding (s)", String(small.seed_seconds), `+${large.seed_seconds}`],
      ["vacuum analyze + checkpoint (s)", String(small.settle_seconds), String(large.settle_seconds)],
      ["database size", small.database_size, large.database_size],
      ...tables.map((table) => [
        table,
        (small.rows[table] ?? 0).toLocaleString("en"),
        large.rows[table].toLocaleString("en"),
      ]),
      [
        "rows in these tables",
        Object.values(small.rows).reduce((sum, count) => sum + count, 0).toLocaleString("en"),
        Object.values(large.rows).reduce((sum, count) => sum + count, 0).toLocaleString("en"),
      ],
    ],
  );
}

function scanLabel(scan: PlanScan): string {
  const how = scan.index ? `${scan.node} using ${scan.index}` : scan.node;
  return scan.relation ? `${how} on ${scan.relation}` : how;
}

/**
 * Per tool, how each table is reached (each distinct scan once; the system catalogs, where private.invoke finds the
 * tool's function, left out), and what would grow with the database.
 */
export function planSummary(plans: ToolPlans[], rowsByTable: Record<string, number>): string {
  return plans.map((toolPlans) => {
    const scans = [
      ...new Set(
        toolPlans.statements.flatMap((statement) =>
          statement.scans.filter((scan) => !scan.relation.startsWith("pg_")).map(scanLabel)
        ),
      ),
    ];
    const flags = planFlags(toolPlans, rowsByTable);
    return [
      `- **${toolPlans.scenario}** (${toolPlans.sharedBlocks} shared blocks per call): ${scans.join("; ")}`,
      ...flags.map((flag) => `  - FLAG: ${flag}`),
    ].join("\n");
  }).join("\n");
}

export function growthJson(machine: unknown, small: SizeResult, large: SizeResult) {
  const figures = (row: Measurement) => ({
    p50_ms: round(row.p50Ms),
    p95_ms: round(row.p95Ms),
    p99_ms: round(row.p99Ms),
    rps: round(row.requestsPerSecond, 1),
    floor_p50_ms: round(row.floorP50Ms),
    floor_rps: round(row.floorRequestsPerSecond, 1),
    requests: row.requests,
    failed: row.failures + row.floorFailures,
    ...(row.failureExamples.length ? { failure_examples: row.failureExamples } : {}),
  });
  return {
    machine,
    sizes: { small: small.size, large: large.size },
    tools: pairs(small, large).map(({ before, after, blocksBefore, blocksAfter }) => ({
      name: before.name,
      concurrency: before.concurrency,
      small: figures(before),
      large: figures(after),
      p50_ratio: round(after.p50Ms / before.p50Ms),
      p50_ratio_floor_adjusted: round((after.p50Ms / after.floorP50Ms) / (before.p50Ms / before.floorP50Ms)),
      shared_blocks_per_call: { small: blocksBefore ?? null, large: blocksAfter ?? null },
    })),
    plans: { small: plansJson(small), large: plansJson(large) },
  };
}

function plansJson(result: SizeResult) {
  return result.plans.map((plans) => ({
    scenario: plans.scenario,
    tool: plans.tool,
    shared_blocks_per_call: plans.sharedBlocks,
    flags: planFlags(plans, result.tableRows),
    statements: plans.statements,
    text: plans.text,
  }));
}

/** The flags alone, for a size whose plans are not printed in full. */
export function planFlagSummary(result: SizeResult): string {
  const lines = result.plans.flatMap((plans) =>
    planFlags(plans, result.tableRows).map((flag) => `- ${plans.scenario}: ${flag}`)
  );
  return lines.length ? [...new Set(lines)].join("\n") : "- none";
}
