import type postgres from "postgres";
import { Slots } from "./slots.ts";

/** A query or transaction that did not settle in time; mapped to a retryable UNAVAILABLE like a lost connection. */
export class QueryTimeoutError extends Error {
  readonly code = "QUERY_TIMEOUT";
  constructor(seconds: number) {
    super(`The database did not answer within ${seconds} s`);
    this.name = "QueryTimeoutError";
  }
}

export interface PoolGuardOptions {
  /** The pool's size: no more queries and transactions than this are handed to it at once. */
  connections: number;
  /** How long a query or transaction may take, its wait for a connection included. */
  seconds: number;
  /** How long a query cancelled at its deadline may take to come back before its connection is deemed stuck. */
  graceMilliseconds: number;
  /** Called when a connection is stuck: the pool should be replaced. */
  onStuck(): void;
  /** Sees every failure of a query or transaction before its caller does. */
  onError?(error: unknown): void;
}

type Start<T> = () => Promise<T>;

// The deadline runs from the first `then` (postgres.js starts a query there), so it covers the wait for a slot.
function guarded<T>(options: PoolGuardOptions, slots: Slots | undefined, start: Start<T>, cancel?: () => void) {
  return new Promise<T>((resolve, reject) => {
    let running: Promise<T> | undefined;
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new QueryTimeoutError(options.seconds));
      if (!running) return;
      cancel?.();
      const grace = setTimeout(options.onStuck, options.graceMilliseconds);
      running.then(() => clearTimeout(grace), () => clearTimeout(grace));
    }, options.seconds * 1000);
    const run = (release: () => void) => {
      if (late) return release();
      const settled = () => {
        clearTimeout(timer);
        release();
      };
      running = start();
      running.then((value) => {
        settled();
        resolve(value);
      }, (error) => {
        settled();
        options.onError?.(error);
        reject(error);
      });
    };
    if (slots) slots.acquire().then(run);
    else run(() => {});
  });
}

function deferred<Query extends Promise<unknown>>(query: Query, run: (start: Start<unknown>) => Promise<unknown>) {
  const start = query.then.bind(query) as (resolve: (value: unknown) => void, reject: (error: unknown) => void) => void;
  let outcome: Promise<unknown> | undefined;
  Object.defineProperty(query, "then", {
    value: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => {
      outcome ??= run(() => new Promise((resolve, reject) => start(resolve, reject)));
      return outcome.then(onFulfilled, onRejected);
    },
  });
  return query;
}

function cancelOf(query: Promise<unknown>) {
  return () => (query as unknown as { cancel(): Promise<void> | null }).cancel()?.catch(() => {});
}

function guard<Sql extends postgres.Sql | postgres.TransactionSql>(
  sql: Sql,
  options: PoolGuardOptions,
  slots: Slots | undefined,
): Sql {
  const runQuery = (query: Promise<unknown>) =>
    deferred(query, (start) => guarded(options, slots, start, cancelOf(query)));
  return new Proxy(sql, {
    apply(target, thisArgument, args) {
      const result = Reflect.apply(target as (...args: unknown[]) => unknown, thisArgument, args);
      return result instanceof Promise ? runQuery(result) : result;
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
      if (property === "unsafe") return (...args: unknown[]) => runQuery(value(...args));
      if (property !== "begin" && property !== "savepoint") return value;
      // Statements inside run on the transaction's own connection: bounded, but they need no slot.
      return (...args: unknown[]) => {
        if (typeof args.at(-1) !== "function") return value(...args);
        const body = args.pop() as (transaction: postgres.TransactionSql) => unknown;
        const inner = (transaction: postgres.TransactionSql) => body(guard(transaction, options, undefined));
        const start = () => value(...args, inner);
        return property === "begin" ? guarded(options, slots, start) : start();
      };
    },
  });
}

/**
 * The pool, guarded: every query and transaction has a deadline, waiting for a connection included, and is
 * cancelled when it passes; one that does not come back even then has a stuck connection, and onStuck is
 * called. No more queries and transactions than connections are handed to postgres.js at once, so it never
 * writes a query on a connection that is still busy (its pipelining), which a transaction-mode pooler cannot
 * follow: it gives the server connection to another client at the end of each transaction. (Cursors and
 * forEach start without `then` and are not guarded; nothing here uses them.)
 */
export function guardPool(pool: postgres.Sql, options: PoolGuardOptions): postgres.Sql {
  return guard(pool, options, new Slots(options.connections));
}
