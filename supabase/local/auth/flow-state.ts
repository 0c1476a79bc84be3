import { createHash } from "node:crypto";
import type { Queryable } from "../../../shared/db/client.ts";
import { AuthApiError, stringField, validationFailed } from "./responses.ts";
import type { EmailAction } from "./one-time-tokens.ts";
import type { AuthenticationMethod } from "./sessions.ts";

/** How a link of each kind signs in, in GoTrue's names (a flow state's authentication_method). */
export const methodOf: Record<EmailAction, AuthenticationMethod> = {
  signup: "email/signup",
  invite: "invite",
  magiclink: "magiclink",
  recovery: "recovery",
};

/** GoTrue's PKCE: an email's link ends in `?code=<auth code>`, which the client trades with its code verifier. */
export interface CodeChallenge {
  challenge: string;
  method: "s256" | "plain";
}

/** How long a flow state's auth code can be traded (GoTrue's flow_state_expiry_duration, 300 s). */
const flowStateSeconds = 300;

/** The code challenge of a request body (supabase-js sends one with flowType "pkce"), or undefined. */
export function codeChallenge(body: Record<string, unknown>): CodeChallenge | undefined {
  const challenge = stringField(body, "code_challenge");
  const method = stringField(body, "code_challenge_method").toLowerCase();
  if (!challenge && !method) return undefined;
  if (!challenge || !method) throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  if (method !== "s256" && method !== "plain") throw validationFailed("code challenge method not supported");
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw validationFailed(
      "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
    );
  }
  return { challenge, method };
}

/** A flow state row as GoTrue's generateFlowState writes it, for the user and the way the link will sign in. */
export async function saveFlowState(
  sql: Queryable,
  userId: string,
  method: AuthenticationMethod,
  challenge: CodeChallenge,
): Promise<void> {
  await sql`
    insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
      provider_access_token, provider_refresh_token, created_at, updated_at, authentication_method)
    values (${crypto.randomUUID()}, ${userId}, ${crypto.randomUUID()}, ${challenge.method}, ${challenge.challenge},
      ${method}, '', '', now(), now(), ${method})`;
}

/** The auth code of the user's latest flow state for the method, marked issued (GoTrue's issueAuthCode). */
export async function issueAuthCode(sql: Queryable, userId: string, method: AuthenticationMethod): Promise<string> {
  const [flow] = await sql<{ auth_code: string }[]>`
    update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
    where id = (select id from auth.flow_state where user_id = ${userId} and authentication_method = ${method}
                order by created_at desc limit 1)
    returning auth_code`;
  if (!flow) {
    throw new AuthApiError(
      400,
      "flow_state_not_found",
      "No associated flow state found. No valid flow state found for user.",
    );
  }
  return flow.auth_code;
}

function challengeOf(verifier: string, method: CodeChallenge["method"]): string {
  return method === "plain" ? verifier : createHash("sha256").update(verifier).digest("base64url");
}

/**
 * POST /token?grant_type=pkce {auth_code, code_verifier}: the flow state's user and how it signed in, once; the
 * flow state is deleted. GoTrue's errors for a missing, expired or unmatched one.
 */
export async function redeemAuthCode(
  sql: Queryable,
  authCode: string,
  codeVerifier: string,
): Promise<{ userId: string; method: AuthenticationMethod }> {
  if (!authCode || !codeVerifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const [flow] = await sql<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: CodeChallenge["method"];
    authentication_method: AuthenticationMethod;
    expired: boolean;
  }[]>`
    select id, user_id, code_challenge, code_challenge_method::text as code_challenge_method, authentication_method,
      (case when authentication_method = 'magiclink' and auth_code_issued_at is not null then auth_code_issued_at
            else created_at end) < now() - make_interval(secs => ${flowStateSeconds}) as expired
    from auth.flow_state where auth_code = ${authCode} for update`;
  if (!flow || !flow.user_id) {
    throw new AuthApiError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
  }
  if (flow.expired) throw new AuthApiError(403, "flow_state_expired", "invalid flow state, flow state has expired");
  if (challengeOf(codeVerifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw new AuthApiError(403, "bad_code_verifier", "code challenge does not match previously saved code verifier");
  }
  await sql`delete from auth.flow_state where id = ${flow.id}`;
  return { userId: flow.user_id, method: flow.authentication_method };
}
