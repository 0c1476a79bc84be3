// The load side of `deno task bench:mixed`: `concurrency` senders for `seconds`, each request a random
// operation (by weight) of a random household, reads and writes mixed; the server's resident memory is read
// from /proc at the start, every 5 s and at the end.
import { percentile, type RequestSpec, send } from "./load.ts";
import { residentMegabytes } from "./machine.ts";
import type { MixedHousehold, MixedPlan, MixedResult, OperationFigures } from "./mixed-scenario.ts";

const plan: MixedPlan = JSON.parse(await new Response(Deno.stdin.readable).text());

// A fixed seed: every run sends the same sequence of operations.
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20261122);
const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
const checked = new Map<MixedHousehold, number>();

interface Operation {
  name: string;
  weight: number;
  path: string;
  body(household: MixedHousehold): unknown;
}

const operations: Operation[] = [
  { name: "recipe.list", weight: 15, path: "recipe/list", body: () => ({}) },
  { name: "recipe.get", weight: 15, path: "recipe/get", body: (h) => ({ recipe_id: pick(h.recipeIds) }) },
  { name: "grocery.get_list", weight: 15, path: "grocery/get_list", body: (h) => ({ grocery_list_id: h.readListId }) },
  { name: "grocery.list_lists", weight: 5, path: "grocery/list_lists", body: () => ({}) },
  {
    name: "planner.list_meals",
    weight: 15,
    path: "planner/list_meals",
    body: () => {
      const start = new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 80)));
      const end = new Date(start.getTime() + 6 * 86_400_000);
      return { start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) };
    },
  },
  {
    name: "planner.add_meal",
    weight: 8,
    path: "planner/add_meal",
    body: (h) => ({
      recipe_id: pick(h.recipeIds),
      // Over a year, as a day holds at most 20 live meals.
      date: new Date(Date.UTC(2026, 4, 1 + Math.floor(random() * 365))).toISOString().slice(0, 10),
      meal_type: pick(["breakfast", "lunch", "dinner"]),
    }),
  },
  {
    name: "grocery.add_item",
    weight: 8,
    path: "grocery/add_item",
    body: (h) => ({
      grocery_list_id: h.addListId,
      ingredient_id: pick(plan.ingredientIds.slice(0, 20)),
      quantity: 1,
      unit: "whole",
    }),
  },
  {
    name: "grocery.push_ingredients (10 lines)",
    weight: 12,
    path: "grocery/push_ingredients",
    body: (h) => {
      const offset = Math.floor(random() * (plan.ingredientIds.length - 10));
      return {
        grocery_list_id: h.pushListId,
        ingredients: plan.ingredientIds.slice(offset, offset + 10).map((id) => ({
          ingredient_id: id,
          quantity: 0.5,
          unit: "cup",
        })),
      };
    },
  },
  {
    name: "grocery.check_item",
    weight: 7,
    path: "grocery/check_item",
    body: (h) => {
      const next = checked.get(h) ?? 0;
      checked.set(h, next + 1);
      return { grocery_item_id: h.checkItemIds[next % h.checkItemIds.length] };
    },
  },
];
const totalWeight = operations.reduce((total, operation) => total + operation.weight, 0);

function pickOperation(): Operation {
  let left = random() * totalWeight;
  for (const operation of operations) {
    left -= operation.weight;
    if (left < 0) return operation;
  }
  return operations[operations.length - 1];
}

function requestOf(operation: Operation, household: MixedHousehold): RequestSpec {
  return {
    url: `${plan.apiUrl}/functions/v1/${operation.path}`,
    method: "POST",
    headers: { authorization: `Bearer ${household.token}`, "content-type": "application/json" },
    body: JSON.stringify(operation.body(household)),
  };
}

const latencies = new Map<string, number[]>(operations.map((operation) => [operation.name, []]));
const errors = new Map<string, number>();
const errorExamples: string[] = [];
const rss = [residentMegabytes(plan.serverPid)];
const watcher = setInterval(() => rss.push(residentMegabytes(plan.serverPid)), 5000);

const startedAt = performance.now();
const deadline = startedAt + plan.seconds * 1000;
await Promise.all(Array.from({ length: plan.concurrency }, async () => {
  while (performance.now() < deadline) {
    const operation = pickOperation();
    const spec = requestOf(operation, pick(plan.households));
    const requestStartedAt = performance.now();
    const failure = await send(spec);
    latencies.get(operation.name)!.push(performance.now() - requestStartedAt);
    if (failure === undefined) continue;
    errors.set(operation.name, (errors.get(operation.name) ?? 0) + 1);
    if (errorExamples.length < 5) errorExamples.push(`${operation.name}: ${failure}`);
  }
}));
const elapsedSeconds = (performance.now() - startedAt) / 1000;
clearInterval(watcher);
rss.push(residentMegabytes(plan.serverPid));

const round = (value: number) => Math.round(value * 100) / 100;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const all = sorted([...latencies.values()].flat());
const perOperation: Record<string, OperationFigures> = {};
for (const [name, values] of latencies) {
  const ordered = sorted(values);
  perOperation[name] = {
    requests: ordered.length,
    errors: errors.get(name) ?? 0,
    p50_ms: round(percentile(ordered, 0.5)),
    p99_ms: round(percentile(ordered, 0.99)),
  };
}
const result: MixedResult = {
  seconds: round(elapsedSeconds),
  concurrency: plan.concurrency,
  households: plan.households.length,
  requests: all.length,
  rps: round(all.length / elapsedSeconds),
  errors: [...errors.values()].reduce((total, count) => total + count, 0),
  error_examples: errorExamples,
  p50_ms: round(percentile(all, 0.5)),
  p95_ms: round(percentile(all, 0.95)),
  p99_ms: round(percentile(all, 0.99)),
  operations: perOperation,
  server_rss_mb: { start: rss[0], end: rss[rss.length - 1], peak: Math.max(...rss), samples: rss },
};
console.log(JSON.stringify(result));
