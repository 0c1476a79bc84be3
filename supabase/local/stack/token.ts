import postgres from "postgres";
import { readSigningKey, signUserToken } from "./signing-key.ts";
import { apiUrl, databaseUrl, type StackName } from "./stack-config.ts";
import { runningStackConfig } from "./stack-state.ts";
import { createSession, ensureUser } from "./users.ts";

const usage = "Usage: deno task token <email> [--stack dev|test|bench] [--expires-in seconds]";
const args = [...Deno.args];
const option = (name: string) => {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const [, value] = args.splice(index, 2);
  return value;
};
const stackName = option("--stack") ?? "dev";
const expiresIn = Number(option("--expires-in") ?? 3600);
const email = args[0];

if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || !["dev", "test", "bench"].includes(stackName) || !(expiresIn > 0)) {
  console.error(usage);
  Deno.exit(2);
}

const config = await runningStackConfig(stackName as StackName);
const sql = postgres(databaseUrl(config), { max: 1, connect_timeout: 5, onnotice: () => {} });
try {
  const key = await readSigningKey(config.stateDirectory);
  const user = await ensureUser(sql, email);
  const sessionId = await createSession(sql, user.id);
  console.log(await signUserToken(key, apiUrl(config), { ...user, sessionId }, expiresIn));
} catch (error) {
  const message = (error as Error).message;
  console.error(
    /ECONNREFUSED|connect/i.test(message)
      ? `The local stack's database is not answering on port ${config.databasePort}` +
        (config.found ? "." : `: no running ${stackName} stack was found; start it with deno task start.`)
      : message,
  );
  Deno.exitCode = 1;
} finally {
  await sql.end();
}
