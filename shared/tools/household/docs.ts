// Prose for the household tools: description (provider schemas), summary (system prompts), doc (on request).
import { toolDoc } from "../docs/tool-doc.ts";

const getSummary = `Lists the households the caller belongs to, with each one's members and the caller's role
(owner or member). Use an id from here as X-Household-Id when the caller has several.`;
const createInviteSummary = `Creates an invite link's code for the household (owners only), valid for 1–30 days
(7 when not given), optionally for a number of uses. Whoever joins with it becomes a member. Needs the user's
confirmation.`;
const joinSummary = `Joins the household of an invite code as a member. Joining a household you are
already in changes nothing. Needs the user's confirmation.`;

export const householdDocs = {
  get: {
    description: "List the caller's households, their members and the caller's role in each.",
    summary: getSummary,
    doc: toolDoc("household.get", getSummary, {
      Preconditions: "- A signed-in user. No household needs to be named; the input is an empty object.",
      Postconditions: "- Nothing changes. Returns `{ households: [{ id, name, my_role, created_at, members: " +
        "[{ user_id, role, email, joined_at }] }] }`.",
      Invariants: "- Only households the caller is a member of appear.",
      "Failure Modes": "- **VALIDATION_ERROR**: any input field (the tool takes none, household_id included).",
      Examples: "### Example 1\n```json\n{}\n```",
      "Common Mistakes": "- ❌ Sending household_id: this tool is about the caller, not one household.",
    }),
  },
  createInvite: {
    description: "Create an invite link's code for the household (owners only), with an expiry.",
    summary: createInviteSummary,
    doc: toolDoc("household.create_invite", createInviteSummary, {
      Preconditions: "- The caller is an owner of the household.\n" +
        "- `expires_in_days` (optional): 1–30, 7 when absent. `max_uses` (optional): 1–50; absent for any number.",
      Postconditions: "- An invite exists. Returns `{ household_id, household_name, invite_id, code, expires_at, " +
        "max_uses }`. The code is 43 URL-safe characters (244 random bits): the app's link carries it, e.g. " +
        "`https://<app>/join#code=<code>` (a fragment, so it stays out of server logs).\n" +
        "- Someone without an account opens the link and signs up with the code in their user metadata " +
        "(`supabase.auth.signUp({ email, password, options: { data: { invite_code } } })`): they join at sign-up, " +
        "the household is their default, and they get no household of their own. Someone with an account signs " +
        "in and calls household.join with the code.\n" +
        "- The owners see it in household.list_invites and can revoke it (household.revoke_invite).\n" +
        "- Undo (history.undo, an owner): the invite is deleted while no one has used it; once used, " +
        "CONFLICT naming it until those joins are undone.",
      Invariants: "- Codes are random and single-household; they are never derived from names.",
      "Failure Modes": "- **PERMISSION_DENIED**: the caller is a member but not an owner.\n" +
        "- **CONFLICT**: the household already has 20 live invites (the limit is named); revoke some.\n" +
        "- **VALIDATION_ERROR** (field expires_in_days or max_uses): out of range or not a whole number.\n" +
        "- **VALIDATION_ERROR** (field household_id): the caller belongs to several households and named none.",
      Examples: '### Example 1\n```json\n{}\n```\nResult: `{ "household_id": "…", "household_name": "Smith family", ' +
        '"invite_id": "…", "code": "…", "expires_at": "2026-03-09T10:00:00Z", "max_uses": null }`\n' +
        '### Example 2\n```json\n{ "expires_in_days": 2, "max_uses": 1 }\n```',
      "Common Mistakes": "- ❌ Posting the code anywhere public: anyone with it can join. Revoke a link shared by " +
        "mistake.",
    }),
  },
  join: {
    description: "Join a household with an invite code.",
    summary: joinSummary,
    doc: toolDoc("household.join", joinSummary, {
      Preconditions: "- The code exists and has not been revoked, expired or run out of uses (a member redeeming it " +
        "again is fine).",
      Postconditions: "- The caller is a member. Returns `{ household_id, invite_id, name, role, already_member, " +
        "became_default, previous_default_household_id }`.\n" +
        "- The household joined becomes the caller's default, so calls that name no household go there " +
        "(`previous_default_household_id`: the default before, or null). A person who signs up with the code in " +
        "their user metadata (`invite_code`) joins at sign-up and gets no household of their own; with a revoked, " +
        "expired or used-up code, the sign-up still succeeds and they get a household of their own (a failed " +
        "sign-up would leave them with no account): the app then calls household.join with the code, whose " +
        "CONFLICT says why the link did not work.\n" +
        "- The join is a write of the household joined: it appears in that household's history.list.\n" +
        "- Undo (history.undo in that household, by an owner or by the member who joined): the member row goes " +
        "and the invite gets its use back, and the member's previous default comes back (when the member undoes " +
        "it; an owner cannot see their other households), so the rows are as before the join. What the member " +
        "wrote meanwhile " +
        "stays with the household (as after household.remove_member). CONFLICT when the member's role or default " +
        "changed since, or they left or joined again (undo those first); a join that found the caller already a " +
        "member changed nothing and its undo does nothing.",
      Invariants: "- Joining never changes the caller's role in a household they already belong to.",
      "Failure Modes": "- **NOT_FOUND** (field code): no such code.\n" +
        "- **CONFLICT** (field code): the code was revoked, expired or has been used up (the message says which " +
        "and when); ask an owner for a new one. Nothing changes.\n" +
        "- **CONFLICT**: the household has 50 members, or the caller belongs to 50 households (each limit named).\n" +
        "- **VALIDATION_ERROR** (field code): not 8–64 characters or contains spaces.",
      Examples: '### Example 1\n```json\n{ "code": "K7QX-2M9P-WD4R" }\n```',
      "Common Mistakes": "- ❌ Guessing codes: only a code from an owner works.",
    }),
  },
};
