/** Supabase's transaction-mode poolers (Supavisor, and PgBouncer beside the database) listen on 6543. */
export const transactionPoolerPort = 6543;

/** The ports of a postgres:// URL (several hosts may be listed, `h1:5432,h2:6543`); 5432 when none is given. */
export function databasePorts(databaseUrl: string): number[] {
  const authority = databaseUrl.replace(/^[a-z]+:\/\//i, "").split(/[/?#]/)[0];
  const hosts = authority.slice(authority.lastIndexOf("@") + 1).split(",");
  return hosts.map((host) => Number(/:(\d+)$/.exec(host)?.[1] ?? 5432));
}

/** True when the URL goes to a transaction-mode pooler, where session state and prepared statements do not last. */
export function throughTransactionPooler(databaseUrl: string): boolean {
  return databasePorts(databaseUrl).includes(transactionPoolerPort);
}
