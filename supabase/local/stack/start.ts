import { invocationRetention, removedRowRetention, startHousekeeping } from "./housekeeping.ts";
import { startStack } from "./stack.ts";
import { stackConfig } from "./stack-config.ts";
import { startWebApp, webAppPort } from "./web-server.ts";

const startedAt = performance.now();
let stack;
try {
  stack = await startStack(stackConfig("dev"));
} catch (error) {
  console.error(`Could not start the local stack: ${(error as Error).message}`);
  Deno.exit(1);
}
const housekeeping = startHousekeeping(stack.databaseUrl, undefined, {
  apiUrl: stack.apiUrl,
  serviceRoleKey: stack.serviceRoleKey,
});
// The example app is a convenience: if it cannot start (its port is taken, say), the backend still runs.
const webApp = await Promise.resolve()
  .then(() =>
    startWebApp({
      port: webAppPort(),
      apiUrl: stack.apiUrl,
      anonKey: stack.anonKey,
      projectRoot: stack.config.projectRoot,
    })
  )
  .catch((error: Error) => error);
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
const applied = stack.migrations.applied;

console.log(`
Local Supabase stack is running (${stack.clusterCreated ? "new cluster" : "existing cluster"}, ready in ${seconds}s).

         API URL: ${stack.apiUrl}
       Functions: ${stack.functions.map((name) => `${stack.apiUrl}/functions/v1/${name}`).join("\n                  ")}
            JWKS: ${stack.apiUrl}/auth/v1/.well-known/jwks.json
        Realtime: ${stack.apiUrl.replace(/^http/, "ws")}/realtime/v1/websocket (stand-in: private Broadcast channels)
            Auth: ${stack.apiUrl}/auth/v1 (email sign-up, sign-in, refresh, recovery, codes; confirmations ${
  stack.emailConfirmations ? "on" : "off: AUTH_EMAIL_CONFIRMATIONS=on turns them on"
})
         Storage: ${stack.apiUrl}/storage/v1 (stand-in: upload, download, signed URLs, list, remove; files in ${stack.config.stateDirectory}/storage)
         Mailbox: ${stack.apiUrl}/mailbox (JSON: ${stack.apiUrl}/mailbox/v1/messages?to=<email>)
          DB URL: ${stack.databaseUrl}
        anon key: ${stack.anonKey}
service_role key: ${stack.serviceRoleKey}
      Migrations: ${
  applied.length ? `applied ${applied.join(", ")}` : "none new"
} (${stack.migrations.skipped} already applied)

    Housekeeping: invocation records older than ${invocationRetention}, removed rows older than ${removedRowRetention}
                  and Auth's dead sessions and codes are pruned at start and hourly
                  (pg_cron does it daily on hosted Supabase, where Auth prunes its own)

         Web app: ${
  webApp instanceof Error
    ? `not started: ${webApp.message}`
    : `${webApp.url} (examples/web: open it and create an account; its emails land in the Mailbox)`
}

Sign in: supabase.auth.signUp / signInWithPassword, with createClient(API URL, the anon one of the keys above)
A user token without signing in: deno task token alice@example.com
Stop with Ctrl-C.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the local stack…");
  await housekeeping.stop();
  if (!(webApp instanceof Error)) await webApp.server.shutdown();
  await stack.stop();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
