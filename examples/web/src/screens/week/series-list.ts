/// <reference lib="dom" />
// The household's repeating meals, as the server holds them (planner.list_series): every member sees the same
// series, whoever set them up and in whichever browser.
import type { PlannerListSeriesOutput } from "@meal-planner/client/tools-client.generated.ts";
import type { Api } from "../../api.ts";

export type Series = PlannerListSeriesOutput["series"][number];

/** Every live series of the household: a page of 100 at a time, as many pages as there are. */
export async function readAllSeries(api: Api): Promise<Series[]> {
  const all: Series[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.tools().planner.listSeries({ limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...page.series);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return all;
}
