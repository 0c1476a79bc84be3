import type postgres from "postgres";
import { type AccessTokenClaims, type AccessTokenVerifier, bearerToken } from "../../../shared/auth/access-token.ts";
import { AppError } from "../../../shared/errors.ts";
import { accessDenied, duplicate, rowLevelSecurity } from "./storage-error.ts";

export type Sql = postgres.Sql;
export type Transaction = postgres.TransactionSql;

/** Who is calling: the verified claims of the request's token and the database role they name. */
export interface Caller {
  token: string;
  claims: AccessTokenClaims;
  role: "anon" | "authenticated" | "service_role";
}

const roles = new Set(["anon", "authenticated", "service_role"]);

/**
 * The caller of a request, from its bearer token (a user's access token or an API key), verified against the
 * stack's keys as everywhere else in the stack. Storage refuses a request without a valid token, and a token whose
 * role is not one of the API roles.
 */
export async function callerOf(request: Request, verify: AccessTokenVerifier): Promise<Caller> {
  let token: string | undefined;
  try {
    token = bearerToken(request);
  } catch (error) {
    if (error instanceof AppError) throw accessDenied(error.message);
    throw error;
  }
  if (!token) throw accessDenied("Access denied: no access token in the Authorization header");
  let claims: AccessTokenClaims;
  try {
    claims = await verify(token);
  } catch (error) {
    if (error instanceof AppError) throw accessDenied(error.message);
    throw error;
  }
  if (typeof claims.role !== "string" || !roles.has(claims.role)) throw accessDenied("Access denied: Invalid role");
  return { token, claims, role: claims.role as Caller["role"] };
}

/**
 * Runs `work` in one transaction as the caller, as the Storage server scopes each request: the caller's role and
 * JWT claims set transaction-locally, so the policies on storage.objects decide what each statement sees and may
 * change; and storage.allow_delete_query on, which only the Storage server's own statements have. A refusal by a
 * policy or a unique name becomes Storage's error.
 */
export async function asCaller<T>(
  sql: Sql,
  caller: Caller,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await sql.begin(async (transaction) => {
      await transaction`
        select set_config('role', ${caller.role}, true),
          set_config('request.jwt.claim.role', ${caller.role}, true),
          set_config('request.jwt', ${caller.token}, true),
          set_config('request.jwt.claim.sub', ${caller.claims.sub ?? ""}, true),
          set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
          set_config('storage.allow_delete_query', 'true', true)`;
      return await work(transaction);
    }) as T;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "42501") {
      throw String((error as Error).message).includes("row-level security")
        ? rowLevelSecurity()
        : accessDenied((error as Error).message);
    }
    if (code === "23505") throw duplicate();
    throw error;
  }
}
