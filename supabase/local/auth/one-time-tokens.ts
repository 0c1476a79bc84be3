import { createHash } from "node:crypto";
import type { Queryable } from "../../../shared/db/client.ts";
import type { Mailbox } from "./mailbox.ts";
import type { AuthSettings } from "./settings.ts";
import type { UserRow } from "./user-records.ts";

/** What an emailed code or link does: GoTrue's verification types for email. */
export type EmailAction = "signup" | "invite" | "magiclink" | "recovery";

/** GoTrue's token hash: hex SHA-224 of the email and the code, kept instead of the code. */
export function tokenHash(email: string, code: string): string {
  return createHash("sha224").update(email + code).digest("hex");
}

/** A 6-digit code, GoTrue's default length. */
function newCode(): string {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return String(value % 1_000_000).padStart(6, "0");
}

/** Signup and invite codes live in confirmation_token, magic link and recovery codes in recovery_token. */
const column = (action: EmailAction) => action === "signup" || action === "invite" ? "confirmation" : "recovery";

/** GoTrue's prefix on a stored token whose link belongs to a PKCE flow. */
export const pkcePrefix = "pkce_";

/**
 * A new code for the user (replacing the one of its kind): its hash in auth.users and auth.one_time_tokens, as
 * GoTrue keeps it (prefixed pkce_ for a PKCE flow). Returns the code and the stored hash that the link carries.
 */
export async function issueCode(sql: Queryable, user: UserRow, action: EmailAction, pkce = false) {
  const code = newCode();
  const hash = (pkce ? pkcePrefix : "") + tokenHash(user.email, code);
  const kind = column(action);
  if (kind === "confirmation") {
    await sql`update auth.users set confirmation_token = ${hash}, confirmation_sent_at = now(), updated_at = now()
      ${action === "invite" ? sql`, invited_at = now()` : sql``} where id = ${user.id}`;
  } else {
    await sql`update auth.users set recovery_token = ${hash}, recovery_sent_at = now(), updated_at = now()
      where id = ${user.id}`;
  }
  await sql`
    insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
    values (${crypto.randomUUID()}, ${user.id}, ${`${kind}_token`}, ${hash}, ${user.email}, now(), now())
    on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
      created_at = excluded.created_at, updated_at = excluded.updated_at`;
  return { code, hash };
}

/**
 * The user whose code (with the email) or link hash matches, within the codes' lifetime, for the given type
 * (`email` matches either column, as GoTrue's does); the code is used up.
 */
export async function redeemCode(
  sql: Queryable,
  settings: AuthSettings,
  type: EmailAction | "email",
  match: { email: string; code: string } | { hash: string },
): Promise<UserRow | undefined> {
  const kinds = type === "email" ? ["confirmation", "recovery"] : [column(type)];
  for (const kind of kinds) {
    // A code matches its hash with or without the PKCE prefix (the code is typed in, the link not opened).
    const hashes = "hash" in match
      ? [match.hash]
      : [tokenHash(match.email, match.code), pkcePrefix + tokenHash(match.email, match.code)];
    const emailCondition = "email" in match ? sql`and email = ${match.email}` : sql``;
    const [user] = kind === "confirmation"
      ? await sql<UserRow[]>`
        update auth.users set confirmation_token = '', updated_at = now()
        where confirmation_token in ${sql(hashes)} ${emailCondition}
          and confirmation_sent_at > now() - make_interval(secs => ${settings.otpSeconds}) and deleted_at is null
        returning *`
      : await sql<UserRow[]>`
        update auth.users set recovery_token = '', updated_at = now()
        where recovery_token in ${sql(hashes)} ${emailCondition}
          and recovery_sent_at > now() - make_interval(secs => ${settings.otpSeconds}) and deleted_at is null
        returning *`;
    if (user) {
      await sql`delete from auth.one_time_tokens where user_id = ${user.id} and token_type = ${`${kind}_token`}`;
      return user;
    }
  }
  return undefined;
}

const subjects: Record<EmailAction, string> = {
  signup: "Confirm Your Signup",
  invite: "You have been invited",
  magiclink: "Your Magic Link",
  recovery: "Reset Your Password",
};

const lead: Record<EmailAction, string> = {
  signup: "Follow this link to confirm your user:",
  invite: "You have been invited to create a user. Follow this link to accept the invite:",
  magiclink: "Follow this link to login:",
  recovery: "Follow this link to reset the password for your user:",
};

/** The link an email carries: the stand-in's /verify with the token hash, as GoTrue's {{ .ConfirmationURL }}. */
export function verifyLink(settings: AuthSettings, hash: string, action: EmailAction, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type: action, redirect_to: redirectTo });
  return `${settings.apiUrl}/auth/v1/verify?${query}`;
}

/** Sends the email of GoTrue's template for the action: its link and its code, into the local mailbox. */
export async function sendCodeEmail(
  mailbox: Mailbox,
  settings: AuthSettings,
  user: UserRow,
  action: EmailAction,
  issued: { code: string; hash: string },
  redirectTo: string,
) {
  const link = verifyLink(settings, issued.hash, action, redirectTo);
  const text = `${subjects[action]}\n\n${lead[action]}\n${link}\n\nAlternatively, enter the code: ${issued.code}\n`;
  const escapedLink = link.replaceAll("&", "&amp;");
  const html = `<h2>${subjects[action]}</h2><p>${lead[action]}</p><p><a href="${escapedLink}">${
    subjects[action]
  }</a></p><p>Alternatively, enter the code: <strong>${issued.code}</strong></p>`;
  const kind = action === "signup" ? "confirmation" : action;
  return await mailbox.deliver({ to: user.email, subject: subjects[action], kind, text, html });
}

/**
 * Where a link may send the browser: the site URL, or an address on this machine (GoTrue checks an allow list,
 * `supabase start` allows the site URL and its additional_redirect_urls); anything else falls back to the site URL.
 */
export function allowedRedirect(settings: AuthSettings, redirectTo: string | null | undefined): string {
  if (!redirectTo) return settings.siteUrl;
  try {
    const url = new URL(redirectTo);
    const local = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    if (
      (url.protocol === "http:" || url.protocol === "https:") &&
      (local || url.origin === new URL(settings.siteUrl).origin)
    ) {
      return url.href;
    }
  } catch {
    // not a URL: the site URL, below
  }
  return settings.siteUrl;
}
