/// <reference lib="dom" />
import type { GroceryItemDetail, Household, RecipeSummary } from "../../../shared/tools/results.ts";
import { decide, type Decision, loadPendingActions, type PendingAction, renderActions } from "./actions.ts";
import { ApiError, asApiError, createApi } from "./api.ts";
import { byId, element } from "./dom.ts";
import { loadItems, loadLists, renderItems, renderListChoice } from "./grocery.ts";
import { loadRecipes, pushRecipe, renderRecipes } from "./recipes.ts";
import { initialToken, saveToken, tokenEmail } from "./session.ts";
import { addDays, dayLabel, loadWeek, renderWeek, today, weekStart } from "./week.ts";

/** Served by the local stack's web server next to index.html; a static host writes its own. */
interface AppConfig {
  apiUrl: string;
  anonKey: string;
}

const config: AppConfig = await (await fetch("config.json")).json();
let token = initialToken();
let households: Household[] = [];
let householdId: string | null = null;
let monday = weekStart(new URLSearchParams(location.search).get("date") ?? today());
let listId: string | null = null;
let recipes: RecipeSummary[] = [];
const api = createApi({ ...config, token: () => token, householdId: () => householdId });

const view = {
  signedIn: byId("signed-in"),
  household: byId<HTMLSelectElement>("household-choice"),
  status: byId("status"),
  error: byId("error"),
  weekRange: byId("week-range"),
  meals: byId("meals"),
  lists: byId<HTMLSelectElement>("list-choice"),
  items: byId("items"),
  recipes: byId("recipe-list"),
  actions: byId("pending-actions"),
};

let running = 0;

/** Runs one step; a failure shows the API's own message. `body[data-state]` is "idle" once nothing runs. */
async function run(task: () => Promise<void>): Promise<void> {
  if (running++ === 0) {
    view.error.hidden = true;
    view.status.textContent = "";
  }
  document.body.dataset.state = "busy";
  try {
    await task();
  } catch (error) {
    showError(asApiError(error));
  } finally {
    if (--running === 0) document.body.dataset.state = "idle";
  }
}

function showError(error: ApiError): void {
  const detail = error.status ? `${error.type}, HTTP ${error.status}` : error.type;
  view.error.replaceChildren(
    element("strong", { class: "message" }, error.message),
    " ",
    element("span", { class: "error-type" }, `(${detail})`),
  );
  if (error.status === 401) view.error.append(element("p", {}, "Paste a token from deno task token <email> above."));
  view.error.hidden = false;
}

function note(text: string): void {
  view.status.textContent = text;
}

function renderSession(): void {
  const email = token ? tokenEmail(token) : null;
  view.signedIn.textContent = token ? `Signed in as ${email ?? "an unknown user"}` : "Not signed in";
  byId("sign-out").hidden = !token;
  const several = households.length > 1;
  view.household.hidden = !several;
  view.household.replaceChildren(
    ...households.map((household) =>
      element("option", { value: household.id, selected: household.id === householdId }, household.name)
    ),
  );
  if (households.length === 1) view.signedIn.append(` · ${households[0].name}`);
}

async function refreshHouseholds(): Promise<void> {
  households = (await api.tools().household.get()).households;
  // With one household the functions imply it; with several every call names the chosen one.
  if (!households.some((household) => household.id === householdId)) {
    householdId = households.length > 1 ? households[0].id : null;
  }
  renderSession();
}

async function refreshWeek(): Promise<void> {
  view.weekRange.textContent = `${dayLabel(monday)} – ${dayLabel(addDays(monday, 6))}`;
  renderWeek(view.meals, monday, await loadWeek(api, monday));
}

async function refreshList(): Promise<void> {
  const lists = await loadLists(api);
  if (!lists.some((list) => list.id === listId)) listId = lists[0]?.id ?? null;
  renderListChoice(view.lists, lists, listId);
  renderItems(view.items, listId ? await loadItems(api, listId) : null, toggleItem);
}

async function refreshActions(): Promise<void> {
  const titles = new Map(recipes.map((recipe) => [recipe.id, recipe.title]));
  renderActions(view.actions, await loadPendingActions(api), titles, decideAction);
}

function refreshAll(): Promise<void> {
  return run(async () => {
    await refreshHouseholds();
    await Promise.all([
      refreshWeek(),
      refreshList(),
      loadRecipes(api).then((loaded) => {
        recipes = loaded;
        renderRecipes(view.recipes, recipes, pushToList);
        return refreshActions();
      }),
    ]);
  });
}

function toggleItem(item: GroceryItemDetail, checked: boolean): void {
  run(async () => {
    try {
      const grocery = api.tools().grocery;
      const change = checked ? grocery.checkItem : grocery.uncheckItem;
      await change({ grocery_item_id: item.id }, api.once());
      note(`${checked ? "Checked" : "Unchecked"} ${item.name}.`);
    } finally {
      await refreshList(); // the list as the database has it, whether or not the change went through
    }
  });
}

function pushToList(recipe: RecipeSummary): void {
  run(async () => {
    if (!listId) throw new ApiError("NO_LIST", "Create a grocery list first, then add recipes to it.", null);
    const listName = view.lists.selectedOptions[0]?.textContent ?? "the list";
    const { summary } = await pushRecipe(api, recipe.id, listId);
    note(`Added ${recipe.title} to ${listName}: ${summary.items_added} new, ${summary.items_merged} merged.`);
    await refreshList();
  });
}

function decideAction(action: PendingAction, decision: Decision): void {
  run(async () => {
    const decided = await decide(api, action.id, decision);
    if (decided.status === "confirmed" && decided.result && !decided.result.ok) {
      throw new ApiError("ACTION_FAILED", `${action.tool} failed: ${decided.result.error?.message}`, null);
    }
    note(`${decided.status === "confirmed" ? "Confirmed" : "Rejected"} ${action.tool}.`);
    // A confirmed write may have changed the week or the list.
    await Promise.all([refreshWeek(), refreshList(), refreshActions()]);
  });
}

byId<HTMLFormElement>("sign-in").addEventListener("submit", (event) => {
  event.preventDefault();
  const field = byId<HTMLInputElement>("token");
  token = field.value.trim() || null;
  field.value = "";
  saveToken(token);
  households = [];
  renderSession();
  refreshAll();
});
byId("sign-out").addEventListener("click", () => {
  token = null;
  saveToken(null);
  location.reload();
});
view.household.addEventListener("change", () => {
  householdId = view.household.value;
  listId = null;
  refreshAll();
});
view.lists.addEventListener("change", () => {
  listId = view.lists.value;
  run(refreshList);
});
byId<HTMLFormElement>("new-list").addEventListener("submit", (event) => {
  event.preventDefault();
  const field = byId<HTMLInputElement>("new-list-name");
  run(async () => {
    const created = await api.tools().grocery.createList({ name: field.value }, api.once());
    field.value = "";
    listId = created.grocery_list_id;
    note(`Created the list ${created.name}.`);
    await refreshList();
  });
});
for (const [id, days] of [["previous-week", -7], ["next-week", 7]] as const) {
  byId(id).addEventListener("click", () => {
    monday = addDays(monday, days);
    run(refreshWeek);
  });
}

renderSession();
// Even without a token the page asks: the functions' 401 says what is missing, and the page shows it.
refreshAll();
