// The tools `deno task bench:growth` measures, all called by the measured household: those of `deno task bench`
// that it shares, and the reads that only this bench needs.
import type { Scenario } from "./scenario.ts";
import type { BenchHousehold } from "./seed.ts";
import { type ToolsBenchData, toolsScenarios } from "./tools-scenarios.ts";

const sharedScenarios = [
  "recipe.list (20 of 200)",
  "recipe.get (8 lines)",
  "grocery.get_list (50 items)",
  "planner.list_meals (a week, 21)",
  "planner.add_meal",
  "grocery.add_item",
  "grocery.check_item",
  "grocery.push_ingredients (10 lines)",
];

export function growthScenarios(data: ToolsBenchData, tokenOf: (household: BenchHousehold) => string) {
  const { floors, scenarios } = toolsScenarios(data, tokenOf);
  const callers = (bodies: unknown[]) => [{ token: tokenOf(data.cook), bodies }];
  const read = (name: string, path: string, bodies: unknown[]): Scenario => ({
    name,
    floor: "read",
    path: `/functions/v1/${path}`,
    method: "POST",
    callers: callers(bodies),
  });
  const shared = sharedScenarios.map((name) => scenarios.find((scenario) => scenario.name === name)!);
  return {
    floors,
    scenarios: [
      ...shared.filter((scenario) => scenario.floor === "read"),
      read("ingredient.search (tom)", "ingredient/search", [{ query: "tom" }, { query: "tomato" }]),
      read("history.list (20 of 300)", "history/list", [{}]),
      read("household.get", "household/get", [{}]),
      read("grocery.list_lists (8)", "grocery/list_lists", [{}]),
      ...shared.filter((scenario) => scenario.floor === "write"),
    ],
  };
}
