// deno task bench:sync [--calls 200]: what live lists cost. On a 1,000-item list, grocery.changes for
// deltas of 1, 10 and 100 changed items beside grocery.get_list of the same list (the full read a pull replaces),
// in alternating calls at 1 connection; then the pokes each kind of write sends, counted as the database sends
// them (LISTEN on the local Realtime stand-in's channel, and the rows realtime.send wrote): one per transaction per
// list, never one per row.
import postgres from "postgres";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { startStack } from "../../supabase/local/stack/stack.ts";
import { stackConfig } from "../../supabase/local/stack/stack-config.ts";
import { loadAverage, machineInfo } from "./machine.ts";
import { percentile } from "./load.ts";
import { markdownTable, round, writeJson } from "./report.ts";
import { catalogIngredientIds, createHouseholds } from "./seed.ts";

const callsIndex = Deno.args.indexOf("--calls");
const calls = callsIndex >= 0 ? Number(Deno.args[callsIndex + 1]) : 200;

const config = stackConfig("bench");
console.log("Starting the benchmark stack (fresh database)…");
const stack = await startStack(config, { freshDatabase: true });
const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
try {
  const machine = await machineInfo(sql);
  const [cook] = await createHouseholds(sql, "sync-bench", 1);
  const ingredientIds = await catalogIngredientIds(sql, 500);
  const key = await readSigningKey(config.stateDirectory);
  const token = await signUserToken(key, stack.apiUrl, { id: cook.userId, email: cook.email }, 4 * 3600);

  /** One tool call over HTTP, as the app makes it: its data, its time and its reply's size. */
  const call = async (tool: string, input: unknown) => {
    const startedAt = performance.now();
    const response = await fetch(`${stack.apiUrl}/functions/v1/${tool.replace(".", "/")}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(input),
    });
    const text = await response.text();
    const ms = performance.now() - startedAt;
    const body = JSON.parse(text);
    if (!body.ok) throw new Error(`${tool} failed: ${text.slice(0, 300)}`);
    return { data: body.data, ms, bytes: text.length };
  };
  const lines = (count: number, unit: string, quantity = 1) =>
    ingredientIds.slice(0, count).map((ingredient_id) => ({ ingredient_id, quantity, unit }));

  // The 1,000-item list, through the tools: 500 ingredients in g and the same in cup.
  const { grocery_list_id: listId } = (await call("grocery.create_list", { name: "Sync bench" })).data;
  for (const unit of ["g", "cup"]) {
    await call("grocery.push_ingredients", { grocery_list_id: listId, ingredients: lines(500, unit) });
  }
  const getList = () => call("grocery.get_list", { grocery_list_id: listId });
  const items = (await getList()).data.items.length;
  console.log(`A list of ${items} items. ${calls} calls of each, alternating, at 1 connection…`);

  const deltaRows: string[][] = [];
  const deltas: unknown[] = [];
  for (const delta of [1, 10, 100]) {
    const since = (await getList()).data.version;
    // One write that changes `delta` items: a push whose lines all merge into lines of the list.
    await call("grocery.push_ingredients", { grocery_list_id: listId, ingredients: lines(delta, "g", 0.5) });
    const changes = () => call("grocery.changes", { grocery_list_id: listId, since });
    const returned = (await changes()).data.items.length;
    if (returned !== delta) throw new Error(`a delta of ${delta} returned ${returned} items`);
    const changeTimes: number[] = [];
    const readTimes: number[] = [];
    let changeBytes = 0;
    let readBytes = 0;
    for (let index = 0; index < calls; index++) {
      const pulled = await changes();
      changeTimes.push(pulled.ms);
      changeBytes = pulled.bytes;
      const read = await getList();
      readTimes.push(read.ms);
      readBytes = read.bytes;
    }
    changeTimes.sort((a, b) => a - b);
    readTimes.sort((a, b) => a - b);
    const figures = {
      delta,
      changes_p50_ms: round(percentile(changeTimes, 0.5)),
      changes_p95_ms: round(percentile(changeTimes, 0.95)),
      get_list_p50_ms: round(percentile(readTimes, 0.5)),
      get_list_p95_ms: round(percentile(readTimes, 0.95)),
      p50_ratio: round(percentile(changeTimes, 0.5) / percentile(readTimes, 0.5), 3),
      changes_bytes: changeBytes,
      get_list_bytes: readBytes,
    };
    deltas.push(figures);
    deltaRows.push([
      String(delta),
      `${figures.changes_p50_ms} / ${figures.changes_p95_ms}`,
      `${figures.get_list_p50_ms} / ${figures.get_list_p95_ms}`,
      `${figures.p50_ratio}`,
      `${changeBytes} / ${readBytes}`,
    ]);
  }

  // Pokes: every message the database sends on the household's channel, as the stand-in receives it.
  const topic = `household:${cook.householdId}`;
  const listener = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  let notified = 0;
  await listener.listen("realtime_local_broadcast", (payload) => {
    if (JSON.parse(payload).topic === topic) notified++;
  });
  const messages = async () =>
    Number((await sql<{ count: string }[]>`select count(*) from realtime.messages where topic = ${topic}`)[0].count);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const pokeRows: string[][] = [];
  const pokes: unknown[] = [];
  const countPokes = async (write: string, rows: number, transactions: number, run: () => Promise<unknown>) => {
    await settle();
    const [notifiedBefore, messagesBefore] = [notified, await messages()];
    await run();
    await settle();
    const figures = {
      write,
      rows_changed: rows,
      transactions,
      pokes_notified: notified - notifiedBefore,
      messages_written: (await messages()) - messagesBefore,
    };
    pokes.push(figures);
    pokeRows.push([
      write,
      String(rows),
      String(transactions),
      String(figures.pokes_notified),
      String(figures.messages_written),
    ]);
  };
  const { items: listItems } = (await getList()).data as { items: { id: string }[] };
  await countPokes(
    "grocery.check_item (one item)",
    1,
    1,
    () => call("grocery.check_item", { grocery_item_id: listItems[0].id }),
  );
  await countPokes("grocery.check_item × 20 (one call each)", 20, 20, async () => {
    for (const item of listItems.slice(1, 21)) await call("grocery.check_item", { grocery_item_id: item.id });
  });
  await countPokes(
    "grocery.clear_checked (21 items, one write)",
    21,
    1,
    () => call("grocery.clear_checked", { grocery_list_id: listId }),
  );
  await countPokes(
    "grocery.push_ingredients (100 lines merged)",
    100,
    1,
    () => call("grocery.push_ingredients", { grocery_list_id: listId, ingredients: lines(100, "cup", 0.25) }),
  );
  const { grocery_list_id: emptyListId } = (await call("grocery.create_list", { name: "Sync bench, new" })).data;
  await countPokes(
    "grocery.push_ingredients (500 lines added)",
    500,
    1,
    () => call("grocery.push_ingredients", { grocery_list_id: emptyListId, ingredients: lines(500, "kg") }),
  );
  await listener.end();
  machine.load_average_end = loadAverage();

  console.log(`\ngrocery.changes beside grocery.get_list of the same ${items}-item list (ms, ${calls} calls each)\n`);
  console.log(markdownTable(
    ["items changed", "changes p50 / p95", "get_list p50 / p95 (baseline)", "p50 ratio", "reply bytes"],
    deltaRows,
  ));
  console.log("\nPokes on the household's channel, per write (a poke per transaction per list, never per row)\n");
  console.log(
    markdownTable(["write", "rows changed", "transactions", "pokes sent", "realtime.messages rows"], pokeRows),
  );
  console.log(
    `\nPropagation of a tick to another member's screen (the browser test, tests/browser/list/live-list.test.ts):`,
  );
  try {
    const propagation = JSON.parse(await Deno.readTextFile(`${config.projectRoot}/.local/bench/propagation.json`));
    console.log(
      `  p50 ${propagation.p50_ms} ms, p95 ${propagation.p95_ms} ms, max ${propagation.max_ms} ms over ` +
        `${propagation.ticks} ticks (measured ${propagation.measured_at}, load average ${
          propagation.load_average.map((value: number) => value.toFixed(1)).join(" ")
        }; target: within 1 s)`,
    );
  } catch {
    console.log("  not measured yet on this checkout: run deno task test (or its live-list test) first");
  }
  console.log(
    `\nLoad average: ${machine.load_average_start.join(" ")} at start, ${
      machine.load_average_end.join(" ")
    } at the end (2 cores shared: compare the ratios, not the milliseconds).`,
  );
  await writeJson(`${config.projectRoot}/.local/bench/sync.json`, { machine, items, calls, deltas, pokes });
} finally {
  await sql.end();
  await stack.stop();
}
