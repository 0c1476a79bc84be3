import assert from "node:assert/strict";
import { env } from "../config/env.ts";
import { closeDatabaseClient, databaseClient } from "./client.ts";

// Quiet: the client logs the switch it makes.
Deno.test("a prepared statement gone missing (26000) turns prepared statements off for the next pool", async () => {
  const log = console.error;
  console.error = () => {};
  const first = databaseClient();
  try {
    assert.equal(first.options.prepare, env().databasePrepare ?? true);
    assert.equal(databaseClient(), first);
    await assert.rejects(first.unsafe("execute statement_prepared_on_another_server_connection"), { code: "26000" });
    const second = databaseClient();
    assert.notEqual(second, first);
    assert.equal(second.options.prepare, false);
    assert.deepEqual([...await second`select ${1}::int as one`], [{ one: 1 }]);
    await second.unsafe("execute statement_prepared_on_another_server_connection").catch(() => {});
    assert.equal(databaseClient(), second, "a pool already without prepared statements is kept");
  } finally {
    console.error = log;
    await first.end();
    await closeDatabaseClient();
  }
});
