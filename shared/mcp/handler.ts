// The Edge Runtime's Deno 2.1 finds no types for this package's ".js" subpaths; the map's .d.ts names them.
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp.d.ts"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type AccessTokenVerifier, type AuthenticatedUser, requireUser } from "../auth/access-token.ts";
import { verifierFromEnv } from "../auth/verifier-from-env.ts";
import { env, EnvironmentError } from "../config/env.ts";
import { databaseClient, type Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { errorResponse } from "../http/envelope.ts";
import { createRouter, type RequestHandler } from "../http/router.ts";
import {
  bearerChallenge,
  mcpFunctionPath,
  protectedResourceMetadata,
  resourceMetadataPath,
} from "./protected-resource.ts";
import { createMcpServer } from "./server.ts";
import type { McpWrites } from "./tool-list.ts";

export interface McpHandlerOptions {
  /** Defaults to verifierFromEnv(), created on the first request. */
  verify?: AccessTokenVerifier;
  /** Defaults to databaseClient() (DATABASE_URL), created on the first tool call. */
  sql?: Sql;
  /** Defaults to MCP_WRITES. */
  writes?: McpWrites;
  /** The issuer advertised as the authorization server; defaults to the first issuer tokens are checked against. */
  authorizationServer?: string;
}

/**
 * A 401 says how to authenticate (RFC 6750) and where the resource's metadata is (RFC 9728): MCP clients read
 * WWW-Authenticate, then the metadata, to find Supabase Auth.
 */
async function authenticate(request: Request, verify: AccessTokenVerifier): Promise<AuthenticatedUser | Response> {
  try {
    return await requireUser(request, verify);
  } catch (error) {
    if (!(error instanceof AppError) || error.type !== "UNAUTHENTICATED") throw error;
    const challenge = bearerChallenge(request, request.headers.has("authorization"));
    return errorResponse(error, { "www-authenticate": challenge });
  }
}

function configuredAuthorizationServer(): string {
  const issuer = env().jwtIssuers?.[0];
  if (issuer) return issuer;
  throw new EnvironmentError(["set SUPABASE_URL (or JWT_ISSUER) so that the authorization server can be named"]);
}

/**
 * The MCP function: Streamable HTTP at POST /mcp, stateless (a new server and transport per request, JSON
 * replies, no session), as an Edge Function has no memory between requests. GET (a server-sent stream) is 405,
 * which the transport's specification allows. Every request needs a signed-in user's access token.
 */
export function createMcpHandler(options: McpHandlerOptions = {}): RequestHandler {
  const verify = () => options.verify ?? verifierFromEnv();
  const sql = () => options.sql ?? databaseClient();

  async function serve(request: Request): Promise<Response> {
    const user = await authenticate(request, verify());
    if (user instanceof Response) return user;
    const settings = env();
    const server = createMcpServer({
      user,
      sql: sql(),
      householdId: request.headers.get("x-household-id"),
      writes: options.writes ?? settings.mcpWrites,
      actionTtlSeconds: settings.assistantActionTtlSeconds,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: settings.toolMaxBodyBytes,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  }

  // The router matches a path with or without /functions/v1, which Supabase strips before the function sees it.
  return createRouter(
    [
      { method: "POST", path: mcpFunctionPath, handle: ({ request }) => serve(request) },
      {
        method: "GET",
        path: resourceMetadataPath,
        handle: ({ request }) =>
          Response.json(
            protectedResourceMetadata(request, options.authorizationServer ?? configuredAuthorizationServer()),
          ),
      },
    ],
    "The MCP endpoint is POST /mcp (Streamable HTTP); its OAuth metadata is GET /mcp/.well-known/oauth-protected-resource.",
  );
}
