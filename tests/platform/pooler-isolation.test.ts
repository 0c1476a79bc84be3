import assert from "node:assert/strict";
import postgres from "postgres";
import { startFunctionsProcess } from "../../supabase/local/stack/functions-process.ts";
import { householdOf } from "../support/households.ts";
import { adminSql, stackEnv, type TestUser } from "../support/stack.ts";
import { callAt, type Reply, userFor } from "./own-functions.ts";

// Run by `deno task test` in its pooler pass, which starts PgBouncer and says where it is.
function poolerEnv() {
  const read = (name: string) => {
    const value = Deno.env.get(name);
    if (!value) throw new Error(`${name} is not set: this test runs in the pooler pass of deno task test`);
    return value;
  };
  return { oneConnectionUrl: read("POOLER_ONE_CONNECTION_URL"), adminUrl: read("POOLER_ADMIN_URL") };
}

const rounds = 25;

/** PgBouncer's server connections for the one-connection pool: their backend pids. */
async function serverPids(adminConsole: postgres.Sql, database: string): Promise<number[]> {
  const servers = await adminConsole.unsafe<{ database: string; remote_pid: string }[]>("SHOW SERVERS");
  return servers.filter((server) => server.database === database).map((server) => Number(server.remote_pid));
}

async function transactionCount(adminConsole: postgres.Sql, database: string): Promise<number> {
  const stats = await adminConsole.unsafe<{ database: string; total_xact_count: string }[]>("SHOW STATS");
  return Number(stats.find((row) => row.database === database)?.total_xact_count ?? 0);
}

// What stats_period (1 s in the pass's pgbouncer.ini) takes to publish the counts.
const statsSettle = () => new Promise((resolve) => setTimeout(resolve, 1200));

interface Actor {
  label: string;
  user: TestUser;
  householdId: string;
  created: string[];
}

/** One user's round: a write and three reads, half of them naming the household, one naming the other's. */
function round(apiUrl: string, actor: Actor, other: Actor, index: number): Promise<void>[] {
  const named = index % 2 === 0 ? actor.householdId : undefined;
  const expectOk = (reply: Reply, what: string) => {
    assert.equal(reply.status, 200, `${actor.label} ${what}: ${JSON.stringify(reply.body)}`);
    return reply.body.data!;
  };
  const name = `${actor.label} list ${index}`;
  return [
    callAt(apiUrl, actor.user, "grocery.create_list", { name }, named).then((reply) => {
      expectOk(reply, "create_list");
      actor.created.push(name);
    }),
    callAt(apiUrl, actor.user, "grocery.list_lists", {}, named).then((reply) => {
      const lists = expectOk(reply, "list_lists").lists as { name: string }[];
      for (const list of lists) assert.ok(list.name.startsWith(`${actor.label} `), `${actor.label} saw "${list.name}"`);
    }),
    callAt(apiUrl, actor.user, "household.get", {}).then((reply) => {
      const households = expectOk(reply, "household.get").households as { id: string }[];
      assert.deepEqual(households.map((household) => household.id), [actor.householdId]);
    }),
    callAt(apiUrl, actor.user, "grocery.list_lists", {}, other.householdId).then((reply) => {
      assert.equal(
        reply.status,
        404,
        `${actor.label} reading ${other.label}'s household: ${JSON.stringify(reply.body)}`,
      );
    }),
  ];
}

