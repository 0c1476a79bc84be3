// Invite links as objects: an owner lists the household's invites and revokes one.
// (household.create_invite and household.join are in household.ts.)
import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { idField, pageFields } from "../fields.ts";
import { householdInviteDocs } from "./docs-invites.ts";
import { HouseholdListInvitesResult, HouseholdPreviewInviteResult, HouseholdRevokeInviteResult } from "./results.ts";

export const listInvites = defineTool({
  name: "household.list_invites",
  ...householdInviteDocs.listInvites,
  effect: "read",
  inputSchema: z.strictObject(pageFields(20)),
  outputSchema: HouseholdListInvitesResult,
});

// Medium: it closes the household to new members, and undo opens it again.
export const revokeInvite = defineTool({
  name: "household.revoke_invite",
  ...householdInviteDocs.revokeInvite,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ invite_id: idField("The invite to revoke (invite_id from household.list_invites).") }),
  outputSchema: HouseholdRevokeInviteResult,
  describe: (input, names) => describeRevokeInvite(input, names.household()),
});

/** household.revoke_invite in words: "Revoke an invite link to The Smiths". Never the invite's id or code. */
export function describeRevokeInvite(_input: { invite_id: string }, householdName: string): string {
  return `Revoke an invite link to ${householdName}`;
}

/** household.create_invite in words: "Create an invite link to The Smiths, valid for 7 days, for 1 person". */
export function describeCreateInvite(
  input: { expires_in_days?: number; max_uses?: number },
  householdName: string,
): string {
  const days = input.expires_in_days ?? 7;
  const uses = input.max_uses === undefined
    ? ""
    : `, for ${input.max_uses} ${input.max_uses === 1 ? "person" : "people"}`;
  return `Create an invite link to ${householdName}, valid for ${days} ${days === 1 ? "day" : "days"}${uses}`;
}

/** An invite code as household.join and household.preview_invite take it. */
export const inviteCodeField = z.string()
  .trim()
  .min(8, { error: "must be an invite code of 8 to 64 characters" })
  .max(64, { error: "must be an invite code of 8 to 64 characters" })
  .regex(/^[\x21-\x7e]+$/, { error: "must be an invite code without spaces" })
  .describe("The invite code an owner shared (from household.create_invite), 8–64 characters.");

// User scope: whoever holds the link is not a member yet. The code is checked as household.join checks it.
export const previewInvite = defineTool({
  name: "household.preview_invite",
  ...householdInviteDocs.previewInvite,
  effect: "read",
  scope: "user",
  inputSchema: z.strictObject({ code: inviteCodeField }),
  outputSchema: HouseholdPreviewInviteResult,
});

export const householdInviteTools = [listInvites, revokeInvite, previewInvite];
