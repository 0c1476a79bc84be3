import type { ContentBlock } from "./model-call.ts";
import type { ToolResultBlock } from "./tool-calls.ts";

export type StoredMessage = { role: "user" | "assistant"; content: (ContentBlock | ToolResultBlock)[] };

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
 * The stored history as the Messages API accepts it: from a user's own words
 * (a history cut at its limit may start inside a tool exchange), no empty
 * messages, and every tool_use answered in the next message. A turn that
 * failed between a model reply and its tool results leaves calls unanswered;
 * they get an error result here instead of breaking every later turn.
 */
export function historyForModel(history: readonly StoredMessage[]): StoredMessage[] {
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
