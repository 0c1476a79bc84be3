/// <reference lib="dom" />
// The household's private Realtime channel, joined once per page however many screens listen: supabase-js keeps
// one channel per topic, so a screen that left and one that arrived must not each join and leave it on their own.
// Pokes carry ids and versions only ({ kind: "grocery_list", grocery_list_id, version }, { kind: "planner",
// version }, { kind: "aisle_order" } or, when a member leaves or is removed, { kind: "member_left" |
// "member_removed", user_id, by? }); a listener pulls what changed through the tools.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";

export interface Poke {
  kind?: string;
  grocery_list_id?: string;
  version?: number;
  /** The member who left or was removed. */
  user_id?: string;
}

/**
 * Where the channel stands: joining the first time, joined, retrying after an error or a closed socket
 * (supabase-js rejoins on its own, with backoff), or closed (left, or the socket closed without a retry).
 */
export type ChannelState = "joining" | "joined" | "retrying" | "closed";

export interface HouseholdListener {
  poke?: (poke: Poke) => void;
  /** Joined (first, or again after a reconnect): whatever was missed meanwhile is to be pulled. */
  joined?: () => void;
  /** Each change of the channel's state, and the state it is in when the listener arrives. */
  state?: (state: ChannelState) => void;
}

interface Joined {
  channel: RealtimeChannel;
  listeners: Set<HouseholdListener>;
  subscribed: boolean;
  state: ChannelState;
  leaving?: ReturnType<typeof setTimeout>;
}

/**
 * How long the channel is kept after its last listener left: a screen that replaces another (another list, say)
 * listens again at once, and supabase-js would hand it the channel that is being left.
 */
const leaveAfterMs = 5000;

const channels = new WeakMap<SupabaseClient, Map<string, Joined>>();

/** Listens to the household's pokes; returns how to stop (the channel is left when no one listens). */
export function listenToHousehold(
  supabase: SupabaseClient,
  householdId: string,
  listener: HouseholdListener,
): () => void {
  const byHousehold = channels.get(supabase) ?? new Map<string, Joined>();
  channels.set(supabase, byHousehold);
  let joined = byHousehold.get(householdId);
  if (!joined) {
    const listeners = new Set<HouseholdListener>();
    const channel = supabase.channel(`household:${householdId}`, { config: { private: true } })
      .on("broadcast", { event: "poke" }, (message) => {
        for (const each of listeners) each.poke?.(message.payload as Poke);
      });
    const entry: Joined = { channel, listeners, subscribed: false, state: "joining", leaving: undefined };
    joined = entry;
    byHousehold.set(householdId, entry);
    // The access token first (supabase-js hands over the session's, and each refreshed one after it).
    void supabase.realtime.setAuth().catch(() => {}).then(() =>
      channel.subscribe((status) => {
        entry.subscribed = status === "SUBSCRIBED";
        entry.state = entry.subscribed ? "joined" : status === "CLOSED" ? "closed" : "retrying";
        for (const each of listeners) each.state?.(entry.state);
        if (entry.subscribed) { for (const each of listeners) each.joined?.(); }
      })
    );
  }
  clearTimeout(joined.leaving);
  joined.listeners.add(listener);
  listener.state?.(joined.state);
  if (joined.subscribed) listener.joined?.();
  const entry = joined;
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    clearTimeout(entry.leaving);
    entry.leaving = setTimeout(() => {
      if (entry.listeners.size > 0) return;
      byHousehold.delete(householdId);
      void supabase.removeChannel(entry.channel);
    }, leaveAfterMs);
  };
}
