import assert from "node:assert/strict";
import { machineBusyMs } from "./machine.ts";
import { scaling, scalingLine } from "./report.ts";
import type { Measurement } from "./scenario.ts";

Deno.test("machineBusyMs counts the CPU time this process spends", () => {
  const before = machineBusyMs();
  assert.equal(typeof before, "number", "/proc/stat is readable on the Linux machines the bench runs on");
  const spinUntil = performance.now() + 200;
  let spins = 0;
  while (performance.now() < spinUntil) spins++;
  const after = machineBusyMs()!;
  assert.ok(spins > 0);
  // The whole machine's busy time includes this process's 200 ms; /proc/stat counts in 10 ms ticks.
  assert.ok(after - before! >= 150, `busy time grew by ${after - before!} ms over a 200 ms spin`);
});

function measurement(concurrency: number, rps: number, floorRps: number, cpuMsPerCall?: number): Measurement {
  return {
    name: "push",
    concurrency,
    floor: "write",
    requests: 100,
    p50Ms: 1,
    p95Ms: 1,
    p99Ms: 1,
    requestsPerSecond: rps,
    statementsPerCall: 1,
    failures: 0,
    failureExamples: [],
    floorP50Ms: 0.5,
    floorRequestsPerSecond: floorRps,
    floorFailures: 0,
    cpuMsPerCall,
    coresBusy: cpuMsPerCall === undefined ? undefined : (cpuMsPerCall * rps) / 1000,
  };
}

Deno.test("scaling gives the ceiling the cores set on the 1-to-10 ratio, from the CPU a call cost at 10", () => {
  const figure = scaling([measurement(1, 400, 2000, 2.5), measurement(10, 720, 6000, 2.2)], "push", 2)!;
  assert.equal(figure.ratio_10_to_1, 1.8);
  assert.equal(figure.floor_ratio_10_to_1, 3);
  assert.equal(figure.share_of_floor_ratio, 0.6);
  assert.equal(figure.cpu_ms_per_call_10, 2.2);
  // 2 cores at 2.2 ms a call: at most 909 req/s, ×2.27 over the 400 at one connection.
  assert.equal(figure.cpu_ceiling_10_to_1, 2.27);
  assert.match(scalingLine(figure, 2), /cost the machine 2\.2 ms of CPU, so 2 cores allow at most ×2\.27/);
});

Deno.test("scaling leaves the CPU ceiling out when the machine's CPU time is unknown", () => {
  const figure = scaling([measurement(1, 400, 2000), measurement(10, 720, 6000)], "push", 2)!;
  assert.equal(figure.cpu_ms_per_call_10, null);
  assert.equal(figure.cpu_ceiling_10_to_1, null);
  assert.doesNotMatch(scalingLine(figure, 2), /CPU/);
  assert.equal(scaling([measurement(1, 400, 2000)], "push", 2), undefined);
});
