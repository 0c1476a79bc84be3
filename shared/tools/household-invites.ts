// Invite links as objects (issue 26): an owner lists the household's invites and revokes one.
// (household.create_invite and household.join are in household.ts.)
import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { idField, pageFields } from "./fields.ts";
import { householdInviteDocs } from "./docs/household-invites.ts";
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
});

/** What a describer may know besides the input: the invite's first characters and its household's name. */
export interface InviteNames {
  codePrefix?: string;
  householdName?: string;
}

/** household.revoke_invite in words: "Revoke the invite link abc123… to "Smith family"". Never the invite's id. */
export function describeRevokeInvite(_input: { invite_id: string }, names: InviteNames = {}): string {
  const link = names.codePrefix ? `the invite link ${names.codePrefix}…` : "an invite link";
  return names.householdName ? `Revoke ${link} to "${names.householdName}"` : `Revoke ${link}`;
}

/** household.create_invite in words: "Create an invite link to "Smith family", valid for 7 days, for 1 person". */
export function describeCreateInvite(
  input: { expires_in_days?: number; max_uses?: number },
  names: InviteNames = {},
): string {
  const days = input.expires_in_days ?? 7;
  const target = names.householdName ? ` to "${names.householdName}"` : "";
  const uses = input.max_uses === undefined
    ? ""
    : `, for ${input.max_uses} ${input.max_uses === 1 ? "person" : "people"}`;
  return `Create an invite link${target}, valid for ${days} ${days === 1 ? "day" : "days"}${uses}`;
}

export const householdInviteTools = [listInvites, revokeInvite];
