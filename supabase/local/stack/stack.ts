import { join } from "node:path";
import postgres from "postgres";
import { env } from "../../../shared/config/env.ts";
import { closeDatabaseClient } from "../../../shared/db/client.ts";
import { assertPortFree, type Cluster, startCluster } from "./cluster.ts";
import { readEnvFile } from "./env-file.ts";
import { startAuthServer } from "../auth/server.ts";
import { authSettingsFromEnv } from "../auth/settings.ts";
import { startGateway } from "./gateway.ts";
import { applyBootstrap, applyMigrations, applySeed, type MigrationResult } from "./migrations.ts";
import { ensurePostgres, type PostgresInstallation } from "./postgres-install.ts";
import { startRealtimeStandIn } from "../realtime/stand-in.ts";
import { startStorageServer, storagePrefix } from "../storage/server.ts";
import { authIssuer, ensureSigningKey, jwks, signApiKey } from "./signing-key.ts";
import { apiUrl, databaseUrl, type StackConfig } from "./stack-config.ts";
import { recordRunningStack } from "./stack-state.ts";

export interface RunningStack {
  config: StackConfig;
  postgres: PostgresInstallation;
  apiUrl: string;
  databaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  functions: string[];
  /** Whether sign-up sends a confirmation email first (AUTH_EMAIL_CONFIRMATIONS=on) or returns a session. */
  emailConfirmations: boolean;
  migrations: MigrationResult;
  clusterCreated: boolean;
  /** Stops what this start started: the API server, and the cluster if it was not already running. */
  stop(): Promise<void>;
}

export const functionsEnvFile = "supabase/functions.env";

