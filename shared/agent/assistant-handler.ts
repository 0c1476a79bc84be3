import Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { type AccessTokenVerifier, type AuthenticatedUser, requireUser } from "../auth/access-token.ts";
import { verifierFromEnv } from "../auth/verifier-from-env.ts";
import { databaseClient, type Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { corsHeaders, preflightResponse } from "../http/cors.ts";
import { errorResponse, okResponse } from "../http/envelope.ts";
import { readJsonBody } from "../http/read-json-body.ts";
import { requiredFieldMessages, validationError } from "../tools/validation-error.ts";
import { confirmAction, getConversation, listActions, rejectAction } from "./actions.ts";
import { runTurn, type TurnRequest } from "./run-turn.ts";
import { type AssistantSettings, settingsFromEnv } from "./settings.ts";
import { eventStreamResponse } from "./sse.ts";

export interface AssistantHandlerOptions {
  verify?: AccessTokenVerifier;
  sql?: Sql;
  /** Defaults to settingsFromEnv(), read at each request so a missing key is a clear error, not a crash. */
  settings?: () => AssistantSettings;
  now?: () => Date;
}

const chatInput = z.strictObject({
  message: z.string().trim().min(1, { error: "must not be blank" }).max(8000).describe("What the user said."),
  conversation_id: z.guid({ error: "must be a UUID" }).nullable().optional().describe("Continue this conversation."),
  household_id: z.guid({ error: "must be a UUID" }).optional().describe("The household, when the user has several."),
});

const actionStatuses = new Set(["pending", "confirmed", "rejected", "expired"]);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkedId(value: string, field: string): string {
  if (!uuidPattern.test(value)) throw new AppError("VALIDATION_ERROR", `${field} must be a UUID.`, { field });
  return value;
}

/** X-Household-Id or the body's household_id (they must agree); null lets the database take the only one. */
function namedHousehold(request: Request, fromBody: string | undefined): string | null {
  const header = request.headers.get("x-household-id");
  const fromHeader = header ? checkedId(header, "household_id") : undefined;
  if (fromHeader && fromBody && fromHeader.toLowerCase() !== fromBody.toLowerCase()) {
    throw new AppError("VALIDATION_ERROR", "X-Household-Id and household_id name different households.", {
      field: "household_id",
    });
  }
  return fromBody ?? fromHeader ?? null;
}

/**
 * The assistant function: POST /assistant/chat runs one turn (JSON, or SSE
 * with Accept: text/event-stream); conversations and pending actions are read
 * and decided under /assistant/conversations and /assistant/actions.
 */
export function createAssistantHandler(options: AssistantHandlerOptions = {}) {
  const sql = () => options.sql ?? databaseClient();
  const verify = () => options.verify ?? verifierFromEnv();
  const settings = () => (options.settings ?? settingsFromEnv)();
  const today = () => (options.now?.() ?? new Date()).toISOString().slice(0, 10);

  async function chat(request: Request, user: AuthenticatedUser): Promise<Response> {
    const parsed = chatInput.safeParse(await readJsonBody(request), { error: requiredFieldMessages });
    if (!parsed.success) throw validationError(parsed.error.issues);
    const turn: TurnRequest = {
      conversationId: parsed.data.conversation_id ?? null,
      message: parsed.data.message,
      householdId: namedHousehold(request, parsed.data.household_id),
    };
    const streaming = (request.headers.get("accept") ?? "").includes("text/event-stream");
    if (streaming) {
      return eventStreamResponse(async (emit) => {
        let resolved: AssistantSettings;
        try {
          resolved = settings();
        } catch (error) {
          const failure = error instanceof AppError ? error : new AppError("INTERNAL", "The assistant failed.");
          emit({ type: "error", error: failure.toBody() });
          emit({ type: "done", conversation_id: null, reply: "", stop_reason: "error", rounds: 0 });
          return;
        }
        await runTurn(dependencies(user, resolved), turn, emit);
      });
    }
    const outcome = await runTurn(dependencies(user, settings()), turn, () => {});
    if (outcome.error) throw outcome.error;
    const { error: _none, ...reply } = outcome;
    return okResponse(reply, { headers: corsHeaders });
  }

  function dependencies(user: AuthenticatedUser, resolved: AssistantSettings) {
    const client = new Anthropic({
      apiKey: resolved.apiKey,
      baseURL: resolved.baseURL,
      maxRetries: resolved.maxRetries,
    });
    return { sql: sql(), client, settings: resolved, user, today: today() };
  }

  async function route(request: Request): Promise<Response> {
    if (request.method === "OPTIONS") return preflightResponse();
    const url = new URL(request.url);
    const parts = url.pathname.replace(/^\/functions\/v1/, "").split("/").filter(Boolean);
    if (parts[0] !== "assistant") throw new AppError("NOT_FOUND", "No such route.");
    const [, resource, id, verb] = parts;
    const user = await requireUser(request, verify());
    if (resource === "chat" && parts.length === 2 && request.method === "POST") return await chat(request, user);
    if (resource === "conversations" && id && parts.length === 3 && request.method === "GET") {
      return okResponse(await getConversation(sql(), user, checkedId(id, "conversation_id")), { headers: corsHeaders });
    }
    if (resource === "actions" && parts.length === 2 && request.method === "GET") {
      const status = url.searchParams.get("status");
      if (status !== null && !actionStatuses.has(status)) {
        throw new AppError("VALIDATION_ERROR", "status must be pending, confirmed, rejected or expired.", {
          field: "status",
        });
      }
      return okResponse(await listActions(sql(), user, status), { headers: corsHeaders });
    }
    if (resource === "actions" && id && parts.length === 4 && request.method === "POST") {
      const actionId = checkedId(id, "action_id");
      if (verb === "confirm") return okResponse(await confirmAction(sql(), user, actionId), { headers: corsHeaders });
      if (verb === "reject") return okResponse(await rejectAction(sql(), user, actionId), { headers: corsHeaders });
    }
    throw new AppError(
      "NOT_FOUND",
      "Routes: POST /assistant/chat, GET /assistant/conversations/<id>, GET /assistant/actions?status=, " +
        "POST /assistant/actions/<id>/confirm, POST /assistant/actions/<id>/reject.",
    );
  }

  return async (request: Request): Promise<Response> => {
    try {
      return await route(request);
    } catch (error) {
      return errorResponse(error, corsHeaders);
    }
  };
}
