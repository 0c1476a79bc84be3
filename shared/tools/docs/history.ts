// Prose for history.list and history.undo.
import { toolDoc } from "./tool-doc.ts";

const invocationId = "7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

const listSummary = `Lists the household's recent writes, newest first: which tool, who, when, a one-line summary
and whether it was undone. Each entry's invocation_id can be given to history.undo.`;
const undoSummary = `Undoes the household's last write (or the one named by invocation_id) when nothing later depends
on it: a push or add_item loses exactly what it added, a create, check, rename, update, revert or delete is reversed.
Needs the user's confirmation.`;

export const historyDocs = {
  list: {
    description: "List the household's recent writes (tool, who, when, summary, undone), newest first.",
    summary: listSummary,
    doc: toolDoc("history.list", listSummary, {
      Preconditions: "- The caller is a member of the household. limit 1–100 (20 when absent); cursor from the " +
        "previous page's next_cursor.",
      Postconditions: "- Nothing changes. Returns `{ entries: [{ invocation_id, tool, user_id, created_at, summary, " +
        "undone }], next_cursor }`.",
      Invariants: "- Only recorded writes are listed; reads are not. A plain member does not see " +
        "household.create_invite entries (their replies hold live invite codes); owners do.\n" +
        "- A household.join into the household is listed there (made before its caller was a member).\n" +
        "- Entries are kept 7 days.",
      "Failure Modes": "- **VALIDATION_ERROR**: limit outside 1–100, a cursor that is not one of ours.",
      Examples: '### Example 1\n```json\n{ "limit": 10 }\n```',
      "Common Mistakes": "- ❌ Reading history to find a list's current state: use grocery.get_list.",
    }),
  },
  undo: {
    description: "Undo the household's last write, or a named one, when nothing later depends on it.",
    summary: undoSummary,
    doc: toolDoc("history.undo", undoSummary, {
      Preconditions: "- invocation_id, when given, names a write of this household (from history.list); absent: " +
        "the household's last write that is not an undo and was not undone.",
      Postconditions: "- Returns `{ undone_invocation_id, undone_tool, undone_summary, message }`. The undo is " +
        "itself a recorded write (it appears in history.list, and marks the write it undid as undone).\n" +
        "- grocery.push_ingredients and grocery.add_item: exactly their own contributions (source rows) are taken " +
        "back; an item they created is removed, an item they merged into returns to its quantity before.\n" +
        "- Invites and membership: an unused invite is revoked; a join is taken back (the member goes, the invite " +
        "gets its use back) by an owner or the member who joined; a leave or removal is taken back by an owner " +
        "(the member returns with their role, joining time and, unless they chose another since, default flag).\n" +
        "- ingredient.create: the ingredient goes while nothing refers to it. The series tools: the series and the " +
        "occurrences the write touched are put back as they were.",
      Invariants: "- Undoes by inverse writes, never by guessing from quantities.\n" +
        "- Not undoable: history.undo itself, grocery.uncheck_item (the check time is not kept).\n" +
        "- A household.join is a write of the household joined: it is listed and undone there.",
      "Failure Modes": "- **CONFLICT**: a later write changed what this one changed (the message names it: undo " +
        "that write first); the write was already undone; the tool cannot be undone (the message says why); an " +
        "invite was used, an ingredient is in use (the message names where).\n" +
        "- **PERMISSION_DENIED**: undoing an invite, a leave or a removal by a plain member; a join by a plain " +
        "member other than the one who joined.\n" +
        "- **NOT_FOUND**: no such write in this household, or no write to undo.\n" +
        "- **VALIDATION_ERROR**: invocation_id is not a uuid.",
      Examples:
        `### Example 1\n\`\`\`json\n{}\n\`\`\`\n### Example 2\n\`\`\`json\n{ "invocation_id": "${invocationId}" }\n\`\`\``,
      "Common Mistakes": "- ❌ Undoing an older write before the later ones that changed the same rows: undo " +
        "from the newest back.",
    }),
  },
};
