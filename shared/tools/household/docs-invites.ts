// Prose for the invite-link tools: listing and revoking a household's invites.
import { idExample, toolDoc } from "../docs/tool-doc.ts";

const listInvitesSummary = `Lists the household's invite links, newest first, with each one's code, expiry, uses
and status (active, expired, revoked, used_up). Owners only.`;
const revokeInviteSummary = `Revokes one invite link of the household (owners only): its code no longer lets anyone
join; those who joined with it stay. Needs the user's confirmation.`;
const previewInviteSummary = `Says what an invite link opens before joining: the household's name and the display
name of who made the link. Any signed-in user holding a valid code, member or not.`;

export const householdInviteDocs = {
  listInvites: {
    description: "List the household's invite links with their state (owners only).",
    summary: listInvitesSummary,
    doc: toolDoc("household.list_invites", listInvitesSummary, {
      Preconditions: "- The caller is an owner of the household. The input is a page: `limit` (1–100, 20 when " +
        "absent) and `cursor` (the previous page's next_cursor).",
      Postconditions: "- Nothing changes. Returns `{ household_id, household_name, invites: [{ invite_id, code, " +
        "created_at, created_by, expires_at, max_uses, use_count, revoked_at, status }], next_cursor }`, newest " +
        "first. status is revoked, else expired, else used_up, else active.",
      Invariants: "- Only owners see codes: a code lets whoever holds it join.",
      "Failure Modes": "- **PERMISSION_DENIED**: the caller is a member but not an owner.\n" +
        "- **VALIDATION_ERROR**: limit outside 1–100, a cursor this tool did not return, or any other field.",
      Examples: "### Example 1\n```json\n{}\n```",
      "Common Mistakes": "- ❌ Showing the codes to members who are not owners: share a link, not the list.",
    }),
  },
  revokeInvite: {
    description: "Revoke an invite link of the household so that its code no longer works (owners only).",
    summary: revokeInviteSummary,
    doc: toolDoc("household.revoke_invite", revokeInviteSummary, {
      Preconditions: "- The caller is an owner of the household; invite_id is one of its invites " +
        "(household.list_invites).",
      Postconditions: "- The invite is revoked: household.join with its code, or a sign-up carrying it, is refused " +
        "(CONFLICT naming the revoke; the sign-up gets a household of its own). Members who joined with it stay.\n" +
        "- Returns `{ invite_id, household_id, household_name, code_prefix, expires_at, use_count, revoked_at, " +
        "revoked_by, already_revoked, message }`: never the code, only its first six characters (every member " +
        "reads the history).\n" +
        "- Revoking a revoked invite changes nothing (already_revoked: true).\n" +
        "- Undo (history.undo, an owner): the invite works again until its expiry, exactly as before (a revoked " +
        "invite does not count against the 20 live ones; the undo is refused when the household has 20 live " +
        "invites again). Undoing that revokes it again, with its first revoke time.",
      Invariants: "- A revoke never removes a member and never deletes the invite row.",
      "Failure Modes": "- **PERMISSION_DENIED**: the caller is a member but not an owner.\n" +
        "- **NOT_FOUND** (field invite_id): no such invite in this household.\n" +
        "- **VALIDATION_ERROR** (field invite_id): not a UUID.",
      Examples: idExample("invite_id", "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f"),
      "Common Mistakes": "- ❌ Removing the members who joined: revoke stops new joins only; use " +
        "household.remove_member for a member.",
    }),
  },
  previewInvite: {
    description: "Name the household an invite code opens, and who invited, without joining.",
    summary: previewInviteSummary,
    doc: toolDoc("household.preview_invite", previewInviteSummary, {
      Preconditions: "- A signed-in user (in any household or none) with the code from an invite link.",
      Postconditions: "- Nothing changes. Returns `{ household_name, invited_by, expires_at, already_member }`: " +
        "invited_by is the display name of the owner who made the link (null when they set none; never an " +
        "email, as the caller is not a member yet).",
      Invariants: "- Only a code that household.join would accept now is answered. No limit on tries: a code is " +
        "43 characters from 32 random bytes (244 bits), so guessing one is hopeless, and whoever holds a valid " +
        "code may join, which tells them more.",
      "Failure Modes": "- **NOT_FOUND** (field code): no such code.\n" +
        "- **CONFLICT** (field code): revoked, expired or used up, in words, as household.join says.",
      Examples: '### Example 1\n```json\n{ "code": "q7Yc0b2nK4tW8xZ1aB3dE5fG7hJ9kL0mN2pR4sT6uV8" }\n```',
      "Common Mistakes": "- ❌ Calling household.join to find out where a link leads: it joins.",
    }),
  },
};
