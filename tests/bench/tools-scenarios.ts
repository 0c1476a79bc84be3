// The data and the scenarios of `deno task bench`.
import type { Sql } from "../../shared/db/client.ts";
import type { Scenario } from "./scenario.ts";
import {
  addFreeItems,
  addIngredientItems,
  type BenchHousehold,
  catalogIngredientIds,
  createHouseholds,
  createList,
  seedMeals,
  seedRecipes,
} from "./seed.ts";
import { createWriteFloorTable } from "./write-floor.ts";

const pushUnits = ["cup", "tbsp", "tsp", "ml", "g"];
const checkLists = 3;

/** The cook's household and 99 others (so RLS has others' rows to skip), and 10 of those pushing at once. */
export async function seedToolsBench(sql: Sql) {
  const [cook, ...others] = await createHouseholds(sql, "bench-cook", 100);
  const ingredientIds = await catalogIngredientIds(sql, 100);
  await seedRecipes(sql, [cook], { perHousehold: 200, lines: 8, ingredientIds });
  await seedRecipes(sql, others, { perHousehold: 20, lines: 8, ingredientIds });
  await seedMeals(sql, [cook], "2026-01-01", 365);
  await seedMeals(sql, others, "2026-01-01", 90);
  const readList = await createList(sql, cook, "Read me");
  await addIngredientItems(sql, cook, readList, ingredientIds.slice(0, 50));
  const scaleHouseholds = others.slice(0, 10);
  const scaleLists = await Promise.all(scaleHouseholds.map((household) => createList(sql, household, "Push here")));
  const [{ id: recipeIds }] = await sql<{ id: string[] }[]>`
    select array_agg(id order by title) as id from public.recipes where household_id = ${cook.householdId}`;
  const data = {
    cook,
    ingredientIds,
    recipeIds: recipeIds.slice(0, 28),
    readList,
    ...await seedWriteLists(sql, cook),
    scale: scaleHouseholds.map((household, index) => ({ household, listId: scaleLists[index] })),
  };
  await createWriteFloorTable(sql);
  // What the bulk load leaves for autovacuum (the rows' visibility) and the checkpointer is done now, not in the
  // middle of the first scenarios, which it would slow at random.
  await sql`vacuum (analyze)`;
  await sql`checkpoint`;
  return data;
}

export type ToolsBenchData = Awaited<ReturnType<typeof seedToolsBench>>;

/** The cook's lists the write scenarios change: 3 of 1000 items to check, one to add to, one per push size. */
export async function seedWriteLists(sql: Sql, cook: BenchHousehold) {
  const checkItemIds: string[] = [];
  for (let list = 1; list <= checkLists; list++) {
    checkItemIds.push(...await addFreeItems(sql, cook, await createList(sql, cook, `Check ${list}`), 1000));
  }
  return {
    checkItemIds,
    addList: await createList(sql, cook, "Add here"),
    pushLists: {
      10: await createList(sql, cook, "Push 10"),
      100: await createList(sql, cook, "Push 100"),
      500: await createList(sql, cook, "Push 500"),
    },
  };
}

/** Every ingredient in each of the push units, unit by unit: distinct lines to build bodies from. */
function ingredientUnitKeys(ingredientIds: string[]) {
  return pushUnits.flatMap((unit) => ingredientIds.map((ingredientId) => ({ ingredient_id: ingredientId, unit })));
}

/**
 * Bodies of recipe.create with `lines` lines of distinct ingredients, a method and servings, as a person types a
 * recipe in (the "add recipe" rows measured Mealie's create with its lines).
 */
export function recipeCreateBodies(ingredientIds: string[], lines: number) {
  const units = ingredientUnitKeys(ingredientIds);
  return Array.from({ length: 8 }, (_, variant) => ({
    title: `Bench stew ${lines}-${variant}`,
    servings: 4,
    instructions: "Brown the meat in batches. Soften the onions, add the rest and simmer for an hour, stirring now " +
      "and then. Season to taste and serve with bread.",
    ingredients: units.slice(variant, variant + lines).map((line, index) => ({ ...line, quantity: index % 4 + 1 })),
  }));
}

