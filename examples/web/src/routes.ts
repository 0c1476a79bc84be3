/// <reference lib="dom" />
// Screens are addressed by the URL's hash (#/list, #/week, …), so a reload or a shared link opens the same screen
// and the static host needs no rewrite rules. An invite link is #/join/<code>.
export type Route =
  | { screen: "list"; listId?: string }
  | { screen: "week"; date?: string }
  | { screen: "recipes"; recipeId?: string; mode?: "view" | "edit" | "new" | "import" }
  | { screen: "history" }
  | { screen: "household" }
  | { screen: "assistant" }
  | { screen: "join"; code: string };

export const mainScreens = [
  { screen: "list", label: "Shopping list" },
  { screen: "week", label: "Week" },
  { screen: "recipes", label: "Recipes" },
  { screen: "history", label: "History" },
  { screen: "household", label: "Household" },
  { screen: "assistant", label: "Assistant" },
] as const;

export function parseRoute(hash: string): Route {
  const [screen, first, second] = hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  switch (screen) {
    case "week":
      return { screen, date: first || undefined };
    case "recipes":
      if (first === "new") return { screen, mode: "new" };
      if (first === "import") return { screen, mode: "import" };
      return first ? { screen, recipeId: first, mode: second === "edit" ? "edit" : "view" } : { screen };
    case "history":
    case "household":
    case "assistant":
      return { screen };
    case "join":
      return first ? { screen, code: first } : { screen: "household" };
    case "list":
    default:
      return first && screen === "list" ? { screen: "list", listId: first } : { screen: "list" };
  }
}

export function routeHash(route: Route): string {
  const parts: string[] = [route.screen];
  if (route.screen === "list" && route.listId) parts.push(route.listId);
  if (route.screen === "week" && route.date) parts.push(route.date);
  if (route.screen === "recipes") {
    if (route.mode === "new" || route.mode === "import") parts.push(route.mode);
    else if (route.recipeId) parts.push(route.recipeId, ...(route.mode === "edit" ? ["edit"] : []));
  }
  if (route.screen === "join") parts.push(route.code);
  return "#/" + parts.map(encodeURIComponent).join("/");
}