/** Drops and recreates the test database so every test run starts from the migrations alone. */
async function recreateDatabase(config: StackConfig): Promise<void> {
  const admin = postgres(databaseUrl(config, "template1"), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${config.databaseName} with (force)`);
    await admin.unsafe(`create database ${config.databaseName}`);
  } finally {
    await admin.end();
  }
}

async function prepareDatabase(config: StackConfig, cluster: Cluster, freshDatabase: boolean) {
  if (freshDatabase) await recreateDatabase(config);
  const sql = postgres(databaseUrl(config), { max: 1, onnotice: () => {} });
  try {
    await applyBootstrap(sql, config.projectRoot);
    const migrations = await applyMigrations(sql, join(config.projectRoot, "supabase/migrations"));
    if (cluster.created || freshDatabase) await applySeed(sql, join(config.projectRoot, "supabase/seed.sql"));
    return migrations;
  } finally {
    await sql.end();
  }
}

export interface StackDatabase {
  installation: PostgresInstallation;
  cluster: Cluster;
  migrations: MigrationResult;
}

/** The database half of the stack: PostgreSQL (installed if needed), the cluster, bootstrap, migrations, seed. */
export async function startDatabase(
  config: StackConfig,
  options: { freshDatabase?: boolean; postgresVersion?: number } = {},
): Promise<StackDatabase> {
  const installation = await ensurePostgres(options.postgresVersion);
  await Deno.mkdir(config.stateDirectory, { recursive: true });
  const cluster = await startCluster(installation, config);
  try {
    const migrations = await prepareDatabase(config, cluster, options.freshDatabase ?? false);
    return { installation, cluster, migrations };
  } catch (error) {
    if (cluster.started) await cluster.stop();
    throw error;
  }
}

/**
 * Brings up the local stack: PostgreSQL (installed if needed), the cluster,
 * bootstrap and migrations, the signing key, and the functions on the API port.
 */
export async function startStack(
  config: StackConfig,
  options: { freshDatabase?: boolean } = {},
): Promise<RunningStack> {
  // Before the database: a fresh start drops the database, which would pull it from under a stack (a test run,
  // say) that already holds the API port with the same cluster.
  assertPortFree(config.apiPort, "the API");
  const { installation, cluster, migrations } = await startDatabase(config, options);
  try {
    const signingKey = await ensureSigningKey(config.stateDirectory);
    const anonKey = await signApiKey(signingKey, "anon");
    const serviceRoleKey = await signApiKey(signingKey, "service_role");
    const stackEnv = {
      SUPABASE_URL: apiUrl(config),
      SUPABASE_DB_URL: databaseUrl(config),
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
      // As Supabase gives every function its project's public keys: tokens are checked without a fetch.
      SUPABASE_JWKS: JSON.stringify(jwks(signingKey)),
    };
    // The functions read Deno.env, as deployed ones do: the start task's own
    // environment first, then the git-ignored env file, then the stack's URLs and keys.
    const fileEnv = readEnvFile(join(config.projectRoot, functionsEnvFile));
    for (const [name, value] of Object.entries(fileEnv)) {
      if (Deno.env.get(name) === undefined) Deno.env.set(name, value);
    }
    for (const [name, value] of Object.entries(stackEnv)) Deno.env.set(name, value);
    // DATABASE_URL is a common name in a shell: the functions use the stack's database unless the env file
    // points them elsewhere (a local pooler, say).
    Deno.env.set("DATABASE_URL", fileEnv.DATABASE_URL || stackEnv.SUPABASE_DB_URL);
    env(); // a bad setting stops the start here, naming the variable

    // Realtime's stand-in checks tokens as the functions do, against the stack's keys: users' tokens (Auth's
    // issuer) and the API keys.
    const realtime = await startRealtimeStandIn({
      databaseUrl: stackEnv.SUPABASE_DB_URL,
      jwks: jwks(signingKey),
      issuers: [authIssuer(stackEnv.SUPABASE_URL), "supabase-local"],
    });
    // The Auth stand-in (GoTrue's email endpoints) and its mailbox share the API port, as on `supabase start`.
    const auth = startAuthServer({
      databaseUrl: stackEnv.SUPABASE_DB_URL,
      signingKey,
      settings: authSettingsFromEnv(stackEnv.SUPABASE_URL),
      mailboxDirectory: join(config.stateDirectory, "mailbox"),
    });
    // Storage's stand-in: the object routes of supabase.storage, decided by the policies on storage.objects, with
    // the files in the state folder.
    const storage = startStorageServer({
      databaseUrl: stackEnv.SUPABASE_DB_URL,
      signingKey,
      issuers: [authIssuer(stackEnv.SUPABASE_URL), "supabase-local"],
      directory: join(config.stateDirectory, "storage"),
    });
    const gateway = await startGateway({
      port: config.apiPort,
      functionsDirectory: join(config.projectRoot, "functions"),
      signingKey,
      realtime,
      services: [
        { prefix: "/auth/v1/", handle: auth.handle },
        { prefix: "/mailbox", handle: auth.handle },
        { prefix: storagePrefix, handle: storage.handle },
      ],
    }).catch(async (error) => {
      await realtime.close();
      await auth.close();
      await storage.close();
      throw error;
    });
    const forgetRunningStack = await recordRunningStack(config);
    return {
      config,
      postgres: installation,
      apiUrl: stackEnv.SUPABASE_URL,
      databaseUrl: stackEnv.SUPABASE_DB_URL,
      anonKey,
      serviceRoleKey,
      functions: gateway.functions,
      emailConfirmations: auth.settings.emailConfirmations,
      migrations,
      clusterCreated: cluster.created,
      stop: async () => {
        await forgetRunningStack();
        await realtime.close();
        await shutdownWithin(gateway.server, stopGraceMilliseconds);
        await auth.close();
        await storage.close();
        await closeDatabaseClient();
        if (cluster.started) await cluster.stop();
      },
    };
  } catch (error) {
    if (cluster.started) await cluster.stop();
    throw error;
  }
}

/** How long stopping waits for the API's requests still under way before it goes on without them. */
export const stopGraceMilliseconds = 5_000;

/**
 * A graceful shutdown waits for every connection's request to end. One whose client has gone while its handler
 * still waits (a stream nobody reads any more) kept the test command from ever finishing, so the wait is bounded:
 * after it the stack stops anyway, and says so.
 */
export async function shutdownWithin(server: Deno.HttpServer, milliseconds: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timed out">((resolve) => {
    timer = setTimeout(() => resolve("timed out"), milliseconds);
  });
  const outcome = await Promise.race([server.shutdown().then(() => "stopped" as const), timedOut]);
  clearTimeout(timer);
  if (outcome === "timed out") {
    console.error(`The API still had requests under way after ${milliseconds} ms; stopping without them.`);
  }
}
