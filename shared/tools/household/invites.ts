// Invite links as objects: an owner lists the household's invites and revokes one.
// (household.create_invite and household.join are in household.ts.)
import { z } from "zod";
import { defineTool } from "../define-tool.ts";
import { idField, pageFields } from "../fields.ts";
import { householdInviteDocs } from "./docs-invites.ts";
import { HouseholdListInvitesResult, HouseholdRevokeInviteResult } from "./results.ts";

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

export const householdInviteTools = [listInvites, revokeInvite];
