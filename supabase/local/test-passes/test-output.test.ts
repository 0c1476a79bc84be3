import assert from "node:assert/strict";
import { tallyDenoTest, tallyTap } from "./test-output.ts";

Deno.test("the deno test summary is read, with or without steps", () => {
  assert.deepEqual(tallyDenoTest("x\nok | 12 passed (3 steps) | 0 failed (2s)\n"), { passed: 12, failed: 0 });
  assert.deepEqual(tallyDenoTest("FAILED | 1 passed | 2 failed (9ms)"), { passed: 1, failed: 2 });
  assert.equal(tallyDenoTest("error: Module not found"), undefined);
});

Deno.test("TAP lines are counted, subtests included", () => {
  const output = "t.sql ..\n1..3\nok 1 - a\nnot ok 2 - b\n    ok 1 - nested\nok 3 # skip\n";
  assert.deepEqual(tallyTap(output), { passed: 3, failed: 1, failures: ["t.sql: not ok 2 - b"] });
});

Deno.test("browser tests that could not run are counted as skipped; other ignored tests are not", () => {
  const output = [
    "./tests/browser/app/sign-in.test.ts => a new person signs up ... ignored (0ms)",
    "./tests/browser/list/live-list.test.ts => live list: 100 ticks ... ignored (0ms)",
    "./shared/tools/registry.test.ts => history.list: without an execute of its own ... ignored (0ms)",
    "ok | 10 passed | 0 failed | 3 ignored (2s)",
  ].join("\n");
  assert.deepEqual(tallyDenoTest(output), { passed: 10, failed: 0, skipped: 2 });
  assert.deepEqual(tallyDenoTest("ok | 4 passed | 0 failed (1s)"), { passed: 4, failed: 0 });
});

Deno.test("each failure is kept with its first lines of error, without the stack", () => {
  const output = [
    "./a.test.ts => fails plainly ... FAILED (631µs)",
    "",
    " ERRORS ",
    "",
    "fails plainly => ./a.test.ts:2:6",
    "error: Error: boom",
    "second line",
    "    at file:///tmp/dt/a.test.ts:2:42",
    "",
    "steps ... inner bad => ./a.test.ts:3:43",
    "error: Error: inner",
    "    at innerWrapped (ext:cli/40_test.js:300:11)",
    "",
    " FAILURES ",
    "",
    "fails plainly => ./a.test.ts:2:6",
    "steps ... inner bad => ./a.test.ts:3:43",
    "",
    "FAILED | 1 passed | 2 failed (1 step) (7ms)",
  ].join("\n");
  assert.deepEqual(tallyDenoTest(output)?.failures, [
    "fails plainly => ./a.test.ts:2:6\nerror: Error: boom\nsecond line",
    "steps ... inner bad => ./a.test.ts:3:43\nerror: Error: inner",
  ]);
  assert.equal(tallyDenoTest("ok | 4 passed | 0 failed (1s)")?.failures, undefined);
});

Deno.test("a failed TAP line is kept with the file it is in", () => {
  const output = "/x/supabase/tests/10-a.sql .......... \n1..2\nok 1 - a\nnot ok 2 - b\n#   Failed test 2\n";
  assert.deepEqual(tallyTap(output).failures, ["/x/supabase/tests/10-a.sql: not ok 2 - b"]);
});
