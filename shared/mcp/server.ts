// The Edge Runtime's Deno 2.1 finds no types for this package's ".js" subpaths; the map's .d.ts names them.
// @ts-types="@modelcontextprotocol/sdk/server/index.d.ts"
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/types.d.ts"
import {
  type CallToolRequest,
  CallToolRequestSchema,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { callMcpTool, type McpCallContext } from "./call-tool.ts";
import { mcpTools } from "./tool-list.ts";

const serverInfo = { name: "meal-planner", version: "1.0.0" };

function instructions(context: McpCallContext): string {
  const writes = context.writes === "approve"
    ? "Writes wait for a household member to confirm them in the app: a write's reply is the pending action."
    : "Writes run at once.";
  return "Recipes, the meal planner and grocery lists of the signed-in user's household. Reads run at once. " +
    `${writes} With several households, pass household_id (from household__get).`;
}

/** An MCP server for one request's caller: the registry's tools, run as that user. */
export function createMcpServer(context: McpCallContext): Server {
  const server = new Server(serverInfo, { capabilities: { tools: {} }, instructions: instructions(context) });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools(context.writes) }));
  server.setRequestHandler(
    CallToolRequestSchema,
    (request: CallToolRequest) => callMcpTool(request.params.name, request.params.arguments, context),
  );
  return server;
}
