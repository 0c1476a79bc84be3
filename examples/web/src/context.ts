/// <reference lib="dom" />
// What every screen gets from the shell: the API in the chosen household, the household itself, and the shell's
// ways to navigate and to tell the person what happened.
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Session, SupabaseClient } from "@supabase/supabase-js";
import type { HouseholdListOutput } from "@meal-planner/client/tools-client.generated.ts";
import type { Api, ApiError } from "./api.ts";
import type { Route } from "./routes.ts";

export type HouseholdSummary = HouseholdListOutput["households"][number];

export interface AppContextValue {
  supabase: SupabaseClient;
  session: Session;
  api: Api;
  household: HouseholdSummary;
  households: HouseholdSummary[];
  /** Re-reads the households (after a rename, join or leave) and keeps the chosen one where it still exists. */
  refreshHouseholds: () => Promise<void>;
  chooseHousehold: (id: string) => void;
  navigate: (route: Route) => void;
  /** A sentence for the status line (read out by screen readers): what just happened. */
  announce: (message: string) => void;
  /** Shows an error from the API in words. */
  showError: (error: ApiError | null) => void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error("useApp outside the signed-in shell");
  return value;
}
