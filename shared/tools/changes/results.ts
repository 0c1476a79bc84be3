// What the change feed's SQL functions return (private.invoke's "data"). The rules every shape follows are in
// ../result-fields.ts.
import * as z from "zod";
import { nextCursor } from "../fields.ts";
import { id, timestamp } from "../result-fields.ts";
import { AisleOrder, changeVersion, GroceryListItem } from "../grocery/results.ts";
import { PlannerMeal } from "../planner/results.ts";

export const GroceryChangesResult = z.strictObject({
  list: z.strictObject({ id, name: z.string(), deleted_at: timestamp.nullable(), version: changeVersion }),
  /** Live items changed after `since`, as grocery.get_list shows them. */
  items: z.array(GroceryListItem),
  /** Items removed after `since`; merged_into_id names the line a folded or converted one went into. */
  removed: z.array(z.strictObject({ id, merged_into_id: id.nullable() })),
  version: changeVersion,
  next_cursor: nextCursor,
  /** The household's aisle order now (it has no version: every pull carries it). */
  aisle_order: AisleOrder,
});
export type GroceryChangesResult = z.infer<typeof GroceryChangesResult>;

export const PlannerChangesResult = z.strictObject({
  /** Meals changed after `since` that are now live in the range. */
  meals: z.array(PlannerMeal),
  /** Meals removed, or moved out of the range, after `since`. */
  removed: z.array(id),
  version: changeVersion,
  next_cursor: nextCursor,
});
export type PlannerChangesResult = z.infer<typeof PlannerChangesResult>;
