import assert from "node:assert/strict";
import { parseEnvironment } from "../config/env.ts";
import { poolOptions } from "./client.ts";
import { databasePorts, throughTransactionPooler } from "./pooler.ts";

const direct = "postgresql://postgres:secret@db.abcdefgh.supabase.co:5432/postgres";
const supavisor = "postgresql://postgres.abcdefgh:secret@aws-0-eu-west-1.pooler.supabase.com:6543/postgres";
const session = "postgresql://postgres.abcdefgh:secret@aws-0-eu-west-1.pooler.supabase.com:5432/postgres";

Deno.test("the transaction-mode pooler is recognised by its port", () => {
  assert.equal(throughTransactionPooler(supavisor), true);
  assert.equal(throughTransactionPooler(`${supavisor}?sslmode=require`), true);
  assert.equal(throughTransactionPooler(direct), false);
  assert.equal(throughTransactionPooler(session), false);
  assert.deepEqual(databasePorts("postgres://user:p%40ss:word@localhost/db"), [5432]);
  assert.deepEqual(databasePorts("postgres://u:p@h1:5432,h2:6543/db"), [5432, 6543]);
  // A password that ends in digits is not a port.
  assert.deepEqual(databasePorts("postgres://u:6543@db.example.com/postgres"), [5432]);
});

Deno.test("through the pooler, prepared statements are off; DB_PREPARE decides when set", () => {
  const settings = parseEnvironment({});
  assert.equal(poolOptions(supavisor, settings).prepare, false);
  assert.equal(poolOptions(direct, settings).prepare, true);
  assert.equal(poolOptions(direct, parseEnvironment({ DB_PREPARE: "false" })).prepare, false);
  assert.equal(poolOptions(supavisor, parseEnvironment({ DB_PREPARE: "true" })).prepare, true);
});

Deno.test("the pool gives up connecting within seconds and is sized by DB_POOL_MAX", () => {
  for (const url of [direct, supavisor]) {
    const options = poolOptions(url, parseEnvironment({ DB_POOL_MAX: "4" }));
    assert.ok(options.connect_timeout > 0 && options.connect_timeout <= 5);
    assert.equal(options.max, 4);
  }
});