/** Bodies of a push of `lines` distinct lines (ingredient × unit), in 8 variants of quantities. */
export function pushBodies(listId: string, ingredientIds: string[], lines: number) {
  const keys = ingredientUnitKeys(ingredientIds);
  return Array.from({ length: 8 }, (_, variant) => ({
    grocery_list_id: listId,
    ingredients: keys.slice(0, lines).map((key, index) => ({ ...key, quantity: 0.25 * ((index + variant) % 4 + 1) })),
  }));
}

export function toolsScenarios(
  data: ToolsBenchData,
  tokenOf: (household: BenchHousehold) => string,
): { floors: Record<"read" | "write", Scenario>; scenarios: Scenario[] } {
  const token = tokenOf(data.cook);
  const cook = (bodies: unknown[]) => [{ token, bodies }];
  const tool = (path: string) => `/functions/v1/${path}`;
  return {
    floors: {
      read: { name: "read floor (auth + select 1)", path: tool("health/ping"), method: "GET", callers: [{ token }] },
      write: {
        name: "write floor (auth + insert, commit)",
        path: tool("health/write"),
        method: "POST",
        callers: [{ token }],
      },
    },
    scenarios: [
      {
        name: "recipe.list (20 of 200)",
        floor: "read",
        path: tool("recipe/list"),
        method: "POST",
        callers: cook([{}]),
      },
      {
        name: "recipe.get (8 lines)",
        floor: "read",
        path: tool("recipe/get"),
        method: "POST",
        callers: cook(data.recipeIds.map((recipeId) => ({ recipe_id: recipeId }))),
      },
      {
        name: "grocery.get_list (50 items)",
        floor: "read",
        path: tool("grocery/get_list"),
        method: "POST",
        callers: cook([{ grocery_list_id: data.readList }]),
      },
      {
        name: "planner.list_meals (a week, 21)",
        floor: "read",
        path: tool("planner/list_meals"),
        method: "POST",
        callers: cook([{ start_date: "2026-03-02", end_date: "2026-03-08" }]),
      },
      {
        name: "planner.add_meal",
        floor: "write",
        path: tool("planner/add_meal"),
        method: "POST",
        // A day holds at most 20 live meals: the bench's ~2,100 calls spread over 400 days.
        callers: cook(Array.from({ length: 400 }, (_, day) => ({
          recipe_id: data.recipeIds[day % 28],
          date: new Date(Date.UTC(2027, 1, 1 + day)).toISOString().slice(0, 10),
          meal_type: "dinner",
        }))),
      },
      {
        name: "grocery.add_item",
        floor: "write",
        path: tool("grocery/add_item"),
        method: "POST",
        callers: cook(
          data.ingredientIds.slice(0, 20).map((ingredientId) => ({
            grocery_list_id: data.addList,
            ingredient_id: ingredientId,
            quantity: 1,
            unit: "whole",
          })),
        ),
      },
      ...([10, 100] as const).map((lines): Scenario => ({
        name: `recipe.create (${lines} lines)`,
        floor: "write",
        path: tool("recipe/create"),
        method: "POST",
        // A household holds at most 2,000 recipes and the cook already has 200: the creates go to the 10 other
        // households that push (20 recipes each), the one-connection batches all to the first.
        callers: data.scale.map(({ household }) => ({
          token: tokenOf(household),
          bodies: recipeCreateBodies(data.ingredientIds, lines),
        })),
        requests: lines === 100 ? { "1": 400, "10": 600 } : undefined,
      })),
      {
        name: "grocery.check_item",
        floor: "write",
        path: tool("grocery/check_item"),
        method: "POST",
        callers: cook(data.checkItemIds.map((itemId) => ({ grocery_item_id: itemId }))),
      },
      ...([10, 100, 500] as const).map((lines): Scenario => ({
        name: `grocery.push_ingredients (${lines} lines)`,
        floor: "write",
        path: tool("grocery/push_ingredients"),
        method: "POST",
        callers: cook(pushBodies(data.pushLists[lines], data.ingredientIds, lines)),
        requests: lines === 500 ? { "1": 150, "10": 200 } : lines === 100 ? { "1": 400, "10": 600 } : undefined,
      })),
      {
        name: "push 10 lines, 10 households",
        floor: "write",
        path: tool("grocery/push_ingredients"),
        method: "POST",
        callers: data.scale.map(({ household, listId }) => ({
          token: tokenOf(household),
          bodies: pushBodies(listId, data.ingredientIds, 10),
        })),
      },
    ],
  };
}
