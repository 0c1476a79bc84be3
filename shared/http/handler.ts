import { env } from "../config/env.ts";
import { type AccessTokenVerifier, requireUser } from "../auth/access-token.ts";
import { verifierFromEnv } from "../auth/verifier-from-env.ts";
import { databaseClient, type Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { AnyTool } from "../tools/define-tool.ts";
import { toolListing } from "../tools/tool-metadata.ts";
import { actionOf, toolsOfGroup } from "../tools/registry.ts";
import { runTool } from "../tools/runner.ts";
import { corsHeaders, preflightResponse } from "./cors.ts";
import { errorResponse, okResponse } from "./envelope.ts";
import { readJsonBody } from "./read-json-body.ts";
import { parseToolRoute } from "./tool-route.ts";

export interface GroupHandlerOptions {
  /** Defaults to verifierFromEnv(), created on the first request. */
  verify?: AccessTokenVerifier;
  /** Defaults to databaseClient() (SUPABASE_DB_URL), created on the first tool call. */
  sql?: Sql;
  /** Defaults to TOOL_MAX_BODY_BYTES, else 1 MiB. */
  maxBodyBytes?: number;
  /** Defaults to the registry's tools of the group. */
  tools?: readonly AnyTool[];
}

export type RequestHandler = (request: Request) => Promise<Response>;

function methodNotAllowed(allowed: string): Response {
  const error = new AppError("METHOD_NOT_ALLOWED", `Use ${allowed} here.`);
  return errorResponse(error, { ...corsHeaders, allow: allowed === "POST" ? "POST, OPTIONS" : "GET, OPTIONS" });
}

/**
 * The HTTP face of one tool group: `POST /<group>/<action>` runs a tool with the JSON body as input,
 * `GET /<group>` lists the group's tools with their JSON Schemas and `GET /<group>/<action>` adds the
 * full doc. Listing needs no token; running a tool needs a signed-in user's access token.
 */
export function createGroupHandler(group: string, options: GroupHandlerOptions = {}): RequestHandler {
  const tools = options.tools ?? toolsOfGroup(group);
  const toolsByAction = new Map(tools.map((tool) => [actionOf(tool.name), tool]));
  const actionNames = [...toolsByAction.keys()].join(", ");
  const verify = () => options.verify ?? verifierFromEnv();
  const sql = () => options.sql ?? databaseClient();
  const maxBodyBytes = () => options.maxBodyBytes ?? env().toolMaxBodyBytes;

  async function handle(request: Request): Promise<Response> {
    if (request.method === "OPTIONS") return preflightResponse();
    const route = parseToolRoute(new URL(request.url).pathname);
    if (!route || route.group !== group) {
      throw new AppError("NOT_FOUND", `No such route. Try GET /${group} or POST /${group}/<action>.`);
    }
    if (route.action === undefined) {
      if (request.method !== "GET") return methodNotAllowed("GET");
      return okResponse({ group, tools: tools.map(toolListing) }, { headers: corsHeaders });
    }
    const tool = toolsByAction.get(route.action);
    if (!tool) {
      throw new AppError("NOT_FOUND", `The ${group} group has no action "${route.action}". Actions: ${actionNames}.`);
    }
    if (request.method === "GET") {
      return okResponse({ ...toolListing(tool), doc: tool.doc }, { headers: corsHeaders });
    }
    if (request.method !== "POST") return methodNotAllowed("POST");

    const user = await requireUser(request, verify());
    const input = await readJsonBody(request, maxBodyBytes());
    const run = await runTool(tool, input, {
      user,
      householdId: request.headers.get("x-household-id"),
      idempotencyKey: request.headers.get("idempotency-key"),
      sql: sql(),
    });
    const headers: Record<string, string> = { ...corsHeaders };
    if (run.replayed) headers["idempotent-replayed"] = "true";
    if (run.householdId) headers["x-household-id"] = run.householdId;
    return okResponse(run.data, { headers });
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      return errorResponse(error, corsHeaders);
    }
  };
}
