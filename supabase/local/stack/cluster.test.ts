import assert from "node:assert/strict";
import { join } from "node:path";
import postgres from "postgres";
import { assertPortFree, startCluster } from "./cluster.ts";
import { ensurePostgres } from "./postgres-install.ts";
import { databaseUrl, projectRoot, type StackConfig } from "./stack-config.ts";

async function postmasterPid(dataDirectory: string): Promise<number> {
  const lines = (await Deno.readTextFile(join(dataDirectory, "postmaster.pid"))).split("\n");
  return Number(lines[0]);
}

async function answers(config: StackConfig): Promise<boolean> {
  const sql = postgres(databaseUrl(config), { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    const [{ one }] = await sql`select 1 as one`;
    return one === 1;
  } finally {
    await sql.end();
  }
}

Deno.test("a cluster is created once, reused while running, and starts again after a crash", async () => {
  const installation = await ensurePostgres();
  const stateDirectory = await Deno.makeTempDir({ prefix: "cluster-test-" });
  const config: StackConfig = {
    name: `crash-${crypto.randomUUID().slice(0, 8)}`,
    projectRoot,
    stateDirectory,
    apiPort: 25461,
    databasePort: 25462,
    databaseName: "postgres",
  };
  let cluster = await startCluster(installation, config);
  try {
    assert.deepEqual([cluster.created, cluster.started], [true, true]);
    assert.ok(await answers(config));

    const again = await startCluster(installation, config);
    assert.deepEqual([again.created, again.started], [false, false]);

    // A crash: the server is killed, leaving its pid file and socket lock behind.
    Deno.kill(await postmasterPid(cluster.dataDirectory), "SIGKILL");
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        assertPortFree(config.databasePort, "PostgreSQL");
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    assert.ok((await Deno.stat(join(cluster.dataDirectory, "postmaster.pid"))).isFile);
    cluster = await startCluster(installation, config);
    assert.deepEqual([cluster.created, cluster.started], [false, true]);
    assert.ok(await answers(config));
  } finally {
    await cluster.stop();
    await Deno.remove(stateDirectory, { recursive: true });
    // Where the cluster went when the postgres user could not reach the temporary folder.
    await Deno.remove(join(cluster.dataDirectory, ".."), { recursive: true }).catch(() => {});
    await Deno.remove(join(cluster.dataDirectory, "..", "..")).catch(() => {});
  }
});

Deno.test("a port held by something else is refused with a message naming it", () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const { port } = listener.addr as Deno.NetAddr;
    assert.throws(
      () => assertPortFree(port, "PostgreSQL"),
      new RegExp(`Port ${port} \\(PostgreSQL\\) is already in use`),
    );
  } finally {
    listener.close();
  }
});
