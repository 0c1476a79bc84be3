import assert from "node:assert/strict";
import { keepDroppedConnectionsFromCrashing } from "./socket-guard.ts";

Deno.test("a dropped database socket thrown outside any query is logged, not allowed to crash the process", () => {
  keepDroppedConnectionsFromCrashing();
  const originalWarn = console.warn;
  const warnings: string[] = [];
  console.warn = (message: string) => warnings.push(message);
  try {
    const dropped = new ErrorEvent("error", {
      error: new Error("This socket has been ended by the other party"),
      cancelable: true,
    });
    globalThis.dispatchEvent(dropped);
    assert.equal(dropped.defaultPrevented, true);
    assert.match(warnings[0], /socket has been ended/);
    const other = new ErrorEvent("error", { error: new TypeError("a bug of ours"), cancelable: true });
    globalThis.dispatchEvent(other);
    assert.equal(other.defaultPrevented, false, "any other uncaught error still surfaces");
  } finally {
    console.warn = originalWarn;
  }
});
