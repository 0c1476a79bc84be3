/// <reference lib="dom" />
// Removed from the household, or left it (on this device or another): the household's channel pokes
// { kind: "member_removed" | "member_left", user_id } at once, and the page asks the server why in words. A call
// naming a household one is no longer in is refused with them ("Alice removed you from The Smiths."), so any
// household read gives the sentence; the poke carries only ids.
import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect } from "preact/hooks";
import { createToolsClient } from "@meal-planner/client/tools-client.generated.ts";
import { listenToHousehold, type Poke } from "./household-channel.ts";

/** Whether a poke says that this user is out of the household. */
export function isDeparture(poke: Poke & { user_id?: string }, userId: string): boolean {
  return (poke.kind === "member_removed" || poke.kind === "member_left") && poke.user_id === userId;
}

/** The server's words for why the user is not in the household, or null when they are in it after all. */
export async function departureWords(supabase: SupabaseClient, householdId: string): Promise<string | null> {
  try {
    await createToolsClient(supabase, { householdId }).grocery.listLists({ limit: 1 });
    return null;
  } catch (error) {
    const { status, message } = error as { status?: number; message?: string };
    if (status === 404 || status === 403) return message ?? null;
    throw error;
  }
}

/** Listens on the open household's channel and calls onDeparted with the words when the user is out of it. */
export function useDeparture(
  supabase: SupabaseClient,
  userId: string,
  householdId: string | null,
  onDeparted: (words: string) => void,
) {
  useEffect(() => {
    if (!householdId) return;
    return listenToHousehold(supabase, householdId, {
      poke: (poke) => {
        if (!isDeparture(poke, userId)) return;
        departureWords(supabase, householdId).then(
          (words) => words && onDeparted(words),
          () => onDeparted("You are no longer in this household."),
        );
      },
    });
  }, [supabase, userId, householdId]);
}
