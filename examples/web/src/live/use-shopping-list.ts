/// <reference lib="dom" />
// The open list in the page: the saved copy with the calls still waiting laid over it, as soon as both are read
// (offline reloads too), then the server's; pokes on the household's private Realtime channel (the same code
// locally and hosted) pull the delta; coming back to the foreground, coming online and (re)joining the channel pull
// from the last version and send what waits.
import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useMemo, useState } from "preact/hooks";
import { createToolsClient } from "@meal-planner/client/tools-client.generated.ts";
import { openOfflineDatabase, queueStorage, savedList, saveList } from "../offline/browser-storage.ts";
import type { ShownList } from "../offline/pending-overlay.ts";
import { OfflineQueue } from "../offline/queue.ts";
import { toolTransport } from "../offline/tool-transport.ts";
import { type Connection, connectionOf } from "./connection.ts";
import { type ChannelState, listenToHousehold } from "./household-channel.ts";
import type { ListState } from "./list-state.ts";
import { ShoppingList } from "./shopping-list.ts";

/** How often calls that could not be sent are tried again, while any wait. */
const retryMs = 2000;

export type ShoppingListView = ShownList & { state: ListState; reachable: boolean; connection: Connection };

const queues = new Map<string, { queue: OfflineQueue; offline: ReturnType<typeof openOfflineDatabase> }>();

/** One queue per signed-in user and household, over IndexedDB, kept for the page's life. */
export function offlineFor(supabase: SupabaseClient, userId: string, householdId: string) {
  const key = `${userId}/${householdId}`;
  let entry = queues.get(key);
  if (!entry) {
    const offline = openOfflineDatabase(userId, householdId);
    const queue = new OfflineQueue(queueStorage(offline), toolTransport(supabase, () => householdId));
    entry = { queue, offline };
    queues.set(key, entry);
  }
  return entry;
}

export function useShoppingList(
  supabase: SupabaseClient,
  userId: string,
  householdId: string,
  listId: string | undefined,
  onError: (error: unknown) => void,
) {
  const [view, setView] = useState<ShoppingListView | null>(null);
  const { offline, queue } = useMemo(() => offlineFor(supabase, userId, householdId), [supabase, userId, householdId]);
  const [list, setList] = useState<ShoppingList | null>(null);

  useEffect(() => {
    setView(null);
    if (!listId) return;
    let closed = false;
    const tools = createToolsClient(supabase, { householdId });
    const reader = {
      getList: (id: string) => tools.grocery.getList({ grocery_list_id: id }),
      changes: tools.grocery.changes,
    };
    let current: ShoppingList | undefined;
    let stopListening = () => {};
    // The status line says "Up to date." only once a pull succeeded with the channel joined; the browser going
    // offline or the channel dropping says otherwise at once.
    let channel: ChannelState = "joining";
    let pulledWhileJoined = false;
    const connection = () =>
      connectionOf({
        browserOnline: navigator.onLine,
        channel,
        reachable: current?.reachable ?? true,
        pulledWhileJoined,
      });
    const publish = (shown: ShownList & { state: ListState }) => {
      if (closed) return;
      setView({ ...shown, reachable: current?.reachable ?? true, connection: connection() });
      void saveList(offline, shown.state).catch(() => {});
    };
    const catchUp = () => {
      if (!current) return;
      const joinedBefore = channel === "joined";
      current.sync.pull().then(() => {
        if (!current) return;
        current.reachable = true;
        if (joinedBefore && channel === "joined" && navigator.onLine) pulledWhileJoined = true;
        publishCurrent();
      }).catch((error) => {
        if (current) current.reachable = false;
        publishCurrent();
        if ((error as { status?: number }).status !== 0) onError(error);
      });
      void current.flush().then(publishCurrent).catch(() => {});
    };
    const publishCurrent = () => {
      const shown = current?.view();
      if (shown) publish(shown);
    };

    (async () => {
      const saved = await savedList(offline, listId).catch(() => undefined);
      if (closed) return;
      current = new ShoppingList(reader, queue, listId, saved ?? null, publish);
      setList(current);
      // Joined also after a reconnect: whatever was missed meanwhile is pulled.
      stopListening = listenToHousehold(supabase, householdId, {
        poke: (poke) => {
          // The household's aisle order changed: it comes with a pull.
          if (poke.kind === "aisle_order") return catchUp();
          if (poke.grocery_list_id !== listId || typeof poke.version !== "number") return;
          current?.sync.poked(poke.version).catch(() => {});
        },
        joined: catchUp,
        state: (state) => {
          channel = state;
          if (state !== "joined") pulledWhileJoined = false;
          publishCurrent();
          // The socket dropped: whether the server is still reachable is found out now, not at the next call.
          if (state === "retrying") catchUp();
        },
      });
      try {
        await current.start();
      } catch (error) {
        current.reachable = false;
        publishCurrent();
        if (!saved || (error as { status?: number }).status !== 0) onError(error);
      }
    })();

    const onVisible = () => document.visibilityState === "visible" && catchUp();
    document.addEventListener("visibilitychange", onVisible);
    const onOffline = () => {
      pulledWhileJoined = false;
      publishCurrent();
    };
    addEventListener("online", catchUp);
    addEventListener("offline", onOffline);
    // While calls wait or the server was out of reach, try again now and then (a dead zone does not say when it
    // ends: navigator.onLine stays true behind a captive portal or a silent network).
    const timer = setInterval(() => {
      if (
        current &&
        (!current.reachable || (channel === "joined" && !pulledWhileJoined) || (current.view()?.pendingCount ?? 0) > 0)
      ) catchUp();
    }, retryMs);

    return () => {
      closed = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      removeEventListener("online", catchUp);
      removeEventListener("offline", onOffline);
      current?.close();
      stopListening();
    };
  }, [supabase, householdId, listId, offline, queue]);

  return { view, list };
}
