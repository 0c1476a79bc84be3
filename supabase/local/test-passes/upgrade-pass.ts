// The upgrade pass of the test task (run-tests.ts calls runUpgradePass), as a live project sees an upgrade. For every
// release (supabase/releases/<version>.sha256): a database made from its migrations holds a household written
// through its own private.invoke (<version>-household.sql), which must leave no table of public empty; the newer
// migrations are applied; every row and read reply must be as before (upgrade-from-release.ts), and the upgraded
// catalog must be exactly that of a database made fresh from every migration (catalog-snapshot.ts). Then, on
// v0.1.0's upgraded database: v0.1.0's own function code (taken from its commit with git archive) reads and writes
// over HTTP, as an old deployment does while the new one rolls out, and today's HTTP tool tests run there.
import { join } from "node:path";
import postgres from "postgres";
import { startBackgroundProcess, waitUntilReady } from "../stack/background-process.ts";
import { catalogDifferences, catalogSnapshot } from "../schema-tools/catalog-snapshot.ts";
import { startFunctionsProcess } from "../stack/functions-process.ts";
import { applyBootstrap, applyMigrations } from "../stack/migrations.ts";
import { readSigningKey, signUserToken } from "../stack/signing-key.ts";
import type { RunningStack } from "../stack/stack.ts";
import { databaseUrl } from "../stack/stack-config.ts";
import type { Tally } from "./test-output.ts";
import { createReleaseDatabase, differences, releases, snapshot, upgrade } from "./upgrade-from-release.ts";
import { createSession } from "../stack/users.ts";

/** Release v0.1.0's commit: its function code runs against the upgraded database. */
export const v010Commit = "fc2a896";

/**
 * The release whose upgraded database today's HTTP tool tests (tests/tools) run on, once: the oldest, the longest
 * way a live project can come. Running them on every release's would add minutes for little; the row, reply and
 * catalog checks run on every release's.
 */
export const toolTestsRelease = "v0.1.0";

/** Today's HTTP tool tests against other functions and another database (run-tests.ts's runDenoTests). */
export type ToolTests = (target: { apiUrl: string; databaseUrl: string }) => Promise<Tally>;

