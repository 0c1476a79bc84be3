// Prose for the household management tools.
import { toolDoc } from "../docs/tool-doc.ts";

const userId = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const several =
  "- **VALIDATION_ERROR** (field household_id): the caller belongs to several households, named none and " +
  "has no default.";

const listSummary = `Lists the caller's households: name, the caller's role, whether it is the default, and how
many members each has.`;
const renameSummary = `Renames the household (owners only); returns the previous name. Needs the user's
confirmation.`;
const setDefaultSummary = `Makes the named household the caller's default: household tools called without naming one
use it. Returns the previous default.`;
const leaveSummary = `The caller leaves the household; the last owner must first make another member an owner.
Needs the user's confirmation.`;
const removeMemberSummary = `Removes another member from the household (owners only); the household keeps at least one
owner. Needs the user's confirmation.`;
const setRoleSummary = `Makes a member an owner or a plain member (owners only); the household keeps at least one
owner. Returns the previous role. Needs the user's confirmation.`;
const setDisplayNameSummary = `Sets the caller's display name, the name fellow members see in the members list, the
history and conflict messages, in every household of the caller. Returns the previous one.`;

export const householdManagementDocs = {
  list: {
    description: "List the caller's households with their role, default flag and member count.",
    summary: listSummary,
    doc: toolDoc("household.list", listSummary, {
      Preconditions: "- A signed-in user. The input is an empty object.",
      Postconditions: "- Nothing changes. Returns `{ households: [{ id, name, my_role, is_default, member_count }] }`.",
      Invariants: "- Only the caller's own households are listed.",
      "Failure Modes": "- **VALIDATION_ERROR**: any input field.",
      Examples: "### Example 1\n```json\n{}\n```",
      "Common Mistakes": "- ❌ Using it to read members: household.get lists them.",
    }),
  },
  rename: {
    description: "Rename the household (owners only).",
    summary: renameSummary,
    doc: toolDoc("household.rename", renameSummary, {
      Preconditions: "- The caller is an owner of the named (or only, or default) household.",
      Postconditions: "- Returns `{ household_id, name, previous_name }`. Undo: rename it back.",
      Invariants: "- Names need not be unique.",
      "Failure Modes": `- **PERMISSION_DENIED**: the caller is not an owner.\n${several}`,
      Examples: '### Example 1\n```json\n{ "name": "The Smiths" }\n```',
      "Common Mistakes": "- ❌ Renaming another household than the one meant: name it with X-Household-Id.",
    }),
  },
  setDefault: {
    description: "Make the named household the caller's default one.",
    summary: setDefaultSummary,
    doc: toolDoc("household.set_default", setDefaultSummary, {
      Preconditions: "- The caller names one of their households (X-Household-Id or household_id).",
      Postconditions: "- Returns `{ default_household_id, previous_default_household_id }`. Undo: set the previous.",
      Invariants: "- A user has at most one default household.",
      "Failure Modes": `- **NOT_FOUND** (field household_id): not one of the caller's households.\n${several}`,
      Examples: '### Example 1\n```json\n{ "household_id": "4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }\n```',
      "Common Mistakes": "- ❌ Naming the household on every call instead of setting a default.",
    }),
  },
  leave: {
    description: "Leave the household.",
    summary: leaveSummary,
    doc: toolDoc("household.leave", leaveSummary, {
      Preconditions: "- The caller is a member of the named household.",
      Postconditions: "- The caller is no longer a member. Returns `{ left: true, household_id, role, was_default, " +
        "joined_at }`: the membership as it was.\n" +
        "- Undo: history.undo by an owner of the household puts the membership back (role, joining time) but " +
        "not the default flag: leaving was the caller's choice, so their calls that name no household do not " +
        "silently come back here (the undo's message says so when it was their default). Only an owner: the " +
        "caller, no longer a member, cannot name the household, and a plain member may not add anyone.",
      Invariants: "- A household keeps at least one owner.",
      "Failure Modes": "- **CONFLICT**: the caller is the last owner.\n" + several,
      Examples: '### Example 1\n```json\n{ "household_id": "4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }\n```',
      "Common Mistakes": "- ❌ Leaving to stop seeing a household: set another default instead.",
    }),
  },
  removeMember: {
    description: "Remove another member from the household (owners only).",
    summary: removeMemberSummary,
    doc: toolDoc("household.remove_member", removeMemberSummary, {
      Preconditions: "- The caller is an owner; user_id is another member (from household.get).",
      Postconditions: "- Returns `{ removed: true, household_id, user_id, role, was_default, joined_at }`: the " +
        "membership as it was.\n" +
        "- Undo: history.undo by an owner puts the membership back (role, default flag unless the person chose " +
        "another default since, joining time); CONFLICT if they are a member again. A plain member gets " +
        "PERMISSION_DENIED: they may not add anyone.",
      Invariants: "- A household keeps at least one owner.",
      "Failure Modes": "- **PERMISSION_DENIED**: the caller is not an owner.\n" +
        "- **NOT_FOUND** (field user_id): not a member.\n- **VALIDATION_ERROR** (field user_id): the caller " +
        "themselves (use household.leave).\n- **CONFLICT**: the member is the last owner.",
      Examples: `### Example 1\n\`\`\`json\n{ "user_id": "${userId}" }\n\`\`\``,
      "Common Mistakes": "- ❌ Removing a member to change their role: use household.set_role.",
    }),
  },
  setRole: {
    description: "Make a member an owner or a plain member (owners only).",
    summary: setRoleSummary,
    doc: toolDoc("household.set_role", setRoleSummary, {
      Preconditions: "- The caller is an owner; user_id is a member (from household.get).",
      Postconditions: "- Returns `{ household_id, user_id, role, previous_role }`. Undo: set previous_role.",
      Invariants: "- A household keeps at least one owner.",
      "Failure Modes": "- **PERMISSION_DENIED**: the caller is not an owner.\n- **NOT_FOUND** (field user_id): not " +
        "a member.\n- **CONFLICT**: demoting the last owner.",
      Examples: `### Example 1\n\`\`\`json\n{ "user_id": "${userId}", "role": "owner" }\n\`\`\``,
      "Common Mistakes": "- ❌ Demoting yourself as the last owner.",
    }),
  },
  setDisplayName: {
    description: "Set the caller's display name, shown to fellow members in every household.",
    summary: setDisplayNameSummary,
    doc: toolDoc("household.set_display_name", setDisplayNameSummary, {
      Preconditions: "- A signed-in user (in a household or not). display_name: 1–60 characters once trimmed, " +
        "no control characters.",
      Postconditions: "- Returns `{ user_id, display_name, previous_display_name }` (null when none was set: " +
        "members saw the email). household.get returns it as each member's `display_name`.\n" +
        "- Undo: set previous_display_name again. It is the person's own, not a household's write: the " +
        "household's history does not list it.",
      Invariants: "- One name per person; only the person sets it. Sign-up may set it from the metadata " +
        "`display_name` (trimmed, control characters taken out, cut to 60).",
      "Failure Modes": "- **VALIDATION_ERROR** (field display_name): blank, over 60 characters, or a control " +
        "character.",
      Examples: '### Example 1\n```json\n{ "display_name": "Alice" }\n```',
      "Common Mistakes": "- ❌ Naming another member: each person sets their own.",
    }),
  },
};
