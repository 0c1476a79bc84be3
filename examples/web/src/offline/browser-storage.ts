/// <reference lib="dom" />
// IndexedDB (through idb) for what the list needs offline: the queue of calls, and the last copy of each list and
// of the household's list of lists, so that an offline reload still shows them. One database per signed-in user
// and household, so that a second person signing in on the same browser never sends the first one's calls, and a
// call is always sent in the household it was made in.
import { type IDBPDatabase, openDB } from "idb";
import type { ListState } from "../live/list-state.ts";
import type { QueuedCall, QueueStorage } from "./queue.ts";

export interface SavedLists {
  householdId: string;
  lists: { id: string; name: string; unchecked_count: number; item_count: number }[];
}

interface OfflineDatabase {
  database: Promise<IDBPDatabase>;
}

export function openOfflineDatabase(userId: string, householdId: string): OfflineDatabase {
  return {
    database: openDB(`meal-planner-offline-${userId}-${householdId}`, 1, {
      upgrade(database) {
        database.createObjectStore("calls", { keyPath: "id" });
        database.createObjectStore("lists", { keyPath: "listId" });
        database.createObjectStore("list-index", { keyPath: "householdId" });
      },
    }),
  };
}

export function queueStorage(offline: OfflineDatabase): QueueStorage {
  return {
    load: async () => await (await offline.database).getAll("calls") as QueuedCall[],
    save: async (call) => {
      await (await offline.database).put("calls", call);
    },
    remove: async (id) => {
      await (await offline.database).delete("calls", id);
    },
  };
}

export async function saveList(offline: OfflineDatabase, state: ListState): Promise<void> {
  await (await offline.database).put("lists", state);
}

export async function savedList(offline: OfflineDatabase, listId: string): Promise<ListState | undefined> {
  return await (await offline.database).get("lists", listId);
}

export async function saveListIndex(offline: OfflineDatabase, index: SavedLists): Promise<void> {
  await (await offline.database).put("list-index", index);
}

export async function savedListIndex(offline: OfflineDatabase, householdId: string): Promise<SavedLists | undefined> {
  return await (await offline.database).get("list-index", householdId);
}
