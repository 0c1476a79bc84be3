// deno task bench:cold-start [runs]: each function bundled into one file with `deno bundle` (a deployed Edge
// Function boots from one bundle of its module graph), then started in a process of its own, `runs` times (10 by
// default), interleaved with a bare `Deno.serve` bundled and started the same way. Prints, per function, the module
// count of its graph, the bundle's size, the time from spawn to the first successful tool reply (token verified
// against the JWKS, a database connection opened, the tool's SQL run), and its ratio to the bare server's first
// reply measured in the same rounds.
import { join } from "node:path";
import postgres from "postgres";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { startStack } from "../../supabase/local/stack/stack.ts";
import { stackConfig } from "../../supabase/local/stack/stack-config.ts";
import { ensureUser } from "../../supabase/local/stack/users.ts";
import { type ColdStartProbe, deployedFunctionEnv, startOnce, stop, toolGroupProbes } from "./cold-start.ts";
import { median } from "./load.ts";
import { markdownTable } from "./report.ts";
import { moduleCounts } from "./module-counts.ts";

const runs = Number(Deno.args[0] ?? 10);
// Copies: each gets the path of its own bundle below.
const probes: ColdStartProbe[] = [
  ...toolGroupProbes.map((probe) => ({ ...probe })),
  { name: "history", path: "history/list", body: {} },
  // The media group has no cheap read: its listing (GET, no token, no database) is its first reply.
  { name: "media", path: "media", body: null },
  // The assistant's cheapest signed-in read, its pending actions: a token and one query, no model called.
  {
    name: "assistant",
    path: "assistant/actions",
    body: null,
    request: (token) => ({ headers: { authorization: `Bearer ${token}` } }),
    accepts: (reply) => (reply as { ok?: boolean } | undefined)?.ok === true,
  },
  // An MCP client's tools/call of household.get over Streamable HTTP: a token, the registry and one query.
  {
    name: "mcp",
    path: "mcp",
    body: null,
    request: (token) => ({
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "household__get", arguments: {} },
      }),
    }),
    accepts: (reply) => {
      const result = (reply as { result?: { isError?: boolean } } | undefined)?.result;
      return result !== undefined && result.isError !== true;
    },
  },
];

const config = stackConfig("bench");
const bundles = join(config.stateDirectory, "bundles");
await Deno.mkdir(bundles, { recursive: true });

async function bundle(entry: string, output: string): Promise<number> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--quiet", "-o", output, entry],
    cwd: config.projectRoot,
    stderr: "piped",
  }).output();
  if (!result.success) throw new Error(`deno bundle ${entry}: ${new TextDecoder().decode(result.stderr)}`);
  return (await Deno.stat(output)).size;
}

const bareEntry = join(bundles, "bare-source.ts");
await Deno.writeTextFile(bareEntry, 'Deno.serve(() => new Response("ok"));\n');
const bare: ColdStartProbe = { name: "bare Deno.serve", path: "", body: null, entry: join(bundles, "bare.js") };
await bundle(bareEntry, bare.entry!);
const sizes = new Map<string, number>();
for (const probe of probes) {
  probe.entry = join(bundles, `${probe.name}.js`);
  sizes.set(probe.name, await bundle(join("functions", probe.name, "index.ts"), probe.entry));
}
const counts = await moduleCounts(probes.map((probe) => probe.name));

console.log("Starting the benchmark stack (fresh database)…");
const stack = await startStack(config, { freshDatabase: true });
try {
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  const user = await ensureUser(sql, "cold-start@example.com");
  await sql.end();
  const token = await signUserToken(await readSigningKey(config.stateDirectory), stack.apiUrl, user);
  const options = {
    projectRoot: config.projectRoot,
    env: await deployedFunctionEnv(stack, config.stateDirectory),
    token,
  };
  const firstReplies = new Map<string, number[]>([bare, ...probes].map((probe) => [probe.name, []]));
  const listening = new Map<string, number[]>([bare, ...probes].map((probe) => [probe.name, []]));
  for (let round = 0; round < runs; round++) {
    // The bare server before each function, so both see the machine as it is in that moment.
    for (const probe of probes) {
      for (const each of round % 2 === 0 ? [bare, probe] : [probe, bare]) {
        const started = await startOnce(each, options);
        firstReplies.get(each.name)!.push(started.firstReplyMs);
        listening.get(each.name)!.push(started.listeningMs);
        await stop(started);
      }
    }
  }
  const bareMedian = median(firstReplies.get(bare.name)!);
  console.log(`\nCold starts of bundled functions, ${runs} rounds, interleaved with a bare Deno.serve bundle`);
  console.log(markdownTable(
    [
      "function",
      "modules (ours + packages)",
      "bundle KB",
      "listening p50 ms",
      "first reply p50 ms",
      "× bare Deno.serve",
    ],
    [
      [bare.name, "1", "–", median(listening.get(bare.name)!).toFixed(0), bareMedian.toFixed(0), "1.0"],
      ...probes.map((probe) => {
        const count = counts.get(probe.name)!;
        const p50 = median(firstReplies.get(probe.name)!);
        return [
          probe.name,
          `${count.total} (${count.local} + ${count.total - count.local})`,
          (sizes.get(probe.name)! / 1024).toFixed(0),
          median(listening.get(probe.name)!).toFixed(0),
          p50.toFixed(0),
          (p50 / bareMedian).toFixed(2),
        ];
      }),
    ],
  ));
} finally {
  await stack.stop();
}
