import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import { FairQueue } from "./fair-queue.ts";

/** A job that runs until the test lets it finish, recording when it started. */
function heldJob(log: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => finish = resolve);
  return {
    job: async (slot: number) => {
      log.push(`${name} on ${slot}`);
      await finished;
      return name;
    },
    finish: () => finish(),
  };
}

Deno.test("FairQueue: household B is served at once while A's job runs and A's other calls wait", async () => {
  const queue = new FairQueue({ slots: 2, perHousehold: 3, waitingInAll: 10 });
  const log: string[] = [];
  const a = [heldJob(log, "A1"), heldJob(log, "A2"), heldJob(log, "A3")];
  const aRuns = a.map((held) => queue.run("A", held.job));
  const b = heldJob(log, "B1");
  const bRun = queue.run("B", b.job);
  await Promise.resolve();
  assert.deepEqual(log, ["A1 on 0", "B1 on 1"]);
  assert.deepEqual(queue.snapshot(), { running: ["A", "B"], waiting: { A: 2 } });
  b.finish();
  assert.equal(await bRun, "B1");
  // A's waiting calls do not take B's slot while A1 runs: a household runs one job at a time.
  assert.deepEqual(log, ["A1 on 0", "B1 on 1"]);
  a[0].finish();
  await aRuns[0];
  await Promise.resolve();
  // Both slots are free now: the lowest is taken.
  assert.deepEqual(log, ["A1 on 0", "B1 on 1", "A2 on 0"]);
  a[1].finish();
  a[2].finish();
  assert.deepEqual(await Promise.all(aRuns), ["A1", "A2", "A3"]);
});

Deno.test("FairQueue: only the household over its share gets RATE_LIMITED, with a Retry-After", async () => {
  const queue = new FairQueue({ slots: 2, perHousehold: 2, waitingInAll: 10 });
  const log: string[] = [];
  const held = [heldJob(log, "A1"), heldJob(log, "A2")];
  const runs = held.map((job) => queue.run("A", job.job));
  await assert.rejects(
    queue.run("A", heldJob(log, "A3").job),
    (error) =>
      error instanceof AppError && error.type === "RATE_LIMITED" && error.status === 429 &&
      error.retryAfterSeconds !== undefined && error.retryAfterSeconds >= 1,
  );
  const b = [heldJob(log, "B1"), heldJob(log, "B2")];
  const bRuns = b.map((job) => queue.run("B", job.job));
  for (const job of [...held, ...b]) job.finish();
  assert.deepEqual(await Promise.all([...runs, ...bRuns]), ["A1", "A2", "B1", "B2"]);
  assert.deepEqual(log.filter((entry) => entry.startsWith("A3")), []);
});

Deno.test("FairQueue: a free slot goes to households in turn, not to the one with the most calls waiting", async () => {
  const queue = new FairQueue({ slots: 1, perHousehold: 5, waitingInAll: 20 });
  const log: string[] = [];
  const jobs = ["A1", "A2", "A3", "B1", "C1", "B2"].map((name) => ({ name, held: heldJob(log, name) }));
  const runs = jobs.map(({ name, held }) => queue.run(name[0], held.job));
  for (const { held } of jobs) {
    held.finish();
    await Promise.resolve();
  }
  await Promise.all(runs);
  assert.deepEqual(log.map((entry) => entry.slice(0, 2)), ["A1", "B1", "C1", "A2", "B2", "A3"]);
});

Deno.test("FairQueue: calls one after another reuse the lowest slot, so the other slots' workers never start", async () => {
  const queue = new FairQueue({ slots: 3, perHousehold: 2, waitingInAll: 8 });
  const used: number[] = [];
  for (let call = 0; call < 5; call++) await queue.run("A", (slot) => Promise.resolve(used.push(slot)));
  assert.deepEqual(used, [0, 0, 0, 0, 0]);
  // Overlapping calls take the next slots, and the lowest is taken again once it is free.
  const { promise: release, resolve } = Promise.withResolvers<void>();
  const first = queue.run("A", async (slot) => (await release, slot));
  const second = queue.run("B", (slot) => Promise.resolve(slot));
  assert.equal(await second, 1);
  assert.equal(await queue.run("C", (slot) => Promise.resolve(slot)), 1);
  resolve();
  assert.equal(await first, 0);
  assert.equal(await queue.run("C", (slot) => Promise.resolve(slot)), 0);
});
