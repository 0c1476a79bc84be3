// The metadata behind Supabase's gateway, in-process: the function sees `/mcp` on an internal host and the
// public one in X-Forwarded-*, yet advertises the URL the client used, which the SDK client accepts.
import assert from "node:assert/strict";
import {
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  selectResourceURL,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { AppError } from "../errors.ts";
import { createMcpHandler } from "./handler.ts";
import { publicOrigin } from "./protected-resource.ts";

const projectUrl = "https://abcdefghijklmnop.supabase.co";
const issuer = `${projectUrl}/auth/v1`;
const handler = createMcpHandler({
  verify: () => Promise.reject(new AppError("UNAUTHENTICATED", "The access token is not valid.")),
  authorizationServer: issuer,
});

/** What the platform does before the function runs: strip /functions/v1, name the public host in headers. */
const throughGateway: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  assert.equal(url.origin, projectUrl);
  const headers = new Headers(request.headers);
  headers.set("x-forwarded-host", url.host);
  headers.set("x-forwarded-proto", "https");
  headers.set("x-forwarded-port", "443");
  const internalUrl = `http://edge-runtime.internal:9000${url.pathname.replace(/^\/functions\/v1/, "")}${url.search}`;
  return handler(new Request(internalUrl, { method: request.method, headers, body: request.body }));
};

Deno.test("behind the gateway, the 401 and the metadata name the project's public URL", async () => {
  const serverUrl = new URL(`${projectUrl}/functions/v1/mcp`);
  for (const authorization of [undefined, "Bearer not-a-token"]) {
    const refused = await throughGateway(serverUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
      body: "{}",
    });
    await refused.body?.cancel();
    assert.equal(refused.status, 401);
    const { resourceMetadataUrl, error } = extractWWWAuthenticateParams(refused);
    assert.equal(String(resourceMetadataUrl), `${projectUrl}/functions/v1/mcp/.well-known/oauth-protected-resource`);
    assert.equal(error, authorization ? "invalid_token" : undefined);
    const metadata = await discoverOAuthProtectedResourceMetadata(serverUrl, { resourceMetadataUrl }, throughGateway);
    assert.equal(metadata.resource, serverUrl.href);
    assert.deepEqual(metadata.authorization_servers, [issuer]);
    // The check the SDK makes before sending `resource` to the authorization server (a provider of its own
    // could replace it; this one does not).
    const providerWithoutItsOwnCheck = {} as Parameters<typeof selectResourceURL>[1];
    const resource = await selectResourceURL(serverUrl, providerWithoutItsOwnCheck, metadata);
    assert.equal(resource?.href, serverUrl.href);
  }
});

Deno.test("the public origin: forwarded headers when they make a URL, else the request's", () => {
  const originOf = (headers: Record<string, string>) =>
    publicOrigin(new Request("http://edge-runtime.internal:9000/mcp", { headers }));
  assert.equal(originOf({}), "http://edge-runtime.internal:9000");
  assert.equal(originOf({ "x-forwarded-host": "example.com", "x-forwarded-proto": "https" }), "https://example.com");
  assert.equal(
    originOf({ "x-forwarded-host": "example.com", "x-forwarded-proto": "https", "x-forwarded-port": "443" }),
    "https://example.com",
  );
  assert.equal(
    originOf({ "x-forwarded-host": "example.com", "x-forwarded-proto": "https", "x-forwarded-port": "8443" }),
    "https://example.com:8443",
  );
  assert.equal(
    originOf({ "x-forwarded-host": "example.com:9443, proxy.internal", "x-forwarded-proto": "HTTPS, http" }),
    "https://example.com:9443",
  );
  assert.equal(originOf({ "x-forwarded-host": 'evil" x="1' }), "http://edge-runtime.internal:9000");
  assert.equal(
    originOf({ "x-forwarded-host": "example.com", "x-forwarded-proto": "ftp" }),
    "http://edge-runtime.internal:9000",
  );
});
