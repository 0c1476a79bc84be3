import { isConnectionFailure } from "./connection-errors.ts";

let installed = false;

/**
 * Deno's node:net throws, where Node would emit an 'error' event, when postgres.js writes to a socket the
 * server has already closed (a terminated backend, a restarted database, a pooler dropping us). The throw
 * happens in a setImmediate callback, outside any query, and would end the function's process with every
 * request in it. The query on that socket fails on its own when the socket closes (a retryable 503), so a
 * connection failure thrown this way is only logged, never allowed to crash the process.
 */
export function keepDroppedConnectionsFromCrashing(): void {
  if (installed) return;
  installed = true;
  globalThis.addEventListener("error", (event) => {
    if (!isConnectionFailure(event.error)) return;
    event.preventDefault();
    console.warn(`database connection dropped: ${(event.error as Error).message}`);
  });
  globalThis.addEventListener("unhandledrejection", (event) => {
    if (!isConnectionFailure(event.reason)) return;
    event.preventDefault();
    console.warn(`database connection dropped: ${(event.reason as Error).message}`);
  });
}
