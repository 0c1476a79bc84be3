/// <reference lib="dom" />
import type { Api } from "./api.ts";
import { element, fill } from "./dom.ts";

/** A write the assistant proposed (GET /functions/v1/assistant/actions), waiting for the user. */
export interface PendingAction {
  id: string;
  tool: string;
  input: Record<string, unknown>;
  /** The tool's describer's sentence ("Plan Tacos for lunch on Friday 27 November"); null for older actions. */
  summary: string | null;
  status: "pending" | "confirmed" | "rejected" | "expired";
  result: { ok: boolean; error?: { message: string } } | null;
  expires_at: string;
}

export type Decision = "confirm" | "reject";

export async function loadPendingActions(api: Api): Promise<PendingAction[]> {
  return (await api.get<{ actions: PendingAction[] }>("assistant/actions?status=pending")).actions;
}

export async function decide(api: Api, actionId: string, decision: Decision): Promise<PendingAction> {
  return await api.post<PendingAction>(`assistant/actions/${encodeURIComponent(actionId)}/${decision}`);
}

/**
 * An action proposed before actions carried their sentence: "date: 2026-11-27, meal_type: lunch, recipe: Tacos",
 * ids of known recipes read as their titles.
 */
export function describeInput(input: Record<string, unknown>, recipeTitles: Map<string, string>): string {
  return Object.entries(input).map(([name, value]) => {
    if (name === "recipe_id" && typeof value === "string" && recipeTitles.has(value)) {
      return `recipe: ${recipeTitles.get(value)}`;
    }
    return `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
  }).join(", ");
}

export function renderActions(
  container: HTMLElement,
  actions: PendingAction[],
  recipeTitles: Map<string, string>,
  onDecide: (action: PendingAction, decision: Decision) => void,
): void {
  fill(
    container,
    actions.map((action) => {
      const buttons = [
        element("button", { type: "button", class: "confirm" }, "Confirm"),
        element("button", { type: "button", class: "reject" }, "Reject"),
      ];
      buttons.forEach((button, index) =>
        button.addEventListener("click", () => {
          for (const each of buttons) each.disabled = true;
          onDecide(action, index === 0 ? "confirm" : "reject");
        })
      );
      return element(
        "li",
        { "data-action-id": action.id },
        ...(action.summary ? [element("span", { class: "summary" }, action.summary)] : [
          element("span", { class: "tool" }, action.tool),
          " ",
          element("span", { class: "input" }, describeInput(action.input, recipeTitles)),
        ]),
        " ",
        buttons[0],
        " ",
        buttons[1],
      );
    }),
    "Nothing waiting for you.",
  );
}
