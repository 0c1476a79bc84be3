import { toProviderName } from "../tools/tool-names.ts";
import type { ContentBlock } from "./model-call.ts";
import type { PendingAction } from "./turn-events.ts";

const maxResultCharacters = 20_000;

/** When the action got its outcome: the decision, or the moment it expired undecided. */
export function outcomeTime(action: PendingAction): number {
  return Date.parse(action.decided_at ?? action.expires_at);
}

function resultText(result: unknown): string {
  const text = JSON.stringify(result);
  return text.length > maxResultCharacters ? `${text.slice(0, maxResultCharacters)}… (truncated)` : text;
}

function outcome(action: PendingAction): string {
  const failed = (action.result as { ok?: boolean } | null)?.ok === false;
  switch (action.status) {
    case "confirmed":
      return failed
        ? `the user confirmed it, but it failed and changed nothing: ${resultText(action.result)}`
        : `the user confirmed it and it ran: ${resultText(action.result)}`;
    case "rejected":
      return "the user rejected it; nothing changed. Do not propose it again unless they ask.";
    default:
      return "it expired before the user decided; nothing changed. Propose it again if it is still wanted.";
  }
}

/**
 * What the model hears about a proposal of its own that has been decided (or has expired) since it proposed it:
 * a text block placed before the user's next message, so it can go on from the outcome.
 */
export function outcomeNote(action: PendingAction): ContentBlock {
  return {
    type: "text",
    text: `[Not from the user: the outcome of an action you proposed. Action ${action.id} ` +
      `(${toProviderName(action.tool)} ${JSON.stringify(action.input)}): ${outcome(action)}]`,
  };
}
