// The list's queue and change-feed client (the web app's own modules) at scale without a browser, against the real
// stack: in each seeded run two members of one household shop one list, each offline for random spans (calls
// queued, reads failing), ticking, unticking, adding and removing at random; replies are lost at random after the
// server applied a call (so the replay resends it under its key); they come back in random order. Afterwards both
// copies equal the server's list, nothing waits, and every action was applied exactly once (one invocation record
// under its key, an added line holding its amount once) or kept with the server's words (and applied never).
// QUEUE_SEEDS (a count, or comma-separated seeds) and QUEUE_STEPS change the defaults.
import assert from "node:assert/strict";
import { createToolsClient } from "../../shared/client/tools-client.generated.ts";
import { ToolError } from "../../shared/client/errors.ts";
import { comparable, stateFromRead } from "../../examples/web/src/live/list-state.ts";
import { ShoppingList } from "../../examples/web/src/live/shopping-list.ts";
import { MemoryQueueStorage, OfflineQueue, type QueuedCall } from "../../examples/web/src/offline/queue.ts";
import { toolTransport } from "../../examples/web/src/offline/tool-transport.ts";
import { householdOf, joinHousehold } from "../support/households.ts";
import { adminSql, createTestUser, type TestUser } from "../support/stack.ts";
import { callToolOk, supabaseAs } from "../support/tools-client.ts";

const seedsSetting = Deno.env.get("QUEUE_SEEDS") ?? "100";
const seeds = seedsSetting.includes(",")
  ? seedsSetting.split(",").map(Number)
  : Array.from({ length: Number(seedsSetting) }, (_, index) => index + 1);
const stepsPerRun = Number(Deno.env.get("QUEUE_STEPS") ?? 14);

/** mulberry32: a small seeded generator, so a seed replays the same choices. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  return { next, pick };
}

const unreachable = (tool: string) =>
  new ToolError({ type: "UNAVAILABLE", message: `${tool} got no reply: offline`, retryable: true, status: 0, tool });

/** One member's client: the app's ShoppingList over a network that can be cut and can lose replies. */
function memberClient(user: TestUser, householdId: string, listId: string, random: ReturnType<typeof generator>) {
  const network = { online: true, lossRate: 0 };
  const supabase = supabaseAs(user);
  const tools = createToolsClient(supabase, { householdId });
  const send = toolTransport(supabase, () => householdId);
  const applied: QueuedCall[] = [];
  const queue = new OfflineQueue(new MemoryQueueStorage(), async (call) => {
    if (!network.online) return { ok: false, retryable: true, status: null, type: "UNAVAILABLE", message: "offline" };
    const result = await send(call);
    // The server applied it, and the reply never arrived: the next replay resends the same key.
    if (result.ok && random.next() < network.lossRate) {
      return { ok: false, retryable: true, status: null, type: "UNAVAILABLE", message: "reply lost" };
    }
    return result;
  });
  queue.listen({ applied: (call) => applied.push(call) });
  const reader = {
    getList: (id: string) =>
      network.online ? tools.grocery.getList({ grocery_list_id: id }) : Promise.reject(unreachable("grocery.get_list")),
    changes: (input: Parameters<typeof tools.grocery.changes>[0]) =>
      network.online ? tools.grocery.changes(input) : Promise.reject(unreachable("grocery.changes")),
  };
  const list = new ShoppingList(reader, queue, listId, null, () => {});
  return { user, network, queue, list, applied, enqueued: [] as QueuedCall[] };
}

type Member = ReturnType<typeof memberClient>;

async function act(member: Member, random: ReturnType<typeof generator>, names: { next: number }) {
  const view = member.list.view();
  if (!view) return;
  const choice = random.next();
  const items = view.items;
  let call: QueuedCall | undefined;
  if (choice < 0.2 || items.length === 0) {
    const name = `extra ${names.next++}`;
    call = await member.list.act(
      "grocery.add_item",
      { grocery_list_id: member.list.listId, name, quantity: 1, unit: "whole" },
      name,
    );
  } else if (choice < 0.75) {
    const item = random.pick(items);
    call = await member.list.act(
      item.checked ? "grocery.uncheck_item" : "grocery.check_item",
      { grocery_item_id: item.id },
      item.name,
    );
  } else {
    const item = random.pick(items);
    call = await member.list.act("grocery.remove_item", { grocery_item_id: item.id }, item.name);
  }
  member.enqueued.push(call);
}

async function settle(member: Member) {
  for (let round = 0; round < 20; round++) {
    const report = await member.list.flush();
    if (!report.stoppedAt) break;
  }
  await member.list.sync.pull();
}

/**
 * Empties the list and fills it with five items. Runs reuse a list each (two side by side): a hundred lists would
 * outgrow the stack's tables past what the pgTAP delete-user test expects of a shared test database.
 */
async function freshList(alice: TestUser, listId: string) {
  const { items } = await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId });
  await Promise.all(items.map((item) => callToolOk(alice, "grocery.remove_item", { grocery_item_id: item.id })));
  await Promise.all(
    ["apples", "bread", "carrots", "dates", "eggs"].map((name) =>
      callToolOk(alice, "grocery.add_item", { grocery_list_id: listId, name, quantity: 1, unit: "whole" })
    ),
  );
}

