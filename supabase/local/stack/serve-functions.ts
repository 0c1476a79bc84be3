import { join } from "node:path";
import { env } from "../../../shared/config/env.ts";
import { closeDatabaseClient } from "../../../shared/db/client.ts";
import { startGateway } from "./gateway.ts";
import { readSigningKey } from "./signing-key.ts";
import { projectRoot } from "./stack-config.ts";

/**
 * The functions alone, in a process of their own, on whatever database DATABASE_URL names (a pooler, another
 * cluster), with the signing key of the stack in LOCAL_STACK_DIR, on FUNCTIONS_PORT (0 or unset: any free port).
 * SUPABASE_URL is set to its own address. When ready it prints "functions listening at <url>".
 * Started by startFunctionsProcess (functions-process.ts).
 */
const stateDirectory = Deno.env.get("LOCAL_STACK_DIR");
if (!stateDirectory) throw new Error("LOCAL_STACK_DIR must name the stack's state folder (its signing key)");
const gateway = await startGateway({
  port: Number(Deno.env.get("FUNCTIONS_PORT") || 0),
  functionsDirectory: join(projectRoot, "functions"),
  signingKey: await readSigningKey(stateDirectory),
});
const url = `http://127.0.0.1:${(gateway.server.addr as Deno.NetAddr).port}`;
Deno.env.set("SUPABASE_URL", url);
env(); // a bad setting stops it here, naming the variable
console.log(`functions listening at ${url}`);

Deno.addSignalListener("SIGTERM", async () => {
  const gone = new Promise((resolve) => setTimeout(resolve, 2000));
  await Promise.race([gateway.server.shutdown().then(closeDatabaseClient), gone]);
  Deno.exit(0);
});
