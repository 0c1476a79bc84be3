// Without a valid access token the MCP endpoint is a 401 that says how to authenticate, and the SDK client
// cannot connect.
import assert from "node:assert/strict";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { adminSql, createTestUser, functionsUrl } from "../support/stack.ts";
import { connectMcp } from "./mcp-client.ts";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
};

function refusedWith401(error: unknown): boolean {
  return error instanceof StreamableHTTPError && (error as StreamableHTTPError).code === 401;
}

const resourceMetadata = `resource_metadata="${functionsUrl("mcp/.well-known/oauth-protected-resource")}"`;

async function post(headers: Record<string, string>): Promise<Response> {
  const response = await fetch(functionsUrl("mcp"), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(initialize),
  });
  return response;
}

Deno.test("no token: 401 with WWW-Authenticate: Bearer naming the resource metadata, and the SDK client is refused", async () => {
  const response = await post({});
  const body = await response.json();
  assert.equal(response.status, 401);
  assert.equal(body.error.type, "UNAUTHENTICATED");
  assert.equal(response.headers.get("www-authenticate"), `Bearer realm="meal-planner", ${resourceMetadata}`);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  await assert.rejects(connectMcp(undefined), refusedWith401);
});

Deno.test('a bad or non-user token: 401 with error="invalid_token"', async () => {
  const sql = adminSql();
  const user = await createTestUser(sql, "mcp-auth");
  await sql.end();
  const tampered = `${user.token.slice(0, -4)}AAAA`;
  for (const token of ["not-a-token", tampered, Deno.env.get("SUPABASE_ANON_KEY")!]) {
    const response = await post({ authorization: `Bearer ${token}` });
    await response.body?.cancel();
    assert.equal(response.status, 401, token);
    assert.equal(
      response.headers.get("www-authenticate"),
      `Bearer realm="meal-planner", error="invalid_token", ${resourceMetadata}`,
    );
  }
  await assert.rejects(connectMcp({ ...user, token: tampered }), refusedWith401);
  const signedIn = await post({ authorization: `Bearer ${user.token}` });
  assert.equal(signedIn.status, 200, await signedIn.text());
});

Deno.test("GET (a server-sent stream) is 405: the server is stateless and only answers POSTs", async () => {
  const response = await fetch(functionsUrl("mcp"), { headers: { accept: "text/event-stream" } });
  await response.body?.cancel();
  assert.equal(response.status, 405);
  assert.equal(response.headers.get("allow"), "POST, OPTIONS");
});
