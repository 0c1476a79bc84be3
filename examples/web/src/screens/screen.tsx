/// <reference lib="dom" />
import type { Route } from "../routes.ts";
import { AssistantScreen } from "./assistant/assistant-screen.tsx";
import { HistoryScreen } from "./history/history-screen.tsx";
import { AisleOrderScreen } from "./household/aisle-order-screen.tsx";
import { HouseholdScreen } from "./household/household-screen.tsx";
import { OnHandScreen } from "./household/on-hand-screen.tsx";
import { ListScreen } from "./list/list-screen.tsx";
import { RecipesScreen } from "./recipes/recipes-screen.tsx";
import { WeekScreen } from "./week/week-screen.tsx";

/** The screen for the route; each screen reads what it shows through the tools. */
export function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case "list":
      return <ListScreen listId={route.listId} />;
    case "week":
      return <WeekScreen date={route.date} />;
    case "recipes":
      return <RecipesScreen recipeId={route.recipeId} mode={route.mode} servings={route.servings} />;
    case "history":
      return <HistoryScreen />;
    case "household":
      if (route.part === "on-hand") return <OnHandScreen />;
      return route.part === "aisles" ? <AisleOrderScreen /> : <HouseholdScreen />;
    case "assistant":
      return <AssistantScreen />;
    case "join":
      // The shell shows the join page itself, household or not (app.tsx).
      return null;
  }
}
