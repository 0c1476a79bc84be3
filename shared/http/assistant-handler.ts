import * as z from "zod";
import { type AccessTokenVerifier, type AuthenticatedUser, requireUser } from "../auth/access-token.ts";
import { verifierFromEnv } from "../auth/verifier-from-env.ts";
import { databaseClient, type Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { getConversation, listActions, rejectAction } from "../agent/action-records.ts";
import type { TurnRequest } from "../agent/run-turn.ts";
import { type AssistantSettings, settingsFromEnv } from "../agent/settings.ts";
import { eventStreamResponse } from "../agent/sse.ts";
import { idField, pageFields, textField } from "../tools/fields.ts";
import { namedHousehold } from "../tools/household-input.ts";
import { requiredFieldMessages, validationError } from "../tools/validation-error.ts";
import { okResponse } from "./envelope.ts";
import { readJsonBody } from "./read-json-body.ts";
import { createRouter, type RequestHandler, type RouteContext } from "./router.ts";

export interface AssistantHandlerOptions {
  verify?: AccessTokenVerifier;
  sql?: Sql;
  /** Defaults to settingsFromEnv(), read at each request so a missing key is a clear error, not a crash. */
  settings?: () => AssistantSettings;
  now?: () => Date;
}

export const chatInput = z.strictObject({
  message: textField(8000, "What the user said."),
  conversation_id: idField("Continue this conversation.").nullable().optional(),
  household_id: idField("The household, when the user has several.").optional(),
});

const pageInput = z.strictObject(pageFields(100));

const actionStatuses = new Set(["pending", "confirmed", "rejected", "expired"]);

// A page, from the query as every list read takes it: limit 1–100 (100 when absent) and cursor.
function listPage(query: URLSearchParams): { limit?: number; cursor?: string } {
  const parsed = pageInput.safeParse({
    limit: query.get("limit") === null ? undefined : Number(query.get("limit")),
    cursor: query.get("cursor") ?? undefined,
  }, { error: requiredFieldMessages });
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

function checkedId(value: string, field: string): string {
  if (!isUuid(value)) throw new AppError("VALIDATION_ERROR", `${field} must be a UUID.`, { field });
  return value;
}

/**
 * The assistant function: POST /assistant/chat runs one turn (JSON, or SSE
 * with Accept: text/event-stream); conversations and pending actions are read
 * and decided under /assistant/conversations and /assistant/actions; GET /assistant/status says whether a model
 * is configured ({ configured }).
 */
export function createAssistantHandler(options: AssistantHandlerOptions = {}): RequestHandler {
  const sql = () => options.sql ?? databaseClient();
  const verify = () => options.verify ?? verifierFromEnv();
  const settings = () => (options.settings ?? settingsFromEnv)();
  const today = () => (options.now?.() ?? new Date()).toISOString().slice(0, 10);

  // The model's client, the turn loop and the registry they run tools from are loaded by the first chat or confirm,
  // not at start: the function's first call is often a read of its actions or status, and loading them takes about
  // as long as the rest of its start (deno task bench:cold-start). A deploy bundle holds them all the same.
  const turns = () => import("../agent/run-turn.ts");
  const confirming = () => import("../agent/actions.ts");

  async function dependencies(user: AuthenticatedUser, resolved: AssistantSettings) {
    const { default: Anthropic } = await import("@anthropic-ai/sdk");
    const client = new Anthropic({
      apiKey: resolved.apiKey,
      baseURL: resolved.baseURL,
      maxRetries: resolved.maxRetries,
    });
    return { sql: sql(), client, settings: resolved, user, today: today() };
  }

  async function chat({ request }: RouteContext): Promise<Response> {
    const user = await requireUser(request, verify());
    const parsed = chatInput.safeParse(await readJsonBody(request), { error: requiredFieldMessages });
    if (!parsed.success) throw validationError(parsed.error.issues);
    const turn: TurnRequest = {
      conversationId: parsed.data.conversation_id ?? null,
      message: parsed.data.message,
      householdId: namedHousehold(request.headers.get("x-household-id"), parsed.data.household_id),
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
        await (await turns()).runTurn(await dependencies(user, resolved), turn, emit);
      });
    }
    const outcome = await (await turns()).runTurn(await dependencies(user, settings()), turn, () => {});
    if (outcome.error) throw outcome.error;
    const { error: _none, ...reply } = outcome;
    return okResponse(reply);
  }

  async function decide({ request, params }: RouteContext, decision: typeof rejectAction): Promise<Response> {
    const user = await requireUser(request, verify());
    return okResponse(await decision(sql(), user, checkedId(params.id, "action_id")));
  }

  /** Whether a model is set up: the settings read, or their UNAVAILABLE refusal. Nothing else is said. */
  function configured(): boolean {
    try {
      settings();
      return true;
    } catch (error) {
      if (error instanceof AppError && error.type === "UNAVAILABLE") return false;
      throw error;
    }
  }

  return createRouter(
    [
      { method: "POST", path: "/assistant/chat", handle: chat },
      {
        // For the app, to show the assistant only where it works: { configured }, with no word on the setup.
        method: "GET",
        path: "/assistant/status",
        handle: async ({ request }) => {
          await requireUser(request, verify());
          return okResponse({ configured: configured() });
        },
      },
      {
        method: "GET",
        path: "/assistant/conversations/:id",
        handle: async ({ request, params, url }) => {
          const user = await requireUser(request, verify());
          const id = checkedId(params.id, "conversation_id");
          return okResponse(await getConversation(sql(), user, id, listPage(url.searchParams)));
        },
      },
      {
        method: "GET",
        path: "/assistant/actions",
        handle: async ({ request, url }) => {
          const user = await requireUser(request, verify());
          const status = url.searchParams.get("status");
          if (status !== null && !actionStatuses.has(status)) {
            throw new AppError("VALIDATION_ERROR", "status must be pending, confirmed, rejected or expired.", {
              field: "status",
            });
          }
          return okResponse(await listActions(sql(), user, { status, ...listPage(url.searchParams) }));
        },
      },
      {
        method: "POST",
        path: "/assistant/actions/:id/confirm",
        handle: async (context) => decide(context, (await confirming()).confirmAction),
      },
      { method: "POST", path: "/assistant/actions/:id/reject", handle: (context) => decide(context, rejectAction) },
    ],
    "Routes: POST /assistant/chat, GET /assistant/status, GET /assistant/conversations/<id>?limit=&cursor=, GET /assistant/actions?status=&limit=&cursor=, " +
      "POST /assistant/actions/<id>/confirm, POST /assistant/actions/<id>/reject.",
  );
}
