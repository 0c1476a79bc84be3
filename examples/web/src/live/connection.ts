// What the list's status line may truthfully say about the connection, from what the page knows: whether the
// browser is online (navigator.onLine, its online/offline events), the household channel's state (the Realtime
// socket), whether the last call reached the server, and whether a pull succeeded since the channel was joined.
// Pure, so that the tests without a browser check the same rules.
import type { ChannelState } from "./household-channel.ts";

/**
 * offline: the browser says so, or the server could not be reached; reconnecting: the socket closed or the
 * channel errored and supabase-js is joining it again (changes of others do not arrive meanwhile); connecting:
 * the first join or its first pull is under way; live: joined, and a pull succeeded since.
 */
export type Connection = "offline" | "reconnecting" | "connecting" | "live";

export interface ConnectionFacts {
  browserOnline: boolean;
  channel: ChannelState;
  reachable: boolean;
  /** A pull succeeded while the channel was joined (reset when the channel or the browser drops). */
  pulledWhileJoined: boolean;
}

export function connectionOf(facts: ConnectionFacts): Connection {
  if (!facts.browserOnline || !facts.reachable) return "offline";
  if (facts.channel === "retrying" || facts.channel === "closed") return "reconnecting";
  if (facts.channel === "joined" && facts.pulledWhileJoined) return "live";
  return "connecting";
}
