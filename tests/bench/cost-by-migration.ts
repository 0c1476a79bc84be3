// deno task bench:cost-by-migration [version…]: which migration made a call cost more. The same calls are timed on
// databases migrated up to each version given (default: v0.1.0's last and every later migration), all in one cluster of
// their own (BISECT_DB_PORT, by default BENCH_DB_PORT + 1; state in the bench state folder's bisect/). Each database
// gets the same household, lists and catalog ingredients; the calls then go round the databases in turn (BISECT_ROUNDS
// rounds, 15 by default), so that a machine that slows down affects every version alike. Timed per call as the server's
// CPU time (the backend's time on a CPU, from /proc/<pid>/schedstat), which other work on a shared machine stretches
// far less than it stretches wall-clock time: a push of 500 and of 10 lines (into items the first push made, so every
// measured push merges, as the benchmark's do), grocery.get_list of 50 items and grocery.check_item. Only a boolean
// comes back. A difference of less than about 10% between two rows is within what this machine moves.
import { join } from "node:path";
import postgres from "postgres";
import { invokeRecord } from "../../shared/db/invoke.ts";
import { sqlFunctionName } from "../../shared/tools/tool-names.ts";
import { startCluster } from "../../supabase/local/stack/cluster.ts";
import { applyBootstrap, applyMigrations, migrationFiles } from "../../supabase/local/stack/migrations.ts";
import { ensurePostgres } from "../../supabase/local/stack/postgres-install.ts";
import { databaseUrl, stackConfig } from "../../supabase/local/stack/stack-config.ts";
import { median } from "./load.ts";
import { markdownTable } from "./report.ts";
import { pushBodies } from "./tools-scenarios.ts";

const benchConfig = stackConfig("bench");
const config = {
  ...benchConfig,
  stateDirectory: join(benchConfig.stateDirectory, "bisect"),
  databasePort: Number(Deno.env.get("BISECT_DB_PORT") ?? benchConfig.databasePort + 1),
};
const rounds = Number(Deno.env.get("BISECT_ROUNDS") ?? 15);
const allMigrations = migrationFiles(join(config.projectRoot, "supabase/migrations"));
const released = "20261122001520";
const versions = Deno.args.length > 0
  ? Deno.args
  : [released, ...allMigrations.map((migration) => migration.version).filter((version) => version > released)];

const installation = await ensurePostgres();
await Deno.mkdir(config.stateDirectory, { recursive: true });
const cluster = await startCluster(installation, config);

interface Target {
  version: string;
  sql: postgres.Sql;
  call: (tool: string, input: unknown) => Promise<unknown>;
  /** The backend's time on a CPU so far (ns), from /proc: what a call cost the server, whatever else ran. */
  cpuNs: () => Promise<number>;
  pushList: string;
  smallList: string;
  readList: string;
  checkItems: string[];
  ingredientIds: string[];
}

