import type postgres from "postgres";
import type { Sql } from "../../../shared/db/client.ts";
import type { AccessTokenClaims } from "../../../shared/auth/access-token.ts";

/** Who joins a channel: what Realtime sets before it runs the policies of realtime.messages as that user. */
export interface AuthorizationContext {
  topic: string;
  claims: AccessTokenClaims;
}

// The roles a Supabase token carries. Realtime takes the token's role as the database role; a token signed by
// the project could name another, and the stand-in, which connects as a superuser, does not let it.
const tokenRoles = new Set(["anon", "authenticated", "service_role"]);

export function isTokenRole(role: unknown): boolean {
  return typeof role === "string" && tokenRoles.has(role);
}

class Rollback extends Error {}

/** What Realtime sets before probing realtime.messages: the role, the topic and the claims, for the transaction. */
async function actAs(transaction: postgres.TransactionSql, context: AuthorizationContext): Promise<void> {
  const role = String(context.claims.role);
  if (!isTokenRole(role)) throw new Error("a token's role must be anon, authenticated or service_role");
  await transaction`select
    set_config('role', ${role}, true),
    set_config('realtime.topic', ${context.topic}, true),
    set_config('request.jwt.claims', ${JSON.stringify(context.claims)}, true),
    set_config('request.jwt.claim.sub', ${context.claims.sub ?? ""}, true),
    set_config('request.jwt.claim.role', ${role}, true),
    set_config('request.headers', '{}', true)`;
}

/** Runs the probe in a transaction that is always rolled back, as Realtime does: nothing it writes is kept. */
async function inRolledBackTransaction<T>(
  sql: Sql,
  probe: (transaction: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  try {
    await sql.begin(async (transaction) => {
      result = await probe(transaction);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result as T;
}

/**
 * May the user receive broadcasts on the topic? As supabase/realtime's Authorization.get_read_authorizations:
 * a broadcast row for the topic is inserted (as the stand-in's own role), then selected as the user with the
 * user's claims and realtime.topic set; the user may read when the SELECT policies let the row through.
 */
export function canReceive(sql: Sql, context: AuthorizationContext): Promise<boolean> {
  return inRolledBackTransaction(sql, async (transaction) => {
    const id = crypto.randomUUID();
    await transaction`insert into realtime.messages (id, topic, extension) values (${id}, ${context.topic}, 'broadcast')`;
    await actAs(transaction, context);
    const rows = await transaction`select id from realtime.messages where id = ${id}`;
    return rows.length === 1;
  });
}

/**
 * May the user send broadcasts on the topic? As get_write_authorizations: an insert as the user, which the
 * INSERT policies must let through; refused by row-level security means no.
 */
export function canSend(sql: Sql, context: AuthorizationContext): Promise<boolean> {
  return inRolledBackTransaction(sql, async (transaction) => {
    await actAs(transaction, context);
    try {
      await transaction.savepoint((savepoint) =>
        savepoint`insert into realtime.messages (topic, extension) values (${context.topic}, 'broadcast')`
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === "42501") return false;
      throw error;
    }
  });
}
