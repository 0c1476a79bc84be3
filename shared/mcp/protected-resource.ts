// OAuth 2.0 Protected Resource Metadata (RFC 9728) for the mcp function: how an MCP client that was refused
// finds the authorization server (Supabase Auth) to sign the user in with. `@supabase/server`'s
// withOAuthProtectedResource (1.8.1) does this for handlers built on its withSupabase; here it would add only the
// document's three fields: it leaves alone a 401 that already has a challenge (ours carries realm and error),
// without SUPABASE_FUNCTION_SLUG (the local stack) it takes `/mcp/.well-known` for the resource of a metadata path
// under `.well-known/`, and by default it advertises `<request origin>/auth/v1`, not the issuer the verifier
// checks (both can be given, which leaves the three fields). Its derivation of the public origin is followed below.

/** The function's public path; the route, the advertised resource and its metadata URL all derive from it. */
export const mcpFunctionPath = "/functions/v1/mcp";

/**
 * Where the function serves its metadata: under its own path, as the host's root `/.well-known/` (RFC 9728's
 * path-insertion form, `/.well-known/oauth-protected-resource/functions/v1/mcp`) belongs to the platform, not
 * to an Edge Function. Clients find it through `resource_metadata` in the 401's WWW-Authenticate.
 */
export const resourceMetadataPath = `${mcpFunctionPath}/.well-known/oauth-protected-resource`;

function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0].trim() || undefined;
}

/**
 * The origin the client used. Supabase's gateway hands a function its request with `/functions/v1` stripped
 * and names the public host in X-Forwarded-Host, -Proto and -Port (as `@supabase/server` reads them); without
 * them (the local stack) the request's own URL is the public one. A value that makes no URL is ignored.
 */
export function publicOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = firstValue(request.headers.get("x-forwarded-host"));
  if (!host) return url.origin;
  const protocol = (firstValue(request.headers.get("x-forwarded-proto")) ?? url.protocol.slice(0, -1)).toLowerCase();
  const port = firstValue(request.headers.get("x-forwarded-port"));
  if (protocol !== "http" && protocol !== "https") return url.origin;
  try {
    const origin = new URL(`${protocol}://${host}`);
    if (port && !origin.port && /^\d{1,5}$/.test(port)) origin.port = port;
    return origin.origin;
  } catch {
    return url.origin;
  }
}

/** The resource a token is for: the MCP endpoint's public URL, as the client addresses it. */
export function resourceUrl(request: Request): string {
  return `${publicOrigin(request)}${mcpFunctionPath}`;
}

export function resourceMetadataUrl(request: Request): string {
  return `${publicOrigin(request)}${resourceMetadataPath}`;
}

/**
 * The metadata document. `authorizationServer` is the issuer the function verifies tokens against (Supabase
 * Auth's `<SUPABASE_URL>/auth/v1`), so a client is sent to the server whose tokens are accepted. No
 * `scopes_supported`: Supabase Auth's scopes govern ID-token claims, not access to the tools.
 */
export function protectedResourceMetadata(request: Request, authorizationServer: string): Record<string, unknown> {
  return {
    resource: resourceUrl(request),
    authorization_servers: [authorizationServer],
    bearer_methods_supported: ["header"],
    resource_name: "Meal planner",
  };
}

/**
 * The 401's challenge (RFC 6750 §3 with RFC 9728 §5.1's `resource_metadata`): `error="invalid_token"` when a
 * token was sent and refused, none when there was no token.
 */
export function bearerChallenge(request: Request, tokenRefused: boolean): string {
  const error = tokenRefused ? ', error="invalid_token"' : "";
  return `Bearer realm="meal-planner"${error}, resource_metadata="${resourceMetadataUrl(request)}"`;
}
