// The local stack has no Supabase Auth, so no OAuth 2.1 server. It serves the authorization server's metadata
// (RFC 8414) where a hosted project does, shaped as Supabase Auth's own, so an MCP client's discovery runs
// locally as on hosted, up to the authorization redirect; the endpoints it names answer 501, saying so.

/** Where a hosted project serves it: the well-known prefix inserted before the issuer's path `/auth/v1`. */
export const authorizationServerMetadataPath = "/.well-known/oauth-authorization-server/auth/v1";

const oauthPathPrefix = "/auth/v1/oauth/";

/**
 * Supabase Auth's fields (`internal/api/oauthserver` in supabase/auth), for the issuer the client used:
 * `<origin>/auth/v1`. No `registration_endpoint`: there is no dynamic client registration here, as on a
 * hosted project that leaves it off.
 */
export function authorizationServerMetadata(origin: string): Record<string, unknown> {
  const issuer = `${origin}/auth/v1`;
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    code_challenge_methods_supported: ["S256", "plain"],
  };
}

const noOAuthServer = [
  "The local stack has no OAuth server: Supabase Auth's OAuth 2.1 server, which signs MCP clients in,",
  'runs on a hosted project (see docs/assistant-and-mcp.md, "MCP clients signing in"). Locally, give the MCP client',
  "a user's access token instead: Authorization: Bearer $(deno task token you@example.com)",
  "",
].join("\n");

/** The gateway's answer for the OAuth paths (the metadata, the endpoints it names); undefined for any other. */
export function answerOAuthServer(request: Request): Response | undefined {
  const url = new URL(request.url);
  if (url.pathname === authorizationServerMetadataPath && request.method === "GET") {
    return Response.json(authorizationServerMetadata(url.origin));
  }
  if (url.pathname.startsWith(oauthPathPrefix)) {
    return new Response(noOAuthServer, { status: 501, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  return undefined;
}
