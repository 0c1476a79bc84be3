export interface Tally {
  passed: number;
  failed: number;
  /** Tests that could not run on this machine (the browser tests without Chromium). */
  skipped?: number;
  /** Each failure, briefly: which test and its first lines of error, repeated at the end of the run. */
  failures?: string[];
}

const atMostFailures = 20;
// A browser test's failure says what its pages showed and which calls were in flight: about 30 lines.
const atMostLinesPerFailure = 40;

// deno test closes with "ok | 12 passed (3 steps) | 0 failed (2s)" or "FAILED | 1 passed | 1 failed (9ms)".
export function tallyDenoTest(output: string): Tally | undefined {
  // Colour codes would hide the summary from the pattern if NO_COLOR were ignored.
  // deno-lint-ignore no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n").reverse();
  for (const line of lines) {
    const match = /^(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/.exec(line.trim());
    if (match) {
      const skipped = lines.filter((text) => /^\.\/tests\/browser\/.* \.\.\. ignored/.test(text.trim())).length;
      const failures = denoFailures(lines.toReversed());
      return {
        passed: Number(match[1]),
        failed: Number(match[2]),
        ...(skipped > 0 ? { skipped } : {}),
        ...(failures.length > 0 ? { failures } : {}),
      };
    }
  }
  return undefined;
}

// deno test's " ERRORS " section holds a block per failure: "name => ./file.ts:3:6", "error: …", source, stack.
function denoFailures(lines: string[]): string[] {
  const start = lines.findIndex((line) => line.trim() === "ERRORS");
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && line.trim() === "FAILURES");
  const failures: string[] = [];
  let current: string[] | undefined;
  for (const line of lines.slice(start + 1, end < 0 ? undefined : end)) {
    if (/ => \.\/\S+:\d+:\d+$/.test(line)) {
      current = [line];
      failures.push("");
    } else if (current && line.trim() !== "" && !/^\s+at /.test(line) && current.length < atMostLinesPerFailure) {
      current.push(line);
    }
    if (current) failures[failures.length - 1] = current.join("\n");
  }
  return failures.slice(0, atMostFailures);
}

// pg_prove --verbose prints each TAP line: "ok 3 - description" or "not ok 4 - description", indented for subtests.
export function tallyTap(output: string): Tally {
  let passed = 0;
  let failed = 0;
  let file = "";
  const failures: string[] = [];
  for (const line of output.split("\n")) {
    if (/\.sql \.*\s*$/.test(line)) file = line.replace(/\s*\.*\s*$/, "");
    if (/^\s*ok \d+/.test(line)) passed++;
    else if (/^\s*not ok \d+/.test(line)) {
      failed++;
      if (failures.length < atMostFailures) failures.push(`${file}: ${line.trim()}`);
    }
  }
  return { passed, failed, ...(failures.length > 0 ? { failures } : {}) };
}