/** What the pass counts: each check that must hold, printed as `not ok - …` when it does not. */
class Checks {
  tally: Tally = { passed: 0, failed: 0 };
  /** A check that holds when there are no problems; each problem is printed under it. */
  check(description: string, problems: string[]): boolean {
    if (problems.length === 0) {
      this.tally.passed++;
      return true;
    }
    this.tally.failed++;
    (this.tally.failures ??= []).push(`${description}: ${problems[0]}`);
    console.log(`not ok - ${description}:\n  ${problems.slice(0, 10).join("\n  ")}`);
    return false;
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** A database made fresh from the bootstrap and every migration: the catalog an upgraded database must have. */
async function freshDatabase(adminUrl: string, projectRoot: string): Promise<string> {
  const url = await recreateDatabase(adminUrl, "upgrade_fresh");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await applyBootstrap(sql, projectRoot);
    await applyMigrations(sql, join(projectRoot, "supabase/migrations"));
  } finally {
    await sql.end();
  }
  return url;
}

async function git(projectRoot: string, args: string[]): Promise<{ ok: boolean; stdout: Uint8Array; text: string }> {
  const output = await new Deno.Command("git", { args, cwd: projectRoot, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(output.stderr).trim();
  return { ok: output.success, stdout: output.stdout, text };
}

/**
 * The release's code as it was deployed: its functions, shared code, import map, deno.json and lock, and the local
 * stack's code that served them (supabase/local: serve-functions.ts and what it imports), from its commit, into
 * `<state>/<release>-code/`. Fails, saying so, where the commit is not in the clone's history.
 */
export async function extractReleaseCode(
  projectRoot: string,
  stateDirectory: string,
  release: string,
  commit: string,
): Promise<string> {
  const present = await git(projectRoot, ["cat-file", "-e", `${commit}^{commit}`]);
  if (!present.ok) {
    throw new Error(
      `${release}'s commit ${commit} is not in this clone's history (${present.text || "git failed"}): its code ` +
        `cannot run against the upgraded database. Fetch the full history (git fetch --unshallow) and run again.`,
    );
  }
  const directory = join(stateDirectory, `${release}-code`);
  await Deno.remove(directory, { recursive: true }).catch(() => {});
  await Deno.mkdir(directory, { recursive: true });
  const archive = await git(projectRoot, [
    "archive",
    "--format=tar",
    commit,
    "functions",
    "shared",
    "supabase/local",
    "import_map.json",
    "deno.json",
    "deno.lock",
  ]);
  if (!archive.ok) throw new Error(`git archive ${commit} failed: ${archive.text}`);
  const tar = new Deno.Command("tar", { args: ["-x", "-C", directory], stdin: "piped", stderr: "piped" }).spawn();
  const writer = tar.stdin.getWriter();
  await writer.write(archive.stdout);
  await writer.close();
  const untarred = await tar.output();
  if (!untarred.success) throw new Error(`tar failed: ${new TextDecoder().decode(untarred.stderr)}`);
  return directory;
}

/** One HTTP tool call to the functions at `apiUrl`, as the web app makes it. */
async function toolCall(
  apiUrl: string,
  token: string,
  tool: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { ok?: boolean; data?: Record<string, unknown>; error?: unknown } }> {
  const [group, action] = tool.split(".");
  const response = await fetch(`${apiUrl}/functions/v1/${group}/${action}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(input),
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { ok: false, error: text.slice(0, 200) };
  }
  return { status: response.status, body };
}

/**
 * v0.1.0's own function code, served as v0.1.0 served it (its supabase/local/serve-functions.ts, its deno.json and
 * import map), against the upgraded database: reads and writes over HTTP as the household's members, each of which
 * must succeed, and the writes must be seen by the reads after them.
 */
async function runReleaseCode(checks: Checks, stack: RunningStack, url: string): Promise<void> {
  const release = "v0.1.0";
  const startedAt = performance.now();
  const { stateDirectory, projectRoot } = stack.config;
  let directory: string;
  try {
    directory = await extractReleaseCode(projectRoot, stateDirectory, release, v010Commit);
  } catch (error) {
    checks.check(`${release}'s code runs against the upgraded database`, [(error as Error).message]);
    return;
  }
  const process = startBackgroundProcess(
    Deno.execPath(),
    ["run", "-A", "--config", join(directory, "deno.json"), "supabase/local/serve-functions.ts"],
    {
      cwd: directory,
      env: { DATABASE_URL: url, LOCAL_STACK_DIR: stateDirectory, NO_COLOR: "1" },
      logFile: join(stateDirectory, `${release}-code-functions.log`),
    },
  );
  try {
    const listening = () => /functions listening at (\S+)/.exec(process.output())?.[1];
    try {
      await waitUntilReady(process, `${release}'s functions`, () => listening() !== undefined, 120_000);
    } catch (error) {
      checks.check(`${release}'s code serves its functions`, [(error as Error).message]);
      return;
    }
    const apiUrl = listening()!;
    console.log(`${release}'s code (commit ${v010Commit}) serves its functions at ${apiUrl} (${seconds(startedAt)})`);

    // Signed-in tokens for the household's members, as v0.1.0's Auth made them, with a session each.
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const tokens: Record<string, string> = {};
    try {
      const key = await readSigningKey(stateDirectory);
      for (
        const user of await sql<{ id: string; email: string }[]>`
        select id, email from auth.users where email in ('alice@upgrade.test', 'bob@upgrade.test')`
      ) {
        const sessionId = await createSession(sql, user.id);
        tokens[user.email] = await signUserToken(key, apiUrl, { ...user, sessionId });
      }
    } finally {
      await sql.end();
    }
    const household = { "x-household-id": "" };
    const calls: string[] = [];
    /** One call that must answer 200 ok; its data, or undefined (the failure counted) when it does not. */
    const must = async (email: string, tool: string, input: unknown, headers: Record<string, string> = {}) => {
      const { status, body } = await toolCall(apiUrl, tokens[email], tool, input, headers);
      calls.push(tool);
      const ok = checks.check(
        `${release}'s code: ${tool} as ${email} succeeds on the upgraded database`,
        status === 200 && body.ok === true ? [] : [`${status} ${JSON.stringify(body).slice(0, 300)}`],
      );
      return ok ? body.data! : undefined;
    };

    // Reads, as Alice (her only household is The Upgrades) and Bob (two households: he names it).
    const got = await must("alice@upgrade.test", "household.get", {});
    const households = (got?.households ?? []) as { id: string; name: string }[];
    household["x-household-id"] = households.find((entry) => entry.name === "The Upgrades")?.id ?? "";
    const recipes = (await must("bob@upgrade.test", "recipe.list", { limit: 100 }, household))?.recipes as
      | { id: string; title: string }[]
      | undefined;
    const lists = (await must("alice@upgrade.test", "grocery.list_lists", {}))?.lists as
      | { id: string; name: string }[]
      | undefined;
    const week = lists?.find((list) => list.name === "This week");
    await must("alice@upgrade.test", "planner.list_meals", { start_date: "2026-12-01", end_date: "2026-12-31" });
    await must("alice@upgrade.test", "history.list", { limit: 20 });
    const bolognese = recipes?.find((recipe) => recipe.title === "Spaghetti bolognese");
    const recipe = bolognese &&
      (await must("alice@upgrade.test", "recipe.get", { recipe_id: bolognese.id }))?.recipe as
        | { ingredients?: { ingredient_id: string }[] }
        | undefined;
    if (!week || !bolognese || !recipe?.ingredients?.length) {
      checks.check(`${release}'s code finds the household's list and recipe`, [
        `list "This week" ${week ? "found" : "missing"}, recipe "Spaghetti bolognese" ${
          bolognese ? "found" : "missing"
        }, its ingredients ${recipe?.ingredients?.length ?? 0}`,
      ]);
      return;
    }

    // Writes, each then read back through the same old code.
    const added = await must("bob@upgrade.test", "grocery.add_item", {
      grocery_list_id: week.id,
      name: "Kitchen roll",
      quantity: 2,
      unit: "package",
    }, { ...household, "idempotency-key": crypto.randomUUID() });
    const itemId = (added?.item as { id?: string } | undefined)?.id;
    if (itemId) await must("alice@upgrade.test", "grocery.check_item", { grocery_item_id: itemId });
    const meal = await must("alice@upgrade.test", "planner.add_meal", {
      recipe_id: bolognese.id,
      date: "2027-01-04",
      meal_type: "dinner",
      servings: 3,
    });
    const created = await must("alice@upgrade.test", "recipe.create", {
      title: "Old code's soup",
      servings: 2,
      ingredients: [{ ingredient_id: recipe.ingredients[0].ingredient_id, quantity: 1.25, unit: "whole" }],
    });
    const list = await must("alice@upgrade.test", "grocery.get_list", { grocery_list_id: week.id });
    const items = (list?.items ?? []) as { id: string; checked: boolean }[];
    const mealId = (meal?.meal as { id?: string } | undefined)?.id;
    const day = await must("bob@upgrade.test", "planner.list_meals", {
      start_date: "2027-01-04",
      end_date: "2027-01-04",
    }, household);
    const meals = (day?.meals ?? []) as { id: string }[];
    const soup = created &&
      (await must("bob@upgrade.test", "recipe.get", { recipe_id: created.recipe_id }, household))?.recipe as
        | { title?: string }
        | undefined;
    checks.check(
      `${release}'s code reads its writes back`,
      [
        ...(itemId && items.some((item) => item.id === itemId && item.checked) ? [] : ["the added item, checked"]),
        ...(mealId && meals.some((planned) => planned.id === mealId) ? [] : ["the added meal in the plan"]),
        ...(soup?.title === "Old code's soup" ? [] : ["the created recipe"]),
      ].map((missing) => `missing: ${missing}`),
    );
    console.log(
      `${release}'s code made ${calls.length} calls: ${[...new Set(calls)].join(", ")} (${seconds(startedAt)})`,
    );
  } finally {
    await process.stop();
  }
}

/**
 * The upgrade pass: every release's database upgraded and checked (one check per table, per reply, and per catalog
 * difference), v0.1.0's code against its upgraded database, then today's HTTP tool tests on it.
 */
export async function runUpgradePass(
  stack: RunningStack,
  toolTests: ToolTests,
): Promise<{ name: string; tally: Tally }> {
  const { projectRoot } = stack.config;
  const all = releases(projectRoot);
  const name = `upgrade from ${all.join(" and ")}`;
  console.log(
    `\nUpgrade pass: a database of each release (${all.join(", ")}) with a household in it, upgraded and checked; ` +
      `${toolTestsRelease}'s code on its upgraded database, then the HTTP tool tests there`,
  );
  const passStartedAt = performance.now();
  const checks = new Checks();
  const adminUrl = databaseUrl(stack.config, "template1");
  const expected = await catalogSnapshot(await freshDatabase(adminUrl, projectRoot));
  const upgraded: Record<string, string> = {};
  for (const release of all) {
    const startedAt = performance.now();
    let url: string;
    try {
      url = await createReleaseDatabase(adminUrl, `upgrade_from_${release.replace(/\W/g, "_")}`, projectRoot, release);
    } catch (error) {
      checks.check(`${release}'s household is written through its own private.invoke`, [(error as Error).message]);
      continue;
    }
    const before = await snapshot(url);
    const counts = Object.entries(before.rows).map(([table, rows]) => `${table} ${Object.keys(rows).length}`);
    console.log(`${release} household: ${counts.join(", ")}; ${Object.keys(before.replies).length} read replies`);
    for (const [table, rows] of Object.entries(before.rows)) {
      checks.check(
        `${release}'s household leaves public.${table} not empty`,
        Object.keys(rows).length > 0 ? [] : [
          `public.${table} has no row: the fixture (supabase/releases/${release}-household.sql) must fill it`,
        ],
      );
    }
    const applied = await upgrade(url, projectRoot);
    console.log(`${release}: applied ${applied.length} newer migration(s): ${applied.join(", ") || "none"}`);
    const after = await snapshot(url);
    let compared = 0;
    for (const table of Object.keys(before.rows)) {
      compared++;
      checks.check(
        `${release}: every row of ${table} is as before`,
        differences(before.rows[table], after.rows[table]),
      );
    }
    for (const call of Object.keys(before.replies)) {
      compared++;
      checks.check(`${release}: ${call} answers as before`, differences(before.replies[call], after.replies[call]));
    }
    // One failure per object whose definition differs from a fresh database's.
    const catalog = catalogDifferences(expected, await catalogSnapshot(url));
    if (catalog.length === 0) checks.check(`${release}: the upgraded catalog is a fresh database's`, []);
    for (const difference of catalog) {
      checks.check(`${release}: the upgraded catalog is a fresh database's (first: fresh, second: upgraded)`, [
        difference,
      ]);
    }
    console.log(
      `${release}: ${compared} row and reply checks, catalog ${
        catalog.length === 0 ? "identical" : `${catalog.length} difference(s)`
      } (${Object.keys(expected).length} objects); ${seconds(startedAt)}`,
    );
    upgraded[release] = url;
  }

  const url = upgraded[toolTestsRelease];
  if (!url) {
    checks.check(`${toolTestsRelease}'s upgraded database is there for its code and the HTTP tool tests`, [
      `${toolTestsRelease} ${all.includes(toolTestsRelease) ? "could not be upgraded (above)" : "is not a release"}`,
    ]);
    return { name, tally: checks.tally };
  }
  await runReleaseCode(checks, stack, url);
  console.log(`Upgrade checks took ${seconds(passStartedAt)}; the HTTP tool tests on ${toolTestsRelease}'s database`);

  const toolsStartedAt = performance.now();
  const functions = await startFunctionsProcess({
    name: "upgraded",
    stateDirectory: stack.config.stateDirectory,
    env: { DATABASE_URL: url },
  });
  try {
    const tools = await toolTests({ apiUrl: functions.url, databaseUrl: url });
    return {
      name,
      tally: {
        passed: checks.tally.passed + tools.passed,
        failed: checks.tally.failed + tools.failed,
        failures: [...(checks.tally.failures ?? []), ...(tools.failures ?? [])],
      },
    };
  } finally {
    await functions.stop();
    console.log(`HTTP tool tests on the upgraded database took ${seconds(toolsStartedAt)}`);
  }
}
