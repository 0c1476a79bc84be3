/// <reference lib="dom" />
// The assistant: a chat whose replies stream in as the model writes them. Writes it proposes wait below as
// sentences with Confirm and Reject; nothing changes until a person confirms.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useUndoOffer } from "../../components/undo-offer.tsx";
import { useApp } from "../../context.ts";
import { type ChatEvent, type PendingAction, streamTurn } from "./chat-stream.ts";
import { forFamily } from "./assistant-availability.ts";
import { PendingActions } from "./pending-actions.tsx";
import { withListed } from "./pending-list.ts";
import { type ChatMessage as Message, loadConversation, saveConversation, savedConversation } from "./conversation.ts";

export function AssistantScreen() {
  const { api, supabase, household } = useApp();
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState("");
  const [conversationId, setConversationIdState] = useState<string | null>(() => savedConversation(household.id));
  const setConversationId = (id: string | null) => {
    saveConversation(household.id, id);
    setConversationIdState(id);
  };
  const [actions, setActions] = useState<PendingAction[]>([]);
  const decidedHere = useRef(new Set<string>());
  const [busy, setBusy] = useState(false);
  const [working, setWorking] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const { offer, undo } = useUndoOffer();
  const log = useRef<HTMLOListElement>(null);

  async function loadActions() {
    try {
      const listed = await api.get<{ actions: PendingAction[] }>("assistant/actions?status=pending");
      setActions((shown) => withListed(shown, listed.actions, decidedHere.current));
    } catch (caught) {
      setError(asApiError(caught));
    }
  }
  useEffect(() => {
    loadActions();
    if (conversationId) {
      loadConversation(api, conversationId).then(setMessages).catch(() => setConversationId(null));
    }
  }, [api]);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [messages]);

  function onEvent(event: ChatEvent) {
    if (event.type === "conversation") setConversationId(event.conversation_id);
    if (event.type === "text_delta") {
      setWorking("");
      setMessages((current) => {
        const last = current[current.length - 1];
        return [...current.slice(0, -1), { role: "assistant", text: last.text + event.text }];
      });
    }
    if (event.type === "tool_call_started") setWorking("Looking things up…");
    if (event.type === "pending_action_created") {
      setActions((current) => [event.action, ...current.filter((each) => each.id !== event.action.id)]);
    }
    if (event.type === "error") {
      setError(new ApiError(event.error.type, event.error.message, null, event.error.retryable));
    }
    if (event.type === "done" && event.conversation_id) setConversationId(event.conversation_id);
  }

  async function send(event: Event) {
    event.preventDefault();
    const message = draft.trim();
    if (!message) return;
    setBusy(true);
    setError(null);
    setWorking("Thinking…");
    setDraft("");
    setMessages((current) => [...current, { role: "user", text: message }, { role: "assistant", text: "" }]);
    try {
      await streamTurn(supabase, { message, conversationId, householdId: household.id }, onEvent);
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
      setWorking("");
      setMessages((current) => current.filter((each) => each.text !== ""));
    }
  }

  return (
    <section class="assistant-screen" aria-labelledby="assistant-heading">
      <h1 id="assistant-heading">Assistant</h1>
      <p class="hint">Ask about recipes, the week or the shopping list. Changes it suggests wait for you to confirm.</p>
      <ol class="chat-log" ref={log} aria-live="polite" aria-label="Conversation">
        {messages.map((message, index) => (
          <li key={index} class={`chat-message ${message.role}`}>
            <span class="chat-speaker">{message.role === "user" ? "You" : "Assistant"}</span>
            <span class="chat-text">{message.text}</span>
          </li>
        ))}
      </ol>
      {working ? <p class="loading">{working}</p> : null}
      <ErrorMessage error={error && forFamily(error)} />
      {undo}
      <PendingActions
        actions={actions}
        offer={offer}
        onFailed={setError}
        onDecided={(decided) => {
          decidedHere.current.add(decided.id);
          setActions((current) => current.filter((each) => each.id !== decided.id));
        }}
      />
      {conversationId && !busy
        ? (
          <button
            type="button"
            class="link new-conversation"
            onClick={() => {
              setConversationId(null);
              setMessages([]);
            }}
          >
            Start a new conversation
          </button>
        )
        : null}
      <form class="chat-form" onSubmit={send}>
        <label>
          Message
          <textarea
            rows={2}
            maxLength={8000}
            value={draft}
            placeholder="Plan tacos for Friday dinner"
            onInput={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) send(event);
            }}
          />
        </label>
        <button type="submit" disabled={busy || draft.trim() === ""}>{busy ? "Sending…" : "Send"}</button>
      </form>
    </section>
  );
}
