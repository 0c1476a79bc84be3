import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { functionsUrl, type TestUser } from "../support/stack.ts";

export interface McpConnection {
  client: Client;
  close(): Promise<void>;
}

/**
 * The official SDK client over Streamable HTTP, as any MCP host connects: to the running stack's
 * /functions/v1/mcp, or through `fetch` to a handler in-process.
 */
export async function connectMcp(
  user: TestUser | undefined,
  options: { headers?: Record<string, string>; fetch?: typeof fetch } = {},
): Promise<McpConnection> {
  const headers: Record<string, string> = { ...options.headers };
  if (user) headers.authorization = `Bearer ${user.token}`;
  const transport = new StreamableHTTPClientTransport(new URL(functionsUrl("mcp")), {
    requestInit: { headers },
    fetch: options.fetch,
  });
  const client = new Client({ name: "meal-planner-tests", version: "1.0.0" });
  await client.connect(transport);
  return { client, close: () => client.close() };
}
