/// <reference lib="dom" />
// Screens are addressed by the URL's hash (#/list, #/week, …), so a reload or a shared link opens the same screen
// and the static host needs no rewrite rules. An invite link is #/join/<code>. A recipe opened from a planned meal
// carries the meal's servings (#/recipes/<id>/for/6), and so does its cook mode (#/recipes/<id>/cook/for/6).
export type Route =
  | { screen: "list"; listId?: string }
  | { screen: "week"; date?: string }
  | { screen: "recipes"; recipeId?: string; mode?: "view" | "edit" | "new" | "import" | "cook"; servings?: number }
  | { screen: "history" }
  | { screen: "household"; part?: "aisles" | "on-hand" }
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
  const [screen, first, second, ...rest] = hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  switch (screen) {
    case "week":
      return { screen, date: first || undefined };
    case "recipes":
      if (first === "new") return { screen, mode: "new" };
      if (first === "import") return { screen, mode: "import" };
      if (!first) return { screen };
      if (second === "edit") return { screen, recipeId: first, mode: "edit" };
      return {
        screen,
        recipeId: first,
        mode: second === "cook" ? "cook" : "view",
        servings: servingsIn(second === "cook" ? rest : [second, ...rest]),
      };
    case "household":
      return first === "aisles" || first === "on-hand" ? { screen, part: first } : { screen };
    case "history":
    case "assistant":
      return { screen };
    case "join":
      return first ? { screen, code: first } : { screen: "household" };
    case "list":
    default:
      return first && screen === "list" ? { screen: "list", listId: first } : { screen: "list" };
  }
}

// "for/6" → 6; anything else (or nothing) → undefined, so a mistyped link opens the recipe as it is.
function servingsIn([word, count]: (string | undefined)[]): number | undefined {
  const servings = word === "for" && count && /^\d{1,3}$/.test(count) ? Number(count) : 0;
  return servings > 0 ? servings : undefined;
}

export function routeHash(route: Route): string {
  const parts: string[] = [route.screen];
  if (route.screen === "list" && route.listId) parts.push(route.listId);
  if (route.screen === "week" && route.date) parts.push(route.date);
  if (route.screen === "recipes") {
    if (route.mode === "new" || route.mode === "import") parts.push(route.mode);
    else if (route.recipeId) {
      parts.push(route.recipeId, ...(route.mode === "edit" ? ["edit"] : route.mode === "cook" ? ["cook"] : []));
      if (route.mode !== "edit" && route.servings) parts.push("for", String(route.servings));
    }
  }
  if (route.screen === "household" && route.part) parts.push(route.part);
  if (route.screen === "join") parts.push(route.code);
  return "#/" + parts.map(encodeURIComponent).join("/");
}
