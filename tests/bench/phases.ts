// deno task bench:phases [name…]: where the time of one tool call goes, phase by phase, in this process and
// without HTTP: the token check, reading the body, the Zod check, the input hash (keyed writes only, so none
// here), the SQL round trip (and, from pg_stat_statements, how much of it Postgres spent executing), and the
// reply's serialisation.
// Calls run one at a time on the benchmark's stack and data; each figure is the median of its calls.
import postgres from "postgres";
import { requireUser } from "../../shared/auth/access-token.ts";
import { verifierFromEnv } from "../../shared/auth/verifier-from-env.ts";
import { databaseClient } from "../../shared/db/client.ts";
import { invokeAppFunction } from "../../shared/db/invoke.ts";
import { okResponse } from "../../shared/http/envelope.ts";
import { readJsonBody } from "../../shared/http/read-json-body.ts";
import { isWriteTool } from "../../shared/tools/define-tool.ts";
import { inputHash } from "../../shared/tools/input-hash.ts";
import { findTool } from "../../shared/tools/registry.ts";
import { validateToolInput } from "../../shared/tools/runner.ts";
import { sqlFunctionName } from "../../shared/tools/tool-names.ts";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { startStack } from "../../supabase/local/stack/stack.ts";
import { stackConfig } from "../../supabase/local/stack/stack-config.ts";
import { median } from "./load.ts";
import { markdownTable } from "./report.ts";
import { toolNameOf } from "./scenario.ts";
import { seedToolsBench, toolsScenarios } from "./tools-scenarios.ts";

const filters = Deno.args.filter((arg) => !arg.startsWith("--"));
const calls = 200;
const phases = ["auth", "body", "zod", "hash", "sql", "sql (server)", "reply"] as const;
type Phase = (typeof phases)[number];

const config = stackConfig("bench");
console.log("Starting the benchmark stack (fresh database)…");
const stack = await startStack(config, { freshDatabase: true });
const admin = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
try {
  const data = await seedToolsBench(admin);
  const key = await readSigningKey(config.stateDirectory);
  const tokens = new Map<string, string>();
  for (const household of [data.cook, ...data.scale.map((entry) => entry.household)]) {
    tokens.set(
      household.userId,
      await signUserToken(key, stack.apiUrl, { id: household.userId, email: household.email }),
    );
  }
  const { scenarios } = toolsScenarios(data, (household) => tokens.get(household.userId)!);
  const verify = verifierFromEnv();
  const sql = databaseClient();
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    if (filters.length > 0 && !filters.some((name) => scenario.name.includes(name))) continue;
    const tool = findTool(toolNameOf(scenario))!;
    const caller = scenario.callers[0];
    const bodies = caller.bodies ?? [{}];
    const times: Record<Phase, number[]> = Object.fromEntries(phases.map((phase) => [phase, []])) as never;
    const time = async <T>(phase: Phase, run: () => Promise<T> | T): Promise<T> => {
      const startedAt = performance.now();
      const result = await run();
      times[phase].push(performance.now() - startedAt);
      return result;
    };
    await admin`select extensions.pg_stat_statements_reset()`;
    for (let call = 0; call < calls; call++) {
      const request = new Request("http://bench.local/", {
        method: "POST",
        headers: { authorization: `Bearer ${caller.token}`, "content-type": "application/json" },
        body: JSON.stringify(bodies[call % bodies.length]),
      });
      const user = await time("auth", () => requireUser(request, verify));
      const raw = await time("body", () => readJsonBody(request));
      const { input, householdId } = await time("zod", () => validateToolInput(tool, raw, null));
      // As the runner: only a keyed write is hashed, and the benchmark sends no Idempotency-Key.
      const idempotencyKey: string | null = null;
      const hash = await time("hash", () => idempotencyKey ? inputHash(tool.name, input) : null);
      const result = await time("sql", () =>
        invokeAppFunction(sql, {
          user,
          householdId,
          name: tool.name,
          functionName: sqlFunctionName(tool.name),
          input,
          scope: tool.scope,
          isWrite: isWriteTool(tool),
          inputHash: hash,
        }));
      await time("reply", () => okResponse(result.data).text());
    }
    const [server] = await admin<{ mean: number; calls: number }[]>`
      select coalesce(sum(total_exec_time) / nullif(sum(calls), 0), 0)::float8 as mean, coalesce(sum(calls), 0)::int as calls
      from extensions.pg_stat_statements where query like '%private.invoke%' and query not like '%pg_stat_statements%'`;
    times["sql (server)"] = [server.mean];
    const total = phases.filter((phase) => phase !== "sql (server)").reduce(
      (sum, phase) => sum + median(times[phase]),
      0,
    );
    rows.push([scenario.name, ...phases.map((phase) => median(times[phase]).toFixed(3)), total.toFixed(3)]);
    console.log(`  ${scenario.name}: ${total.toFixed(2)} ms`);
  }
  console.log(`\n${markdownTable(["scenario (ms, p50 of " + calls + ")", ...phases, "sum"], rows)}`);
  console.log("sql: the round trip seen by the function; sql (server): Postgres' mean execution time of it.");
} finally {
  await admin.end();
  await stack.stop();
}
