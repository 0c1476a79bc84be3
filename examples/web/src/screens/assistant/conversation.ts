/// <reference lib="dom" />
// The open conversation survives leaving the screen and reloading the tab: its id is kept in sessionStorage per
// household, and its messages are read back from GET /assistant/conversations/<id> (the model's tool calls and
// their results are not shown: only what was said).
import type { Api } from "../../api.ts";

export interface ChatMessage {
  role: "user" | "assistant";
  text: string;
}

interface StoredMessage {
  role: "user" | "assistant";
  content: string | { type: string; text?: string }[];
}

const storageKey = (householdId: string) => `assistant-conversation:${householdId}`;

export function savedConversation(householdId: string): string | null {
  return sessionStorage.getItem(storageKey(householdId));
}

export function saveConversation(householdId: string, conversationId: string | null): void {
  if (conversationId) sessionStorage.setItem(storageKey(householdId), conversationId);
  else sessionStorage.removeItem(storageKey(householdId));
}

/** What was said in a stored message; empty for one that only carries tool calls or their results. */
export function spokenText(message: StoredMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.filter((block) => block.type === "text").map((block) => block.text ?? "").join("");
}

export async function loadConversation(api: Api, conversationId: string): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [];
  let cursor: string | null = null;
  // A conversation is capped in length; five pages of 100 cover it.
  for (let page = 0; page < 5; page++) {
    const query: string = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const loaded: { messages: StoredMessage[]; next_cursor: string | null } = await api.get(
      `assistant/conversations/${encodeURIComponent(conversationId)}?${query}`,
    );
    for (const message of loaded.messages) {
      const text = spokenText(message).trim();
      if (text) messages.push({ role: message.role, text });
    }
    cursor = loaded.next_cursor;
    if (!cursor) break;
  }
  return messages;
}
