import { dirname } from "node:path";
import type { ColdStartResult } from "./cold-start.ts";
import { median } from "./load.ts";
import type { MachineInfo } from "./machine.ts";
import type { Measurement } from "./scenario.ts";

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

export function scenarioTable(measurements: Measurement[]): string {
  const header = [
    "scenario",
    "conc",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "req/s",
    "floor",
    "floor p50",
    "floor req/s",
    "p50 ×floor",
    "req/s ÷floor",
    "stmts/call",
    "failed",
  ];
  const rows = measurements.map((row) => [
    row.name,
    String(row.concurrency),
    row.p50Ms.toFixed(2),
    row.p95Ms.toFixed(2),
    row.p99Ms.toFixed(2),
    row.requestsPerSecond.toFixed(0),
    row.floor,
    row.floorP50Ms.toFixed(2),
    row.floorRequestsPerSecond.toFixed(0),
    (row.p50Ms / row.floorP50Ms).toFixed(2),
    `${((row.requestsPerSecond / row.floorRequestsPerSecond) * 100).toFixed(0)}%`,
    row.statementsPerCall.toFixed(2),
    String(row.failures + row.floorFailures),
  ]);
  return markdownTable(header, rows);
}

/** How requests/s grow from 1 to 10 connections, beside the write floor's growth in the same run. */
export function scaling(measurements: Measurement[], name: string) {
  const at = (concurrency: number) => measurements.find((row) => row.name === name && row.concurrency === concurrency);
  const [one, ten] = [at(1), at(10)];
  if (!one || !ten) return undefined;
  const ratio = ten.requestsPerSecond / one.requestsPerSecond;
  const floorRatio = ten.floorRequestsPerSecond / one.floorRequestsPerSecond;
  return {
    scenario: name,
    rps_1: round(one.requestsPerSecond, 0),
    rps_10: round(ten.requestsPerSecond, 0),
    ratio_10_to_1: round(ratio),
    floor_ratio_10_to_1: round(floorRatio),
    share_of_floor_ratio: round(ratio / floorRatio),
  };
}

export function coldStartTable(results: ColdStartResult[]): string {
  return markdownTable(
    ["function", "first reply p50 ms", "min–max ms", "listening p50 ms", "RSS after 1st MB", "RSS after 1,000 MB"],
    results.map((result) => [
      result.name,
      median(result.firstReplyMs).toFixed(0),
      `${Math.min(...result.firstReplyMs).toFixed(0)}–${Math.max(...result.firstReplyMs).toFixed(0)}`,
      median(result.listeningMs).toFixed(0),
      String(result.rssAfterFirstReplyMb),
      String(result.rssAfter1000CallsMb) + (result.failures ? ` (${result.failures} failed)` : ""),
    ]),
  );
}

/** The report as the issue gives it: `.local/bench/latest.json`. */
export function jsonReport(
  machine: MachineInfo,
  seeded: Record<string, unknown>,
  measurements: Measurement[],
  coldStarts: ColdStartResult[],
  scalingFigures: unknown[],
) {
  return {
    machine,
    seeded,
    scenarios: measurements.map((row) => ({
      name: row.name,
      concurrency: row.concurrency,
      requests: row.requests,
      p50_ms: round(row.p50Ms),
      p95_ms: round(row.p95Ms),
      p99_ms: round(row.p99Ms),
      rps: round(row.requestsPerSecond, 1),
      floor: row.floor,
      floor_p50_ms: round(row.floorP50Ms),
      floor_rps: round(row.floorRequestsPerSecond, 1),
      p50_ratio: round(row.p50Ms / row.floorP50Ms),
      rps_ratio: round(row.requestsPerSecond / row.floorRequestsPerSecond),
      statements_per_call: round(row.statementsPerCall),
      failed: row.failures + row.floorFailures,
      ...(row.failureExamples.length ? { failure_examples: row.failureExamples } : {}),
    })),
    scaling: scalingFigures,
    cold_start_ms: Object.fromEntries(coldStarts.map((result) => [result.name, {
      first_reply_p50: round(median(result.firstReplyMs), 0),
      first_reply_min: round(Math.min(...result.firstReplyMs), 0),
      first_reply_max: round(Math.max(...result.firstReplyMs), 0),
      listening_p50: round(median(result.listeningMs), 0),
      runs: result.firstReplyMs.length,
    }])),
    rss_mb: Object.fromEntries(coldStarts.map((result) => [result.name, {
      after_first_reply: result.rssAfterFirstReplyMb,
      after_1000_calls: result.rssAfter1000CallsMb,
    }])),
  };
}

export async function writeJson(path: string, value: unknown): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(value, null, 2) + "\n");
}
