// deno task bench:push-parts [--lines 500]: where the server time of a large grocery.push_ingredients goes. The
// benchmark's push (500 distinct lines into the cook's list, merged into its items) runs through private.invoke
// as the app calls it, in four variants: as it is; without the foreign keys of grocery_item_sources (a source row per
// line, each checked against its item, unit and author, one by one); without its reply (the function rebuilt to answer
// its counts only); and without both. Each variant is applied before its calls and taken back after them; rounds
// alternate the variants, each round after a vacuum, so that a machine that slows down, or a table that grows dead
// row versions, affects them alike. Only a boolean comes back, so the figures are the server's time, not the transfer
// of the reply. The pushes commit: the fresh benchmark database is thrown away afterwards.
import postgres from "postgres";
import type { AuthenticatedUser } from "../../shared/auth/access-token.ts";
import { invokeRecord } from "../../shared/db/invoke.ts";
import { sqlFunctionName } from "../../shared/tools/tool-names.ts";
import { median } from "./load.ts";
import { markdownTable } from "./report.ts";
import { startStack } from "../../supabase/local/stack/stack.ts";
import { stackConfig } from "../../supabase/local/stack/stack-config.ts";
import { pushBodies, seedToolsBench } from "./tools-scenarios.ts";

const linesArgument = Deno.args.indexOf("--lines");
const lines = linesArgument >= 0 ? Number(Deno.args[linesArgument + 1]) : 500;
if (![10, 100, 500].includes(lines)) throw new Error("--lines is 10, 100 or 500 (the benchmark's push lists)");
const rounds = 12;

// The three foreign keys of grocery_item_sources that each of a push's rows is checked against, one by one.
const sourceForeignKeys = [
  "grocery_item_sources_unit_fkey",
  "grocery_item_sources_created_by_fkey",
  "grocery_item_sources_household_id_grocery_item_id_fkey",
];

interface Variant {
  name: string;
  apply: () => Promise<void>;
  revert: () => Promise<void>;
}

/**
 * The variants, each applied (committed) before its calls and reverted after them: dropping and re-adding the
 * sources' foreign keys, and the push rebuilt to answer only its counts (everything it writes stays the same).
 */
async function variantsOf(sql: postgres.Sql): Promise<Variant[]> {
  const constraints = await sql<{ name: string; definition: string }[]>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'public.grocery_item_sources'::regclass and conname = any (${sourceForeignKeys})`;
  if (constraints.length !== sourceForeignKeys.length) {
    throw new Error(`grocery_item_sources no longer has the foreign keys ${sourceForeignKeys.join(", ")}`);
  }
  const [{ definition }] = await sql<{ definition: string }[]>`
    select pg_get_functiondef('app.grocery_push_ingredients(uuid, jsonb)'::regprocedure) as definition`;
  const reply = /select \(json_build_object\(\s*'grocery_list_id'[\s\S]*?\)::jsonb\s*into v_reply/;
  if (!reply.test(definition)) throw new Error("push_ingredients' reply is no longer where this benchmark expects it");
  const countsOnly = definition.replace(reply, "select jsonb_build_object('items', count(*)) into v_reply");
  const dropKeys = () =>
    sql.unsafe(
      `alter table public.grocery_item_sources ${
        constraints.map((constraint) => `drop constraint ${constraint.name}`).join(", ")
      }`,
    ).then(() => {});
  const addKeys = () =>
    sql.unsafe(
      `alter table public.grocery_item_sources ${
        constraints.map((constraint) => `add constraint ${constraint.name} ${constraint.definition}`).join(", ")
      }`,
    ).then(() => {});
  const dropReply = () => sql.unsafe(countsOnly).then(() => {});
  const restoreReply = () => sql.unsafe(definition).then(() => {});
  const nothing = () => Promise.resolve();
  return [
    { name: "as it is", apply: nothing, revert: nothing },
    { name: "without the sources' foreign keys", apply: dropKeys, revert: addKeys },
    { name: "without the reply", apply: dropReply, revert: restoreReply },
    {
      name: "without both",
      apply: () => dropKeys().then(dropReply),
      revert: () => addKeys().then(restoreReply),
    },
  ];
}

const config = stackConfig("bench");
console.log("Starting the benchmark stack (fresh database)…");
const stack = await startStack(config, { freshDatabase: true });
const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
try {
  const data = await seedToolsBench(sql);
  const user: AuthenticatedUser = {
    id: data.cook.userId,
    claims: { sub: data.cook.userId, role: "authenticated", aud: "authenticated", email: data.cook.email },
  };
  const tool = "grocery.push_ingredients";
  const push = (input: unknown) => {
    const record = invokeRecord({
      user,
      householdId: null,
      name: tool,
      functionName: sqlFunctionName(tool),
      input,
      scope: "household",
      isWrite: true,
    });
    return sql`select private.invoke(${sql.json(record as unknown as postgres.JSONValue)}) is not null as ok`;
  };
  const bodies = pushBodies(data.pushLists[lines as 10 | 100 | 500], data.ingredientIds, lines);
  // Once, committed: the list's items exist, so every measured push merges into them, as the benchmark's do.
  await push(bodies[0]);
  const variants = await variantsOf(sql);
  const times = new Map(variants.map((variant) => [variant.name, [] as number[]]));
  console.log(`Measuring a push of ${lines} lines, ${rounds} calls per variant…`);
  for (let round = 0; round < rounds; round++) {
    // The same state for every round: the dead row versions and index entries of the last are gone.
    await sql`vacuum public.grocery_items, public.grocery_item_sources, public.tool_invocations`;
    // Each round starts with another variant, so that none always comes first.
    for (let turn = 0; turn < variants.length; turn++) {
      const variant = variants[(round + turn) % variants.length];
      await variant.apply();
      try {
        // The first call plans the function's statements again (the variant made them stale); the second is timed.
        await push(bodies[(2 * round) % bodies.length]);
        const startedAt = performance.now();
        await push(bodies[(2 * round + 1) % bodies.length]);
        times.get(variant.name)!.push(performance.now() - startedAt);
      } finally {
        await variant.revert();
      }
    }
  }
  const asItIs = median(times.get("as it is")!);
  console.log(`\n${
    markdownTable(
      [`push of ${lines} lines (ms, p50 of ${rounds})`, "server time", "less than as it is"],
      variants.map((variant) => {
        const time = median(times.get(variant.name)!);
        return [variant.name, time.toFixed(2), (asItIs - time).toFixed(2)];
      }),
    )
  }`);
  console.log(
    "server time: one round trip of select private.invoke(…) is not null, the push's whole work without sending " +
      "its reply; each variant's second call after it was applied, in rounds that start after a vacuum.",
  );
} finally {
  await sql.end();
  await stack.stop();
}
