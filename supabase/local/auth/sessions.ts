import type { Queryable, Sql } from "../../../shared/db/client.ts";
import { authIssuer, type SigningKey, signToken } from "../stack/signing-key.ts";
import { AuthApiError } from "./responses.ts";
import type { AuthSettings } from "./settings.ts";
import { findUserById, instanceId, isBanned, userJson, type UserRow } from "./user-records.ts";

/** GoTrue's names for how a session was signed in to (its `amr` entries). */
export type AuthenticationMethod = "password" | "otp" | "magiclink" | "email/signup" | "recovery" | "invite";

/** GoTrue's refresh tokens (the format it still accepts): 12 lower-case letters and digits, random. */
function newRefreshToken(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let token = "";
  while (token.length < 12) {
    // 256 is not a multiple of 36: bytes from 252 up are skipped, so that no character is likelier than another.
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 252 && token.length < 12) token += alphabet[byte % 36];
    }
  }
  return token;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  updated_at: Date;
}

async function insertRefreshToken(sql: Queryable, userId: string, sessionId: string, parent: string | null) {
  const [row] = await sql<RefreshTokenRow[]>`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values (${instanceId}, ${newRefreshToken()}, ${userId}, false, now(), now(), ${parent}, ${sessionId})
    returning id, token, revoked, parent, session_id, updated_at`;
  return row;
}

/** The access token GoTrue signs: its claims from the user row and the session's aal and amr. */
async function accessToken(sql: Queryable, key: SigningKey, settings: AuthSettings, user: UserRow, sessionId: string) {
  const amr = await sql<{ method: string; timestamp: number }[]>`
    select authentication_method as method, extract(epoch from updated_at)::bigint::int as timestamp
    from auth.mfa_amr_claims where session_id = ${sessionId} order by updated_at desc`;
  const [session] = await sql<{ aal: string | null }[]>`select aal from auth.sessions where id = ${sessionId}`;
  const claims = {
    iss: authIssuer(settings.apiUrl),
    aud: user.aud,
    sub: user.id,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal: session?.aal ?? "aal1",
    amr: amr.map((entry) => ({ method: entry.method, timestamp: entry.timestamp })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  return await signToken(key, claims, settings.accessTokenSeconds);
}

/** GoTrue's AccessTokenResponse: the session supabase-js stores. */
async function sessionResponse(
  sql: Queryable,
  key: SigningKey,
  settings: AuthSettings,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
) {
  const token = await accessToken(sql, key, settings, user, sessionId);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: settings.accessTokenSeconds,
    expires_at: Math.floor(Date.now() / 1000) + settings.accessTokenSeconds,
    refresh_token: refreshToken,
    user: await userJson(sql, user),
  };
}

export type SessionResponse = Awaited<ReturnType<typeof sessionResponse>>;

/** A new session (auth.sessions, its first refresh token, its amr claim), as GoTrue's sign-ins make. */
export async function startSession(
  sql: Sql,
  key: SigningKey,
  settings: AuthSettings,
  user: UserRow,
  method: AuthenticationMethod,
  request: Request,
): Promise<SessionResponse> {
  return await sql.begin(async (transaction) => {
    const sessionId = crypto.randomUUID();
    await transaction`
      insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent)
      values (${sessionId}, ${user.id}, now(), now(), 'aal1', ${request.headers.get("user-agent")})`;
    const refreshToken = await insertRefreshToken(transaction, user.id, sessionId, null);
    await transaction`
      insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
      values (${sessionId}, now(), now(), ${method}, ${crypto.randomUUID()})
      on conflict (session_id, authentication_method) do update set updated_at = now()`;
    const [signedIn] = await transaction<UserRow[]>`
      update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${user.id} returning *`;
    return await sessionResponse(transaction, key, settings, signedIn, sessionId, refreshToken.token);
  });
}

const refreshTokenNotFound = () =>
  new AuthApiError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");

/**
 * GoTrue's refresh_token grant: the token is swapped for a new one (the old one revoked); a revoked token is
 * accepted again only as the parent of the session's active token (that one is returned) or within the reuse
 * interval; past it, the whole session's tokens are revoked and the answer is refresh_token_already_used.
 */
export async function refreshSession(
  sql: Sql,
  key: SigningKey,
  settings: AuthSettings,
  refreshToken: string,
): Promise<SessionResponse> {
  if (refreshToken.length !== 12 || !/^[a-z0-9]{12}$/.test(refreshToken)) {
    // GoTrue also takes a longer, signed form (its refresh token algorithm v2), which it must parse first.
    throw new AuthApiError(400, "validation_failed", "Refresh token is not valid");
  }
  let alreadyUsed = false;
  const response = await sql.begin(async (transaction) => {
    const [token] = await transaction<RefreshTokenRow[]>`
      select id, token, revoked, parent, session_id, updated_at from auth.refresh_tokens
      where token = ${refreshToken} for update`;
    if (!token) throw refreshTokenNotFound();
    const [session] = await transaction<{ user_id: string; not_after: Date | null }[]>`
      select user_id, not_after from auth.sessions where id = ${token.session_id} for update`;
    if (!session) {
      throw new AuthApiError(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found");
    }
    const user = await findUserById(transaction, session.user_id);
    if (!user) throw refreshTokenNotFound();
    if (isBanned(user)) throw new AuthApiError(400, "user_banned", "Invalid Refresh Token: User Banned");
    if (session.not_after && session.not_after.getTime() < Date.now()) {
      throw new AuthApiError(400, "session_expired", "Invalid Refresh Token: Session Expired");
    }
    let issued: string | undefined;
    if (token.revoked) {
      const [active] = await transaction<RefreshTokenRow[]>`
        select id, token, revoked, parent, session_id, updated_at from auth.refresh_tokens
        where session_id = ${token.session_id} and not revoked order by id desc limit 1`;
      if (active && active.parent === token.token) {
        // The client lost the answer to its last refresh: it gets that answer's token again.
        issued = active.token;
      } else if (Date.now() > token.updated_at.getTime() + settings.refreshTokenReuseSeconds * 1000) {
        await transaction`
          update auth.refresh_tokens set revoked = true, updated_at = now()
          where session_id = ${token.session_id} and not revoked`;
        alreadyUsed = true;
        return undefined;
      }
    }
    if (!issued) {
      issued = (await insertRefreshToken(transaction, user.id, token.session_id, token.token)).token;
      await transaction`update auth.refresh_tokens set revoked = true, updated_at = now()
        where id = ${token.id} and not revoked`;
    }
    await transaction`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now()
      where id = ${token.session_id}`;
    return await sessionResponse(transaction, key, settings, user, token.session_id, issued);
  });
  // Outside the transaction, so the revocation of the session's tokens is committed, as GoTrue commits it.
  if (alreadyUsed || !response) {
    throw new AuthApiError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
  }
  return response;
}

/** GoTrue's /logout scopes: global ends every session of the user, local this one, others all but this one. */
export async function endSessions(
  sql: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: "global" | "local" | "others",
) {
  // Deleting a session deletes its refresh tokens (on delete cascade), as GoTrue's sign-out does.
  if (scope === "global") await sql`delete from auth.sessions where user_id = ${userId}`;
  else if (scope === "local") await sql`delete from auth.sessions where id = ${sessionId ?? null}`;
  else await sql`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId ?? null}`;
}
