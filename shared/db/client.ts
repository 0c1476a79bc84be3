import postgres from "postgres";

export type Sql = postgres.Sql;
/** Where a query can run: the pool, or a transaction (or savepoint) on it. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

let client: Sql | undefined;

/**
 * The functions' pool, from SUPABASE_DB_URL (what Supabase gives Edge
 * Functions). DB_POOL_MAX sizes it; DB_PREPARE=false turns off prepared
 * statements for transaction-mode poolers.
 */
export function databaseClient(): Sql {
  if (client) return client;
  const url = Deno.env.get("SUPABASE_DB_URL");
  if (!url) throw new Error("SUPABASE_DB_URL is not set");
  client = postgres(url, {
    max: Number(Deno.env.get("DB_POOL_MAX") ?? 10),
    prepare: Deno.env.get("DB_PREPARE") !== "false",
    idle_timeout: 60,
    connect_timeout: 10,
    onnotice: () => {},
  });
  return client;
}

export async function closeDatabaseClient(): Promise<void> {
  await client?.end({ timeout: 5 });
  client = undefined;
}
