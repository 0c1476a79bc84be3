import { dirname } from "node:path";
import type { ColdStartResult } from "./cold-start.ts";
import { median } from "./load.ts";
import type { MachineInfo } from "./machine.ts";
import type { Measurement } from "./scenario.ts";

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const optional = (value: number | undefined, digits = 2) => value === undefined ? null : round(value, digits);
const cell = (value: number | undefined, digits = 2) => value === undefined ? "–" : value.toFixed(digits);

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
    "CPU ms/call",
    "floor CPU ms",
    "cores busy",
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
    cell(row.cpuMsPerCall),
    cell(row.floorCpuMsPerCall),
    cell(row.coresBusy),
    String(row.failures + row.floorFailures),
  ]);
  return markdownTable(header, rows);
}

/**
 * How requests/s grow from 1 to 10 connections, beside the write floor's growth in the same run. When the
 * machine's CPU time is known, also the most 10 connections could reach on this machine if CPU is what runs
 * out: its cores over what one call cost the whole machine at 10 connections (at 1 connection a call costs
 * more, in wake-ups that concurrency shares), as a ratio to the requests/s at 1 connection.
 */
export function scaling(measurements: Measurement[], name: string, cores: number) {
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
    cpu_ms_per_call_10: optional(ten.cpuMsPerCall, 3),
    cpu_ceiling_10_to_1: ten.cpuMsPerCall === undefined
      ? null
      : round((cores * 1000) / ten.cpuMsPerCall / one.requestsPerSecond),
  };
}

export function scalingLine(figure: NonNullable<ReturnType<typeof scaling>>, cores: number): string {
  const line = `${figure.scenario}: ${figure.rps_1} → ${figure.rps_10} req/s from 1 to 10 connections ` +
    `(×${figure.ratio_10_to_1}); write floor ×${figure.floor_ratio_10_to_1}; ` +
    `${Math.round(figure.share_of_floor_ratio * 100)}% of the floor's ratio`;
  if (figure.cpu_ceiling_10_to_1 === null) return line;
  return `${line}. At 10 connections a call cost the machine ${figure.cpu_ms_per_call_10} ms of CPU, so ` +
    `${cores} cores allow at most ×${figure.cpu_ceiling_10_to_1} over 1 connection.`;
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
      cpu_ms_per_call: optional(row.cpuMsPerCall, 3),
      cores_busy: optional(row.coresBusy),
      floor_cpu_ms_per_call: optional(row.floorCpuMsPerCall, 3),
      floor_cores_busy: optional(row.floorCoresBusy),
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
