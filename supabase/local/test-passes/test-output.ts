export interface Tally {
  passed: number;
  failed: number;
  /** Tests that could not run on this machine (the browser tests without Chromium). */
  skipped?: number;
}

// deno test closes with "ok | 12 passed (3 steps) | 0 failed (2s)" or "FAILED | 1 passed | 1 failed (9ms)".
export function tallyDenoTest(output: string): Tally | undefined {
  // Colour codes would hide the summary from the pattern if NO_COLOR were ignored.
  // deno-lint-ignore no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n").reverse();
  for (const line of lines) {
    const match = /^(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/.exec(line.trim());
    if (match) {
      const skipped = lines.filter((text) => /^\.\/tests\/browser\/.* \.\.\. ignored/.test(text.trim())).length;
      return { passed: Number(match[1]), failed: Number(match[2]), ...(skipped > 0 ? { skipped } : {}) };
    }
  }
  return undefined;
}

// pg_prove --verbose prints each TAP line: "ok 3 - description" or "not ok 4 - description", indented for subtests.
export function tallyTap(output: string): Tally {
  let passed = 0;
  let failed = 0;
  for (const line of output.split("\n")) {
    if (/^\s*ok \d+/.test(line)) passed++;
    else if (/^\s*not ok \d+/.test(line)) failed++;
  }
  return { passed, failed };
}
