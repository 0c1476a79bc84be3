// The one thing the API answers without a signed-in user: what an invite link opens, so that its sign-up page can
// say "Join The Smiths — Alice invited you" before the person has an account. Not a tool: every tool runs as a
// user (design §4); this route runs one definer function (private.read_invite_anonymously) that answers only the
// household's name and the inviter's display name, for a code that would let someone join now.
import * as z from "zod";
import type { Queryable } from "../db/client.ts";
import { databaseErrorToAppError } from "../db/sql-errors.ts";
import { AppError } from "../errors.ts";
import { inviteCodeField } from "../tools/household/invites.ts";
import { requiredFieldMessages, validationError } from "../tools/validation-error.ts";
import { okResponse } from "./envelope.ts";
import { readJsonBody } from "./read-json-body.ts";
import type { Route } from "./router.ts";

export const inviteReadPath = "/household/public/invite";

/** A code and nothing else: a body bigger than this is not a code. */
const maxBodyBytes = 1024;

const InviteReadInput = z.strictObject({ code: inviteCodeField });

export interface InviteRead {
  household_name: string;
  invited_by: string | null;
}

type Reply = InviteRead | { refused: "not_found" } | { refused: "rate_limited"; retry_after_seconds: number };

/**
 * Who is asking, for the limit on failed reads: the first address of X-Forwarded-For, the client's as proxies add
 * it. A caller can put its own addresses in front (and locally nothing sets the header), so it is a courtesy that
 * keeps one person's typos from refusing others, not the guard: the database also caps failures in all.
 */
export function callerAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded ? forwarded.slice(0, 64) : "unknown";
}

/** The same words for a code that never existed, was revoked, expired or is used up: a reply never says which. */
export const inviteNotFoundMessage = "This invite link does not work: it may be mistyped, revoked, expired or " +
  "used up. Ask whoever sent it for a new one.";

export function inviteReadRoute(sql: () => Queryable): Route {
  return {
    method: "POST",
    path: inviteReadPath,
    handle: async ({ request }) => {
      const parsed = InviteReadInput.safeParse(await readJsonBody(request, maxBodyBytes), {
        error: requiredFieldMessages,
      });
      if (!parsed.success) throw validationError(parsed.error.issues);
      let reply: Reply;
      try {
        const database = sql();
        const rows = await database<{ reply: Reply }[]>`
          select private.read_invite_anonymously(${parsed.data.code}, ${callerAddress(request)}) as reply`;
        reply = rows[0].reply;
      } catch (error) {
        throw databaseErrorToAppError(error);
      }
      if ("refused" in reply) {
        if (reply.refused === "rate_limited") {
          throw new AppError("RATE_LIMITED", "Too many invite links that do not work were tried. Try again later.", {
            retryAfterSeconds: reply.retry_after_seconds,
          });
        }
        throw new AppError("NOT_FOUND", inviteNotFoundMessage, { field: "code" });
      }
      return okResponse({ household_name: reply.household_name, invited_by: reply.invited_by });
    },
  };
}
