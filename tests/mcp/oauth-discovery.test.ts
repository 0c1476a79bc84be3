// The official SDK client, refused without a token, finds the authorization server the way the MCP
// authorization spec has it (401 → protected resource metadata → authorization server metadata) and stops at
// the redirect to the authorize endpoint, where a hosted project's Supabase Auth would take over.
import assert from "node:assert/strict";
import {
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { functionsUrl, stackEnv } from "../support/stack.ts";

const redirectUrl = "http://127.0.0.1:33418/oauth/callback";

/** A client as an MCP host keeps one: what it stored is read back by the tests. */
class RecordingProvider implements OAuthClientProvider {
  authorizationUrl?: URL;
  verifier?: string;
  discovery?: OAuthDiscoveryState;
  constructor(private readonly clientId?: string) {}
  get redirectUrl() {
    return redirectUrl;
  }
  get clientMetadata() {
    return { client_name: "meal-planner-tests", redirect_uris: [redirectUrl], token_endpoint_auth_method: "none" };
  }
  state() {
    return "state-of-the-test";
  }
  clientInformation() {
    return this.clientId ? { client_id: this.clientId } : undefined;
  }
  saveClientInformation() {
    throw new Error("this test never registers a client");
  }
  tokens() {
    return undefined;
  }
  saveTokens() {
    throw new Error("no token before the user consents");
  }
  redirectToAuthorization(authorizationUrl: URL) {
    this.authorizationUrl = authorizationUrl;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier!;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
}

/** Connects with the provider, recording every URL the SDK fetched; the connection is expected to be refused. */
async function connectUntilRefused(provider: RecordingProvider): Promise<{ error: unknown; fetched: string[] }> {
  const fetched: string[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    fetched.push(`${init?.method ?? "GET"} ${input instanceof Request ? input.url : String(input)}`);
    return fetch(input, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(functionsUrl("mcp")), {
    authProvider: provider,
    fetch: recordingFetch,
  });
  const client = new Client({ name: "meal-planner-tests", version: "1.0.0" });
  try {
    await client.connect(transport);
    await client.close();
    return { error: undefined, fetched };
  } catch (error) {
    return { error, fetched };
  }
}

/** PKCE's S256 (RFC 7636 §4.2): the challenge is the verifier's SHA-256, base64url without padding. */
async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

Deno.test("the SDK client discovers Supabase Auth from the 401 and stops at its authorize endpoint", async () => {
  const { apiUrl } = stackEnv();
  const resource = `${apiUrl}/functions/v1/mcp`;
  const issuer = `${apiUrl}/auth/v1`;
  const provider = new RecordingProvider("client-registered-in-the-dashboard");
  const { error, fetched } = await connectUntilRefused(provider);

  assert.ok(error instanceof UnauthorizedError, String(error));
  assert.deepEqual(fetched, [
    `POST ${resource}`,
    `GET ${resource}/.well-known/oauth-protected-resource`,
    `GET ${apiUrl}/.well-known/oauth-authorization-server/auth/v1`,
  ]);
  assert.equal(provider.discovery?.authorizationServerUrl, issuer);
  assert.deepEqual(provider.discovery?.resourceMetadata, {
    resource,
    authorization_servers: [issuer],
    bearer_methods_supported: ["header"],
    resource_name: "Meal planner",
  });
  assert.equal(provider.discovery?.authorizationServerMetadata?.issuer, issuer);

  const authorizationUrl = provider.authorizationUrl!;
  assert.equal(`${authorizationUrl.origin}${authorizationUrl.pathname}`, `${issuer}/oauth/authorize`);
  const parameters = Object.fromEntries(authorizationUrl.searchParams);
  assert.deepEqual({ ...parameters, code_challenge: undefined }, {
    response_type: "code",
    client_id: "client-registered-in-the-dashboard",
    code_challenge: undefined,
    code_challenge_method: "S256",
    redirect_uri: redirectUrl,
    state: "state-of-the-test",
    resource,
  });
  assert.equal(parameters.code_challenge, await s256(provider.verifier!));

  // Here a hosted project's Supabase Auth would send the user to the app's consent page; the local stack says
  // that it has no OAuth server and what to do instead.
  const page = await fetch(authorizationUrl);
  assert.equal(page.status, 501);
  assert.match(await page.text(), /no OAuth server[\s\S]*deno task token/);
});

Deno.test("without a registered client the SDK asks for dynamic registration, which the local stack does not offer", async () => {
  const provider = new RecordingProvider();
  const { error } = await connectUntilRefused(provider);
  assert.match(String(error), /does not support dynamic client registration/);
  assert.equal(provider.authorizationUrl, undefined);
});

Deno.test("the metadata and the authorization server's are readable from a browser (CORS)", async () => {
  const { apiUrl } = stackEnv();
  const origin = "http://localhost:3000";
  for (
    const url of [
      functionsUrl("mcp/.well-known/oauth-protected-resource"),
      `${apiUrl}/.well-known/oauth-authorization-server/auth/v1`,
    ]
  ) {
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "GET",
        "access-control-request-headers": "mcp-protocol-version",
      },
    });
    await preflight.body?.cancel();
    assert.equal(preflight.status, 204, url);
    assert.match(preflight.headers.get("access-control-allow-headers")!, /mcp-protocol-version/, url);
    const response = await fetch(url, { headers: { origin, "mcp-protocol-version": "2025-06-18" } });
    await response.json();
    assert.equal(response.status, 200, url);
    assert.equal(response.headers.get("access-control-allow-origin"), "*", url);
  }
  const refused = await fetch(functionsUrl("mcp"), { method: "POST", headers: { origin }, body: "{}" });
  await refused.body?.cancel();
  assert.equal(refused.status, 401);
  const exposed = refused.headers.get("access-control-expose-headers")!.split(",").map((name) => name.trim());
  assert.ok(exposed.includes("www-authenticate"), exposed.join(", "));
});
