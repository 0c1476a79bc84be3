import type Anthropic from "@anthropic-ai/sdk";
import type { AuthenticatedUser } from "../auth/access-token.ts";
import type { Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { toAnthropicTools } from "../tools/provider-exports.ts";
import { allTools } from "../tools/registry.ts";
import { toProviderName } from "../tools/tool-names.ts";
import { assistantStep } from "./assistant-step.ts";
import { historyForModel, type StoredMessage } from "./history.ts";
import { callModel } from "./model-call.ts";
import type { AssistantSettings } from "./settings.ts";
import { systemPrompt } from "./system-prompt.ts";
import { handleToolUse, type ToolResultBlock } from "./tool-calls.ts";
import type { EmitEvent, PendingAction, ToolCallRecord, TurnEvent } from "./turn-events.ts";

export interface TurnRequest {
  conversationId: string | null;
  message: string;
  householdId: string | null;
}

export interface TurnDependencies {
  sql: Sql;
  client: Anthropic;
  settings: AssistantSettings;
  user: AuthenticatedUser;
  today: string;
}

export interface TurnOutcome {
  conversation_id: string | null;
  reply: string;
  tool_calls: ToolCallRecord[];
  pending_actions: PendingAction[];
  stop_reason: Extract<TurnEvent, { type: "done" }>["stop_reason"];
  rounds: number;
  error?: AppError;
}

/** What app.assistant_begin_turn returns. */
interface BegunTurn {
  conversation_id: string;
  history: StoredMessage[];
  /** This conversation's proposals that were decided or expired since the history's first message. */
  action_outcomes: PendingAction[];
  household: { id: string; name: string };
}

const anthropicTools = toAnthropicTools(allTools) as Anthropic.Tool[];
const providerToolNames = allTools.map((tool) => toProviderName(tool.name));

/**
 * One turn of the assistant: the user's message stored, then up to
 * maxRounds model calls, each followed by its tool calls (all through the one
 * runner, all answered in the next request), then the new messages stored.
 * Every outcome, error included, ends with exactly one `done` event.
 */
export async function runTurn(
  dependencies: TurnDependencies,
  request: TurnRequest,
  emit: EmitEvent,
): Promise<TurnOutcome> {
  const { sql, user, settings } = dependencies;
  const outcome: TurnOutcome = {
    conversation_id: null,
    reply: "",
    tool_calls: [],
    pending_actions: [],
    stop_reason: "end_turn",
    rounds: 0,
  };
  const recordingEmit: EmitEvent = (event) => {
    if (event.type === "pending_action_created") outcome.pending_actions.push(event.action);
    emit(event);
  };
  const newMessages: StoredMessage[] = [];
  let householdId: string | null = request.householdId;
  try {
    const begun = await assistantStep<BegunTurn>(sql, user, "begin_turn", {
      conversation_id: request.conversationId,
      message: request.message,
    }, { householdId });
    householdId = begun.household_id;
    outcome.conversation_id = begun.data.conversation_id;
    emit({ type: "conversation", conversation_id: begun.data.conversation_id });
    const messages = historyForModel(begun.data.history, begun.data.action_outcomes);
    const system = systemPrompt({
      tools: allTools,
      today: dependencies.today,
      householdName: begun.data.household.name,
    });

    while (true) {
      if (outcome.rounds === settings.maxRounds) {
        const notice = `I stopped after ${settings.maxRounds} ${
          settings.maxRounds === 1 ? "step" : "steps"
        } without finishing. Ask me to continue if you want.`;
        newMessages.push({ role: "assistant", content: [{ type: "text", text: notice }] });
        emit({ type: "text_delta", text: notice });
        outcome.reply += notice;
        outcome.stop_reason = "round_limit";
        break;
      }
      outcome.rounds++;
      const reply = await callModel(dependencies.client, {
        model: settings.model,
        max_tokens: settings.maxTokens,
        system,
        tools: anthropicTools,
        messages: messages as Anthropic.MessageParam[],
      }, emit);
      const assistantMessage: StoredMessage = { role: "assistant", content: reply.content };
      messages.push(assistantMessage);
      newMessages.push(assistantMessage);
      outcome.reply += reply.content.map((block) => (block.type === "text" ? block.text : "")).join("");
      if (reply.toolUses.length === 0) {
        outcome.stop_reason = reply.stopReason === "max_tokens" ? "max_tokens" : "end_turn";
        break;
      }
      // Stored even when a call fails midway: the results so far stay with their calls.
      const results: ToolResultBlock[] = [];
      messages.push({ role: "user", content: results });
      newMessages.push({ role: "user", content: results });
      for (const toolUse of reply.toolUses) {
        const { block, record } = await handleToolUse(toolUse, {
          sql,
          user,
          householdId: householdId!,
          conversationId: outcome.conversation_id!,
          actionTtlSeconds: settings.actionTtlSeconds,
          toolNames: providerToolNames,
          emit: recordingEmit,
        });
        results.push(block);
        outcome.tool_calls.push(record);
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) console.error("assistant: turn failed", error);
    outcome.error = error instanceof AppError
      ? error
      : new AppError("INTERNAL", "The assistant failed during this turn.");
    outcome.stop_reason = "error";
    emit({ type: "error", error: outcome.error.toBody() });
  } finally {
    if (outcome.conversation_id && newMessages.length > 0) {
      await saveMessages(dependencies, householdId, outcome.conversation_id, newMessages).catch((error) =>
        console.error("assistant: could not save the turn", error)
      );
    }
  }
  emit({
    type: "done",
    conversation_id: outcome.conversation_id,
    reply: outcome.reply,
    stop_reason: outcome.stop_reason,
    rounds: outcome.rounds,
  });
  return outcome;
}

async function saveMessages(
  dependencies: TurnDependencies,
  householdId: string | null,
  conversationId: string,
  messages: StoredMessage[],
) {
  await assistantStep(dependencies.sql, dependencies.user, "save_messages", {
    conversation_id: conversationId,
    messages: storable(messages),
  }, { householdId });
}

/**
 * The user's own text is refused at validation when Postgres cannot store it, but the model's is not ours to
 * refuse: a NUL (which jsonb cannot hold) or a lone surrogate in its reply or tool input is replaced by U+FFFD,
 * so the turn is saved as the user saw it rather than failing on a character.
 */
function storable(messages: StoredMessage[]): StoredMessage[] {
  return JSON.parse(
    JSON.stringify(
      messages,
      (_key, value) => typeof value === "string" ? value.replaceAll("\u0000", "\uFFFD").toWellFormed() : value,
    ),
  );
}