async function prepare(version: string): Promise<Target> {
  const name = `bisect_${version}`;
  const admin = postgres(databaseUrl(config, "template1"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const sql = postgres(databaseUrl(config, name), { max: 1, onnotice: () => {} });
  await applyBootstrap(sql, config.projectRoot);
  const directory = await Deno.makeTempDir();
  for (const migration of allMigrations.filter((migration) => migration.version <= version)) {
    await Deno.copyFile(migration.path, join(directory, `${migration.version}_${migration.name}.sql`));
  }
  await applyMigrations(sql, directory);
  await Deno.remove(directory, { recursive: true });
  const [user] = await sql<{ id: string }[]>`
    insert into auth.users (id, aud, role, email, created_at, updated_at)
    values (gen_random_uuid(), 'authenticated', 'authenticated', 'bisect@example.com', now(), now()) returning id`;
  const [{ household_id: householdId }] = await sql<{ household_id: string }[]>`
    select household_id from public.household_members where user_id = ${user.id}`;
  const ingredientIds = (await sql<{ id: string }[]>`
    select id from public.ingredients where household_id is null order by normalized_name limit 100`).map((row) =>
    row.id
  );
  const list = async (listName: string) =>
    (await sql<{ id: string }[]>`insert into public.grocery_lists (household_id, name, created_by)
      values (${householdId}, ${listName}, ${user.id}) returning id`)[0].id;
  const pushList = await list("Push 500");
  const smallList = await list("Push 10");
  const readList = await list("Read me");
  await sql`insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, created_by)
    select ${readList}, ${householdId}, i, 1, 'cup', ${user.id} from unnest(${ingredientIds.slice(0, 50)}::uuid[]) i`;
  const checkItems = (await sql<{ id: string }[]>`
    insert into public.grocery_items (grocery_list_id, household_id, name, quantity, unit, created_by)
    select ${await list("Check")}, ${householdId}, 'Item ' || g, 1, 'whole', ${user.id}
    from generate_series(1, 1000) g order by g returning id`).map((row) => row.id);
  await sql`analyze`;
  const claims = { sub: user.id, role: "authenticated", aud: "authenticated", email: "bisect@example.com" };
  // The call the functions make at that version: private.invoke_json once it exists (its reply sent as built),
  // private.invoke before.
  const [{ answersJson }] = await sql<{ answersJson: boolean }[]>`
    select to_regprocedure('private.invoke_json(jsonb)') is not null as "answersJson"`;
  const call = (tool: string, input: unknown) => {
    const record = invokeRecord({
      user: { id: user.id, claims },
      householdId: null,
      name: tool,
      functionName: sqlFunctionName(tool),
      input,
      scope: "household",
      isWrite: !tool.includes(".get_"),
    });
    const request = sql.json(record as unknown as postgres.JSONValue);
    return answersJson
      ? sql`select private.invoke_json(${request}) is not null as ok`
      : sql`select private.invoke(${request}) is not null as ok`;
  };
  const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
  const cpuNs = async () => Number((await Deno.readTextFile(`/proc/${pid}/schedstat`)).split(" ")[0]);
  return { version, sql, call, cpuNs, pushList, smallList, readList, checkItems, ingredientIds };
}

const targets: Target[] = [];
try {
  for (const version of versions) {
    console.log(`Migrating a database up to ${version}…`);
    targets.push(await prepare(version));
  }
  const times = new Map(targets.map((target) => [target.version, {
    push500: [] as number[],
    push10: [] as number[],
    getList: [] as number[],
    checkItem: [] as number[],
  }]));
  // Server CPU time of the call (ms): the backend's time on a CPU, so that other work on the machine, which
  // stretches wall-clock times, does not count.
  let target: Target;
  const timed = async (run: () => Promise<unknown>) => {
    const before = await target.cpuNs();
    await run();
    return (await target.cpuNs() - before) / 1e6;
  };
  for (const target of targets) {
    await target.call("grocery.push_ingredients", pushBodies(target.pushList, target.ingredientIds, 500)[0]);
    await target.call("grocery.push_ingredients", pushBodies(target.smallList, target.ingredientIds, 10)[0]);
  }
  console.log(`Measuring ${rounds} rounds…`);
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < targets.length; turn++) {
      target = targets[(round + turn) % targets.length];
      const figures = times.get(target.version)!;
      const push500 = pushBodies(target.pushList, target.ingredientIds, 500);
      const push10 = pushBodies(target.smallList, target.ingredientIds, 10);
      // Twice each: the first call of a round warms the session's plans after another database's turn.
      for (let repeat = 0; repeat < 2; repeat++) {
        figures.push500.push(await timed(() => target.call("grocery.push_ingredients", push500[round % 8])));
        figures.push10.push(await timed(() => target.call("grocery.push_ingredients", push10[round % 8])));
        figures.getList.push(
          await timed(() => target.call("grocery.get_list", { grocery_list_id: target.readList })),
        );
        figures.checkItem.push(
          await timed(() =>
            target.call("grocery.check_item", { grocery_item_id: target.checkItems[(round * 2 + repeat) % 1000] })
          ),
        );
      }
    }
  }
  console.log(`\n${
    markdownTable(
      [`up to (server CPU ms, p50 of ${rounds * 2})`, "push 500", "push 10", "get_list 50", "check_item"],
      targets.map((target) => {
        const figures = times.get(target.version)!;
        const name = allMigrations.find((migration) => migration.version === target.version)?.name ?? "";
        return [
          `${target.version} ${name}`,
          median(figures.push500).toFixed(2),
          median(figures.push10).toFixed(2),
          median(figures.getList).toFixed(2),
          median(figures.checkItem).toFixed(2),
        ];
      }),
    )
  }`);
} finally {
  for (const target of targets) await target.sql.end();
  await cluster.stop();
}
