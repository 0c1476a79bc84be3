import { env } from "../config/env.ts";
import { type AccessTokenVerifier, requireUser } from "../auth/access-token.ts";
import { verifierFromEnv } from "../auth/verifier-from-env.ts";
import { databaseClient, type Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { AnyTool } from "../tools/define-tool.ts";
import { toolListing } from "../tools/tool-metadata.ts";
import { actionOf } from "../tools/tool-names.ts";
import { runTool } from "../tools/runner.ts";
import { okResponse } from "./envelope.ts";
import { readJsonBody } from "./read-json-body.ts";
import { createRouter, type RequestHandler, type Route } from "./router.ts";

export interface GroupHandlerOptions {
  /** Defaults to verifierFromEnv(), created on the first request. */
  verify?: AccessTokenVerifier;
  /** Defaults to databaseClient() (DATABASE_URL), created on the first tool call. */
  sql?: Sql;
  /** Defaults to TOOL_MAX_BODY_BYTES, else 1 MiB. */
  maxBodyBytes?: number;
  /**
   * The group's tools: a function passes its generated list (shared/tools/generated/groups/), which imports only its
   * own tools' modules, so that it never loads the registry and every other group with it.
   */
  tools: readonly AnyTool[];
  /** Routes of the group that are not tools, matched first (the household's read of an invite without a user). */
  routes?: (sql: () => Sql) => readonly Route[];
}

/**
 * The HTTP face of one tool group: `POST /<group>/<action>` runs a tool with the JSON body as input,
 * `GET /<group>` lists the group's tools with their JSON Schemas and `GET /<group>/<action>` adds the
 * full doc. Listing needs no token; running a tool needs a signed-in user's access token.
 */
export function createGroupHandler(group: string, options: GroupHandlerOptions): RequestHandler {
  const tools = options.tools;
  const toolsByAction = new Map(tools.map((tool) => [actionOf(tool.name), tool]));
  const actionNames = [...toolsByAction.keys()].join(", ");
  const verify = () => options.verify ?? verifierFromEnv();
  const sql = () => options.sql ?? databaseClient();
  const maxBodyBytes = () => options.maxBodyBytes ?? env().toolMaxBodyBytes;

  function toolOf(action: string): AnyTool {
    const tool = toolsByAction.get(action);
    if (tool) return tool;
    throw new AppError("NOT_FOUND", `The ${group} group has no action "${action}". Actions: ${actionNames}.`);
  }

  return createRouter([
    ...(options.routes?.(sql) ?? []),
    {
      method: "GET",
      path: `/${group}`,
      handle: () => okResponse({ group, tools: tools.map(toolListing) }),
    },
    {
      method: "GET",
      path: `/${group}/:action`,
      handle: ({ params }) => {
        const tool = toolOf(params.action);
        return okResponse({ ...toolListing(tool), doc: tool.doc });
      },
    },
    {
      method: "POST",
      path: `/${group}/:action`,
      handle: async ({ request, params }) => {
        const tool = toolOf(params.action);
        const user = await requireUser(request, verify());
        const input = await readJsonBody(request, Math.max(tool.maxBodyBytes ?? 0, maxBodyBytes()));
        const run = await runTool(tool, input, {
          user,
          householdId: request.headers.get("x-household-id"),
          idempotencyKey: request.headers.get("idempotency-key"),
          sql: sql(),
        });
        const headers: Record<string, string> = {};
        if (run.replayed) headers["idempotent-replayed"] = "true";
        if (run.householdId) headers["x-household-id"] = run.householdId;
        return okResponse(run.data, { headers });
      },
    },
  ], `Try GET /${group} or POST /${group}/<action>.`);
}
