import { AppError } from "../errors.ts";

// From postgres.js, Node's net (as Deno runs it) and our own query deadline.
const connectionCodes = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "QUERY_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
// Deno's own socket errors carry no code, only a class name.
const connectionErrorNames = new Set(["BrokenPipe", "ConnectionReset", "ConnectionRefused", "ConnectionAborted"]);
const connectionMessages = /socket has been ended by the other party|connection (terminated|reset|refused)/i;

/**
 * True when the connection failed rather than the statement, so the same call may succeed when retried:
 * connection SQLSTATEs (08…), too many connections (53…), shutdowns (57P…), a cancelled statement (57014),
 * and 26000, a prepared statement the server connection does not know (a transaction-mode pooler gave us
 * another one), besides the socket and timeout errors of the client.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === "string" && (connectionCodes.has(code) || /^(08|53|57P)/.test(code))) return true;
  if (code === "57014" || code === "26000") return true;
  if (typeof name === "string" && connectionErrorNames.has(name)) return true;
  return typeof message === "string" && connectionMessages.test(message);
}

// Raised when the connection broke while a query was on it, as opposed to while connecting.
const lostCodes = new Set(["CONNECTION_CLOSED", "ECONNRESET", "ECONNABORTED", "EPIPE"]);
const lostNames = new Set(["BrokenPipe", "ConnectionReset", "ConnectionAborted"]);

/**
 * True when the connection went away under a query (the server ended the session, or the socket broke), rather than
 * failing to open: postgres.js 3.4.9 then keeps that session's last error and fails the next query the reconnected
 * connection takes with it (porsager/postgres#1223), so the pool that holds it should not be used again.
 */
export function isLostConnection(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === "string" && lostCodes.has(code)) return true;
  if (typeof name === "string" && lostNames.has(name)) return true;
  return typeof message === "string" && /socket has been ended by the other party/i.test(message);
}

/** The envelope's answer to a connection failure: 503, retryable; the details go to the log only. */
export function databaseUnavailable(error: unknown): AppError {
  console.error("database unavailable", error);
  return new AppError("UNAVAILABLE", "The database is unavailable or too slow right now; retry shortly.", {
    retryable: true,
  });
}
