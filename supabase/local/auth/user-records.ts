import type { Queryable } from "../../../shared/db/client.ts";
import { AuthApiError, validationFailed } from "./responses.ts";

/** The auth.users columns the stand-in reads, as GoTrue names them. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

/** GoTrue's zero instance id, which it writes in every row that has the column. */
export const instanceId = "00000000-0000-0000-0000-000000000000";

/** An email as GoTrue keeps it (trimmed, lower case), or its validation error. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (normalized === "") throw validationFailed("An email address is required");
  if (normalized.length > 255 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) {
    throw new AuthApiError(400, "email_address_invalid", `Email address "${email}" is invalid`);
  }
  return normalized;
}

export async function findUserByEmail(sql: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await sql<UserRow[]>`
    select * from auth.users where email = ${email} and not is_sso_user and deleted_at is null`;
  return user;
}

export async function findUserById(sql: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await sql<UserRow[]>`select * from auth.users where id = ${id} and deleted_at is null`;
  return user;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/**
 * A new email user as GoTrue writes one: app_metadata {provider, providers}, the identity's data merged into
 * user_metadata, and its `email` identity whose provider_id is the user's id.
 */
export async function insertEmailUser(sql: Queryable, options: {
  email: string;
  encryptedPassword: string | null;
  userMetadata: Record<string, unknown>;
  confirmed: boolean;
  invited?: boolean;
}): Promise<UserRow> {
  const id = crypto.randomUUID();
  const identityData = { sub: id, email: options.email, email_verified: false, phone_verified: false };
  const [user] = await sql<UserRow[]>`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
      confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data,
      is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
    values (${instanceId}, ${id}, 'authenticated', 'authenticated', ${options.email}, ${options.encryptedPassword},
      ${options.confirmed ? sql`now()` : null}, ${options.invited ? sql`now()` : null}, '', '', '', '',
      ${sql.json({ provider: "email", providers: ["email"] })},
      ${sql.json({ ...options.userMetadata, ...identityData } as never)}, null, now(), now(), false, false)
    returning *`;
  await sql`
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (${id}, ${id}, ${sql.json(identityData)}, 'email', now(), now(), now())`;
  if (options.confirmed) return await markEmailVerified(sql, user.id);
  return user;
}

/** Confirms the email (once) and sets email_verified in the identity and the user's metadata, as GoTrue does. */
export async function markEmailVerified(sql: Queryable, userId: string): Promise<UserRow> {
  await sql`
    update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
    where user_id = ${userId} and provider = 'email'`;
  const [user] = await sql<UserRow[]>`
    update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
      raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}', updated_at = now()
    where id = ${userId} returning *`;
  return user;
}

export async function recordSignIn(sql: Queryable, userId: string): Promise<UserRow> {
  await sql`update auth.identities set last_sign_in_at = now(), updated_at = now()
    where user_id = ${userId} and provider = 'email'`;
  const [user] = await sql<UserRow[]>`
    update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${userId} returning *`;
  return user;
}

/** The user as GoTrue's JSON shows it (tokens and the password hash never shown; unset times left out). */
export async function userJson(sql: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const identities = await sql<IdentityRow[]>`
    select * from auth.identities where user_id = ${user.id} order by created_at`;
  const optional = (name: string, value: Date | null) => (value ? { [name]: value } : {});
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    ...optional("email_confirmed_at", user.email_confirmed_at),
    ...optional("invited_at", user.invited_at),
    phone: user.phone ?? "",
    ...optional("confirmation_sent_at", user.confirmation_sent_at),
    ...optional("confirmed_at", user.email_confirmed_at),
    ...optional("recovery_sent_at", user.recovery_sent_at),
    ...optional("last_sign_in_at", user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      ...optional("last_sign_in_at", identity.last_sign_in_at),
      created_at: identity.created_at,
      updated_at: identity.updated_at,
      ...(identity.email ? { email: identity.email } : {}),
    })),
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: user.is_anonymous,
  };
}
