// MCP_WRITES=run: a write called through MCP runs at once, as the user, and lists its data's schema. The handler
// runs in-process (with the setting given) and the SDK client reaches it through its fetch.
import assert from "node:assert/strict";
import postgres from "postgres";
import { createAccessTokenVerifier } from "../../shared/auth/access-token.ts";
import { createMcpHandler } from "../../shared/mcp/handler.ts";
import { authIssuer } from "../../supabase/local/stack/signing-key.ts";
import { adminSql, createTestUser, stackEnv } from "../support/stack.ts";
import { callToolOk, checkReplyData } from "../support/tools-client.ts";
import { connectMcp } from "./mcp-client.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const admin = adminSql();
const user = await createTestUser(admin, "mcp-run");
await admin.end();

Deno.test("with MCP_WRITES=run a write runs at once and answers with its data", async () => {
  const sql = postgres(stackEnv().databaseUrl, { max: 2, onnotice: () => {} });
  const handler = createMcpHandler({
    sql,
    writes: "run",
    verify: createAccessTokenVerifier({
      jwksUrl: `${stackEnv().apiUrl}/auth/v1/.well-known/jwks.json`,
      issuer: authIssuer(stackEnv().apiUrl),
    }),
  });
  const inProcess = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    return handler(new Request(new URL(url.pathname.replace("/functions/v1", ""), url), request));
  };
  const mcp = await connectMcp(user, { fetch: inProcess as typeof fetch });
  try {
    const tools: Json[] = (await mcp.client.listTools()).tools;
    const createList = tools.find((tool) => tool.name === "grocery__create_list");
    assert.deepEqual(createList.outputSchema.required, ["grocery_list_id", "name", "created_at"]);
    assert.doesNotMatch(createList.description, /confirms in the app/);

    const result: Json = await mcp.client.callTool({
      name: "grocery__create_list",
      arguments: { name: "Ran at once" },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    checkReplyData("grocery.create_list", result.structuredContent);
    const { lists } = await callToolOk(user, "grocery.list_lists", {});
    assert.deepEqual(lists.map((list) => list.id), [result.structuredContent.grocery_list_id]);
    const [{ count }] =
      await sql`select count(*)::int as count from public.pending_actions where created_by = ${user.id}`;
    assert.equal(count, 0);
  } finally {
    await mcp.close();
    await sql.end();
  }
});
