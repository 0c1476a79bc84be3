// A browser MCP client on another origin (the web app's) follows the discovery as the SDK client does: the
// browser, not the test, enforces CORS, so a header it may not read or a preflight it refuses fails here.
import assert from "node:assert/strict";
import { functionsUrl, stackEnv } from "../support/stack.ts";
import { browserTest } from "./browser.ts";

browserTest("a browser MCP client reads the 401's challenge and both metadata documents cross-origin", async (run) => {
  const { page, appUrl, preflights, pageErrors } = run;
  await page.goto(appUrl);
  const seen = await page.evaluate(async (mcpUrl) => {
    // The SDK client sends MCP-Protocol-Version with each discovery request: a custom header, so a preflight.
    const headers = { "mcp-protocol-version": "2025-06-18" };
    const refused = await fetch(mcpUrl, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    const challenge = refused.headers.get("www-authenticate") ?? "";
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    if (!metadataUrl) return { status: refused.status, challenge };
    const metadata = await (await fetch(metadataUrl, { headers })).json();
    const issuer = new URL(metadata.authorization_servers[0]);
    const serverMetadataUrl = `${issuer.origin}/.well-known/oauth-authorization-server${issuer.pathname}`;
    const serverMetadata = await (await fetch(serverMetadataUrl, { headers })).json();
    return { status: refused.status, challenge, resource: metadata.resource, issuer: serverMetadata.issuer };
  }, functionsUrl("mcp"));

  const { apiUrl } = stackEnv();
  assert.deepEqual(seen, {
    status: 401,
    challenge:
      `Bearer realm="meal-planner", resource_metadata="${apiUrl}/functions/v1/mcp/.well-known/oauth-protected-resource"`,
    resource: `${apiUrl}/functions/v1/mcp`,
    issuer: `${apiUrl}/auth/v1`,
  });
  // The app's own calls (none without a token, but that is the app's business) are left out.
  const discovery = () =>
    preflights.map((preflight) => [new URL(preflight.url).pathname, preflight.status])
      .filter(([path]) => /^\/(functions\/v1\/mcp|\.well-known\/)/.test(String(path)));
  // The DevTools events that record them come on their own channel, and on a busy machine the last can arrive after
  // the page's fetch has returned: wait for three answered ones (or 5 s) before comparing.
  const until = Date.now() + 5_000;
  while (Date.now() < until && !(discovery().length >= 3 && discovery().every(([, status]) => status))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.deepEqual(discovery(), [
    ["/functions/v1/mcp", 204],
    ["/functions/v1/mcp/.well-known/oauth-protected-resource", 204],
    ["/.well-known/oauth-authorization-server/auth/v1", 204],
  ]);
  assert.deepEqual(pageErrors, []);
});