async function runSeed(
  seed: number,
  { alice, bob, householdId }: { alice: TestUser; bob: TestUser; householdId: string },
  listId: string,
  sql: ReturnType<typeof adminSql>,
) {
  const random = generator(seed);
  await freshList(alice, listId);
  const members = [alice, bob].map((user) => memberClient(user, householdId, listId, random));
  for (const member of members) await member.list.start();
  const names = { next: 1 };
  for (let step = 0; step < stepsPerRun; step++) {
    const member = random.pick(members);
    const roll = random.next();
    if (roll < 0.15) {
      // Going offline or coming back (with a pull and a replay, as the page does).
      member.network.online = !member.network.online;
      member.network.lossRate = random.next() < 0.5 ? 0.3 : 0;
      if (member.network.online) await member.list.flush().then(() => member.list.sync.pull());
    } else if (roll < 0.25) {
      await member.list.flush();
    } else {
      await act(member, random, names);
    }
    // Pulls arrive at random moments too (a poke, the foreground).
    if (random.next() < 0.3) await random.pick(members).list.sync.pull().catch(() => {});
  }
  // Back in random order, each sending what waits, replies reliable again.
  for (const member of random.next() < 0.5 ? members : [...members].reverse()) {
    member.network.online = true;
    member.network.lossRate = 0;
    await settle(member);
  }
  for (const member of members) await member.list.sync.pull();

  const server = stateFromRead(await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId }));
  for (const member of members) {
    assert.deepEqual(comparable(member.list.sync.state!), comparable(server), `${member.user.email}'s copy`);
    const view = member.list.view()!;
    assert.equal(view.pendingCount, 0, "nothing waits");
    const kept = await member.queue.calls();
    assert.ok(kept.every((call) => call.status !== "pending" && call.message), "kept calls say why");
    const outcome = new Map<string, string>();
    for (const call of member.applied) outcome.set(call.id, "applied");
    for (const call of kept) outcome.set(call.id, call.status);
    for (const call of member.enqueued) {
      assert.ok(outcome.has(call.id), `every action is applied or shown: ${call.tool} ${call.itemName} was lost`);
    }
    const keys = member.enqueued.map((call) => call.idempotencyKey);
    // A refused write (a conflict, a removed item) is recorded too, so that its key replays the same refusal
    // (20261125001400_offline_conflicts.sql): only records without a refusal are applied writes.
    const records = await sql<{ idempotency_key: string; applied: number; count: number }[]>`
      select idempotency_key, count(*)::int as count,
             (count(*) filter (where not coalesce(response ? 'refusal', false)))::int as applied
      from public.tool_invocations
      where user_id = ${member.user.id} and idempotency_key = any(${keys}) group by idempotency_key`;
    const recorded = new Map(records.map((row) => [row.idempotency_key, row]));
    for (const call of member.enqueued) {
      const expected = outcome.get(call.id) === "applied" ? 1 : 0;
      const record = recorded.get(call.idempotencyKey);
      assert.equal(record?.applied ?? 0, expected, `${call.tool} ${call.itemName}: applied once`);
      assert.ok((record?.count ?? 0) <= 1, `${call.tool} ${call.itemName}: one record under its key`);
    }
    for (const call of member.applied.filter((call) => call.tool === "grocery.add_item")) {
      const line = server.items[call.landedOn!];
      if (line) assert.equal(line.quantity, 1, `${call.itemName} was added once`);
    }
    member.list.close();
  }
  return members.reduce(
    (tally, member) => ({
      actions: tally.actions + member.enqueued.length,
      applied: tally.applied + member.applied.length,
    }),
    { actions: 0, applied: 0 },
  );
}

Deno.test({
  name: `offline queue: ${seeds.length} seeded random runs of two members offline and back converge, each action once`,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const sql = adminSql();
    try {
      const alice = await createTestUser(sql, "queue-alice");
      const bob = await createTestUser(sql, "queue-bob");
      await joinHousehold(bob, alice);
      // Bob is in two households now: every call names Alice's, as the app does.
      const household = { alice, bob, householdId: await householdOf(sql, alice) };
      const failures: string[] = [];
      let actions = 0;
      let applied = 0;
      const started = performance.now();
      // Two runs at a time: the machine's time goes to the calls, not to waiting.
      const lists = await Promise.all(
        ["Side A", "Side B"].map(async (name) =>
          (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id
        ),
      );
      for (let index = 0; index < seeds.length; index += 2) {
        await Promise.all(
          seeds.slice(index, index + 2).map(async (seed, side) => {
            try {
              const tally = await runSeed(seed, household, lists[side], sql);
              actions += tally.actions;
              applied += tally.applied;
            } catch (error) {
              failures.push(`seed ${seed}: ${(error as Error).message}`);
            }
          }),
        );
      }
      console.log(
        `${seeds.length} runs, ${actions} offline-capable actions, ${applied} applied once, ` +
          `${actions - applied} kept and shown (removed items, conflicts) in ${
            ((performance.now() - started) / 1000).toFixed(1)
          } s`,
      );
      assert.deepEqual(failures, [], `failing seeds (rerun with QUEUE_SEEDS=<seed>,<seed>)`);
    } finally {
      await sql.end();
    }
  },
});
