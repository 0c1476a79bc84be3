// The change feed: pull what changed after a version, for live lists and the week.
import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { checkPlannerSpan, dateField, textField } from "../fields.ts";
import { changesDocs } from "./docs.ts";
import { groceryListId } from "../grocery/list-field.ts";
import { GroceryChangesResult, PlannerChangesResult } from "./results.ts";

const since = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
  .describe("The version last read: a get_list/list_meals reply's or the last pull's `version`; 0 for everything.");
const changePage = {
  limit: z.number().int().min(1).max(500).default(500).describe("Changes per page, 1–500; 500 when absent."),
  cursor: textField(500, "The next_cursor of the previous page; absent for the first page.").optional(),
};

export const groceryChanges = defineTool({
  name: "grocery.changes",
  ...changesDocs.groceryChanges,
  effect: "read",
  inputSchema: z.strictObject({ grocery_list_id: groceryListId, since, ...changePage }),
  outputSchema: GroceryChangesResult,
});

export const plannerChanges = defineTool({
  name: "planner.changes",
  ...changesDocs.plannerChanges,
  effect: "read",
  inputSchema: z.strictObject({
    start_date: dateField("First day, YYYY-MM-DD (inclusive)."),
    end_date: dateField("Last day, YYYY-MM-DD (inclusive); at most 92 days after start_date."),
    since,
    ...changePage,
  }).superRefine(checkPlannerSpan),
  outputSchema: PlannerChangesResult,
});

export const changeTools = [groceryChanges, plannerChanges];