Deno.test("two users' requests interleaved on one server connection leak no claims, role or household", async () => {
  const pooler = poolerEnv();
  const database = new URL(pooler.oneConnectionUrl).pathname.slice(1);
  const sql = adminSql();
  const admin = postgres(pooler.adminUrl, { max: 1, prepare: false, fetch_types: false, onnotice: () => {} });
  const direct = postgres(pooler.oneConnectionUrl, { max: 1, prepare: false, onnotice: () => {} });
  const functions = await startFunctionsProcess({
    name: "pooler-isolation",
    stateDirectory: stackEnv().stateDirectory,
    env: { DATABASE_URL: pooler.oneConnectionUrl, DB_PREPARE: "false", DB_POOL_MAX: "10" },
  });
  try {
    const actors: Actor[] = [];
    for (const label of ["alice", "bob"]) {
      const user = await userFor(sql, stackEnv().stateDirectory, functions.url, `isolation-${label}`);
      actors.push({ label, user, householdId: await householdOf(sql, user), created: [] });
    }
    const [alice, bob] = actors;
    assert.notEqual(alice.householdId, bob.householdId);
    const [{ pid: sharedPid }] = await direct<{ pid: number }[]>`select pg_backend_pid() as pid`;
    await statsSettle();
    const transactionsBefore = await transactionCount(admin, database);

    // Watch PgBouncer's server connections for this pool while the requests run.
    const seenPids = new Set<number>(await serverPids(admin, database));
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const pid of await serverPids(admin, database)) seenPids.add(pid);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const requests: Promise<void>[] = [];
    for (let index = 0; index < rounds; index++) {
      requests.push(...round(functions.url, alice, bob, index), ...round(functions.url, bob, alice, index));
    }
    const results = await Promise.allSettled(requests);
    watching = false;
    await watcher;
    const failures = results.filter((result) => result.status === "rejected");
    assert.deepEqual(failures, [], `${failures.length} of ${results.length} requests went wrong`);

    // Every write landed in its author's household, by its author.
    for (const actor of actors) {
      const lists = await sql<{ name: string; household_id: string; created_by: string }[]>`
        select name, household_id, created_by from public.grocery_lists where name like ${`${actor.label} list %`}
          and household_id in (${alice.householdId}, ${bob.householdId})`;
      assert.equal(lists.length, rounds);
      for (const list of lists) {
        assert.ok(list.name.startsWith(`${actor.label} `));
        assert.deepEqual([list.household_id, list.created_by], [actor.householdId, actor.user.id]);
      }
    }

    // They ran on one server connection, taking turns: one backend all along, a transaction per request.
    assert.deepEqual([...seenPids], [sharedPid], "PgBouncer's one-connection pool used another server connection");
    await statsSettle();
    const transactions = (await transactionCount(admin, database)) - transactionsBefore;
    assert.ok(transactions >= requests.length, `${transactions} transactions for ${requests.length} requests`);
    const writers = await sql<{ user_id: string }[]>`
      select user_id from public.tool_invocations where user_id in (${alice.user.id}, ${bob.user.id})
      order by created_at, id`;
    const turns = writers.filter((row, index) => index > 0 && row.user_id !== writers[index - 1].user_id).length;
    assert.ok(turns >= 5, `the two users' writes took turns only ${turns} times: they did not interleave`);

    // Nothing of theirs stayed on the server connection: no role, no claims, no other session setting.
    const [state] = await direct<
      { pid: number; current_user: string; role: string; claims: string | null; prepared: number }[]
    >`select pg_backend_pid() as pid, current_user, current_setting('role') as role,
        current_setting('request.jwt.claims', true) as claims,
        (select count(*)::int from pg_prepared_statements) as prepared`;
    // A claims setting this connection has seen reads '' once its transaction is over (never seen: null).
    assert.deepEqual({ ...state, claims: state.claims ?? "" }, {
      pid: sharedPid,
      current_user: "postgres",
      role: "none",
      claims: "",
      prepared: 0,
    });
    const sessionSettings = await direct<{ name: string }[]>`
      select name from pg_settings where source = 'session' order by name`;
    const pgBouncerSets = [
      "application_name",
      "client_encoding",
      "datestyle",
      "standard_conforming_strings",
      "timezone",
    ];
    assert.deepEqual(
      sessionSettings.map((setting) => setting.name.toLowerCase()).filter((name) => !pgBouncerSets.includes(name)),
      [],
    );
    console.log(
      `${requests.length} requests from two households on server backend ${sharedPid}: ` +
        `${transactions} transactions, the writers changed ${turns} times`,
    );
  } finally {
    await functions.stop();
    await Promise.all([sql.end(), admin.end(), direct.end()]);
  }
});
