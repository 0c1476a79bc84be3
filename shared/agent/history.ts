import { outcomeNote, outcomeTime } from "./action-outcomes.ts";
import type { ContentBlock } from "./model-call.ts";
import type { ToolResultBlock } from "./tool-calls.ts";
import type { PendingAction } from "./turn-events.ts";

export type StoredMessage = {
  role: "user" | "assistant";
  content: (ContentBlock | ToolResultBlock)[];
  /** When it was stored (begin_turn returns it); never sent to the model. */
  created_at?: string;
};

const notRunContent = JSON.stringify({
  ok: false,
  error: { type: "INTERNAL", message: "This tool call was not run: the turn ended before it.", retryable: true },
  hint: "Call the tool again if it is still needed.",
});

function notRun(id: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: id, content: notRunContent, is_error: true };
}

function isUserText(message: StoredMessage): boolean {
  return message.role === "user" && message.content.length > 0 &&
    message.content.every((block) => block.type === "text");
}

function toolUseIds(message: StoredMessage): string[] {
  return message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
}

/** A user message answering exactly `awaited`, tool results first (as the API requires), then the rest. */
function answer(awaited: readonly string[], message: StoredMessage | undefined): StoredMessage {
  const content = message?.content ?? [];
  const results = new Map<string, ToolResultBlock>();
  for (const block of content) {
    if (block.type === "tool_result" && awaited.includes(block.tool_use_id)) results.set(block.tool_use_id, block);
  }
  return {
    role: "user",
    content: [
      ...awaited.map((id) => results.get(id) ?? notRun(id)),
      ...content.filter((block) => block.type !== "tool_result"),
    ],
  };
}

/**
 * Each decided (or expired) action's outcome, as a note at the start of the first message the user wrote after
 * it: the turn after the decision hears of it, and every later turn sees it in the same place. Outcomes from
 * before the history's first words of the user belong to proposals the history no longer holds.
 */
function withOutcomes(history: readonly StoredMessage[], outcomes: readonly PendingAction[]): StoredMessage[] {
  const sorted = [...outcomes].sort((a, b) => outcomeTime(a) - outcomeTime(b));
  const userTexts = history.flatMap((message, index) =>
    isUserText(message) && message.created_at ? [{ index, time: Date.parse(message.created_at) }] : []
  );
  const placed = [...history];
  userTexts.forEach(({ index, time }, position) => {
    const after = position === 0 ? time : userTexts[position - 1].time;
    // The newest message also takes what came after it was written (a decision while its turn began).
    const until = position === userTexts.length - 1 ? Infinity : time;
    const due = sorted.filter((action) => outcomeTime(action) > after && outcomeTime(action) <= until);
    if (due.length > 0) {
      placed[index] = { ...history[index], content: [...due.map(outcomeNote), ...history[index].content] };
    }
  });
  return placed;
}

/**
 * The stored history as the Messages API accepts it: from a user's own words
 * (a history cut at its limit may start inside a tool exchange), no empty
 * messages, and every tool_use answered in the next message. A turn that
 * failed between a model reply and its tool results leaves calls unanswered;
 * they get an error result here instead of breaking every later turn. The outcomes of the model's proposals
 * go in as notes before the user's words (withOutcomes).
 */
export function historyForModel(
  stored: readonly StoredMessage[],
  outcomes: readonly PendingAction[] = [],
): StoredMessage[] {
  const history = withOutcomes(stored, outcomes);
  const start = history.findIndex(isUserText);
  if (start < 0) return [];
  const messages: StoredMessage[] = [];
  let awaited: string[] = [];
  for (const message of history.slice(start)) {
    if (awaited.length > 0) {
      messages.push(answer(awaited, message.role === "user" ? message : undefined));
      awaited = [];
      if (message.role === "user") continue;
    }
    const content = message.role === "user"
      ? message.content.filter((block) => block.type !== "tool_result")
      : message.content;
    if (content.length === 0) continue;
    messages.push({ role: message.role, content });
    if (message.role === "assistant") awaited = toolUseIds(message);
  }
  if (awaited.length > 0) messages.push(answer(awaited, undefined));
  return messages;
}
