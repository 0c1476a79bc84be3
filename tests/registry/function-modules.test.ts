// What each function loads when it starts, counted (never timed): a deployed function boots from a bundle of its
// module graph, so every module is start-up cost for a household's first call. A tool group's function reaches only
// its own tools' modules (shared/tools/generated/groups/), never the registry; the counts may grow a little with a
// feature, and a change that makes a function load another group's tools, or the OCR engine where it is not used,
// fails here. `deno task bench:cold-start` times what these counts cost.
import assert from "node:assert/strict";
import { moduleGraph, startupModules } from "./module-graph.ts";

// Modules in each function's graph (ours and packages'), with some room for growth; the counts when this was written
// are in brackets. The whole registry was 166 for every tool group function.
const budgets: Record<string, number> = {
  health: 30, // (23)
  "photo-sweep": 30, // (24)
  ingredient: 55, // (45)
  household: 65, // (54)
  planner: 75, // (61)
  grocery: 110, // (96)
  media: 125, // (107)
  recipe: 150, // (133)
  history: 220, // (192): it describes and undoes every tool's calls
  mcp: 235, // (206): every tool
  assistant: 235, // (206): every tool
};

const toolGroupFunctions = ["grocery", "household", "ingredient", "media", "planner", "recipe"];

for (const [name, budget] of Object.entries(budgets)) {
  Deno.test(`functions/${name} loads at most ${budget} modules`, async () => {
    const graph = await moduleGraph(`functions/${name}/index.ts`);
    assert.ok(graph.length <= budget, `functions/${name} loads ${graph.length} modules`);
  });
}

for (const name of toolGroupFunctions) {
  Deno.test(`functions/${name} loads neither the registry nor another group's tools`, async () => {
    const graph = await moduleGraph(`functions/${name}/index.ts`);
    assert.ok(!graph.some((module) => module.endsWith("/shared/tools/registry.ts")), "it loads the registry");
    // A group's tools file is shared/tools/<group>/tools.ts; another group's describers or docs may be shared. The
    // media group's OCR drafts are recipe.create's input, checked by its schema: it takes the recipe tools.
    const allowed = [name, "changes", ...(name === "media" ? ["recipe"] : [])];
    const otherTools = graph.filter((module) =>
      /\/shared\/tools\/([a-z]+)\/tools\.ts$/.test(module) &&
      !allowed.some((group) => module.endsWith(`/shared/tools/${group}/tools.ts`))
    );
    assert.deepEqual(otherTools, []);
    if (name !== "media") {
      assert.ok(!graph.some((module) => module.includes("tesseract")), "it loads the OCR engine");
    }
  });
}

// The assistant's first call is often a read of its actions or status: those start without the model's SDK, the turn
// loop or the registry, which a chat or a confirm loads when it first runs (they are still in its bundle).
Deno.test("functions/assistant starts without the registry, the turn loop or the model's SDK", async () => {
  const startup = await startupModules("functions/assistant/index.ts");
  const heavy = startup.filter((module) =>
    module.endsWith("/shared/tools/registry.ts") || module.endsWith("/shared/agent/run-turn.ts") ||
    module.includes("@anthropic-ai/sdk")
  );
  assert.deepEqual(heavy, []);
  const graph = await moduleGraph("functions/assistant/index.ts");
  assert.ok(graph.some((module) => module.endsWith("/shared/tools/registry.ts")), "the bundle still holds them");
  assert.ok(startup.length < graph.length / 3, `${startup.length} of ${graph.length} modules at start`);
});

// toLocaleString, localeCompare and Intl load the ICU locale data on their first use: about 20 ms of a bundled grocery
// function's start (it formatted one error message at import), paid again by every household's first call. Our own
// modules in a function's graph spell their numbers and orders out instead.
Deno.test("no function's own modules reach for the locale data", async () => {
  const localeUse = /\b(toLocale\w*String|localeCompare)\s*\(|\bIntl\s*\./;
  const offenders: string[] = [];
  for (const name of Object.keys(budgets)) {
    for (const specifier of await moduleGraph(`functions/${name}/index.ts`)) {
      if (!specifier.startsWith("file:") || offenders.includes(specifier)) continue;
      const code = await Deno.readTextFile(new URL(specifier));
      if (localeUse.test(code)) offenders.push(specifier);
    }
  }
  assert.deepEqual(offenders, []);
});
