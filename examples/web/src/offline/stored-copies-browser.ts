/// <reference lib="dom" />
// The reading copies in IndexedDB (through idb): one database per signed-in user and household, apart from the
// list's (browser-storage.ts), so that a change here never touches the list's queue. Signing out deletes every one
// of them: the copies are only for reading, and the next person at this browser must not read them.
import { type IDBPDatabase, openDB } from "idb";
import { type Copy, type CopyKind, type CopyStorage, MemoryCopyStorage, StoredCopies } from "./stored-copies.ts";

const namePrefix = "meal-planner-copies-";
/** The databases made in this browser, so that signing out finds them all (indexedDB.databases() is not everywhere). */
const namesKey = "meal-planner-copies";

const opened = new Map<string, { database: Promise<IDBPDatabase>; copies: StoredCopies }>();

function knownNames(): string[] {
  try {
    return JSON.parse(localStorage.getItem(namesKey) ?? "[]") as string[];
  } catch {
    return [];
  }
}

function indexedDbStorage(database: Promise<IDBPDatabase>): CopyStorage {
  return {
    get: async (kind: CopyKind, key: string) => await (await database).get(kind, key) as Copy | undefined,
    put: async (kind: CopyKind, copy: Copy) => {
      await (await database).put(kind, copy);
    },
    remove: async (kind: CopyKind, key: string) => {
      await (await database).delete(kind, key);
    },
    all: async (kind: CopyKind) => await (await database).getAll(kind) as Copy[],
  };
}

/** The copies of this user in this household, opened once for the page's life. */
export function storedCopiesFor(userId: string, householdId: string): StoredCopies {
  const name = `${namePrefix}${userId}-${householdId}`;
  let entry = opened.get(name);
  if (!entry) {
    if (typeof indexedDB === "undefined") {
      const copies = new StoredCopies(new MemoryCopyStorage());
      entry = { database: Promise.reject(new Error("no IndexedDB")), copies };
      entry.database.catch(() => {});
    } else {
      const database: Promise<IDBPDatabase> = openDB(name, 1, {
        upgrade(upgrading) {
          for (const kind of ["recipe", "recipe-index", "week"]) upgrading.createObjectStore(kind, { keyPath: "key" });
        },
        // Signing out in another tab deletes this database: this tab lets go of it (and opens it anew if needed).
        blocking() {
          opened.delete(name);
          void database.then((open) => open.close());
        },
      });
      entry = { database, copies: new StoredCopies(indexedDbStorage(database)) };
      try {
        const names = knownNames();
        if (!names.includes(name)) localStorage.setItem(namesKey, JSON.stringify([...names, name]));
      } catch {
        // No localStorage: signing out then clears only the databases opened in this page.
      }
    }
    opened.set(name, entry);
  }
  return entry.copies;
}

/** Deletes every reading copy kept in this browser (on signing out): open ones are closed first. */
export async function forgetStoredCopies(): Promise<void> {
  const names = new Set([...knownNames(), ...opened.keys()]);
  for (const [name, entry] of opened) {
    opened.delete(name);
    await entry.database.then((database) => database.close(), () => {});
  }
  if (typeof indexedDB === "undefined") return;
  await Promise.all(
    [...names].map((name) =>
      new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      })
    ),
  );
  localStorage.removeItem(namesKey);
}
