import * as z from "zod";
// The Edge Runtime's Deno 2.1 finds no types for this package's ".js" subpaths; the map's .d.ts names them.
// @ts-types="@modelcontextprotocol/sdk/types.d.ts"
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { AnyTool } from "../tools/define-tool.ts";
import { idField } from "../tools/fields.ts";
import { type JsonSchema, providerInputSchema } from "../tools/json-schema.ts";
import { idempotency, requiresApproval } from "../tools/tool-metadata.ts";
import { allTools } from "../tools/registry.ts";
import { toProviderName } from "../tools/tool-names.ts";
import { awaitingConfirmationSchema } from "./awaiting-confirmation.ts";

/** MCP_WRITES: whether a write called through MCP waits for a person's confirmation or runs at once. */
export type McpWrites = "approve" | "run";

export function waitsForApproval(tool: AnyTool, writes: McpWrites): boolean {
  return writes === "approve" && requiresApproval(tool);
}

/** Draft 2020-12 without `$schema`, as for the model providers: MCP clients validate with draft-07 validators. */
function outputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", target: "draft-2020-12" });
  return rest;
}

const householdIdProperty = outputJsonSchema(
  idField("The household to act in, when you belong to several (else the X-Household-Id header, or your only one)."),
);

/**
 * The tool's input schema, plus `household_id` for household tools: over HTTP the household may come from a
 * header, but an MCP client only sends arguments (the runner takes it out before the tool's schema sees it).
 */
function inputJsonSchema(tool: AnyTool): JsonSchema {
  const schema = providerInputSchema(tool);
  if (tool.scope !== "household") return schema;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return { ...schema, properties: { ...properties, household_id: householdIdProperty } };
}

const approvalNote = "Through MCP this write does not run at once: it becomes a pending action that a member of " +
  "the household confirms in the app, and the reply gives its action_id.";

/** One registry tool as MCP lists it: the provider name (planner__add_meal), schemas and hints from its metadata. */
export function mcpTool(tool: AnyTool, writes: McpWrites): Tool {
  const waits = waitsForApproval(tool, writes);
  const reads = tool.effect === "read";
  return {
    name: toProviderName(tool.name),
    title: tool.name,
    description: waits ? `${tool.description} ${approvalNote}` : tool.description,
    inputSchema: inputJsonSchema(tool) as Tool["inputSchema"],
    outputSchema: outputJsonSchema(
      waits ? awaitingConfirmationSchema(tool) : tool.outputSchema,
    ) as Tool["outputSchema"],
    annotations: {
      readOnlyHint: reads,
      // High risk is what cannot be cheaply put back: a recipe overwritten or removed, the household opened.
      destructiveHint: tool.effect === "write" && tool.risk === "high",
      // Idempotent when sent with an Idempotency-Key, which an MCP call cannot carry: a repeated write runs (or is
      // proposed) again, so only reads are idempotent here.
      idempotentHint: idempotency(tool) === "always",
      openWorldHint: false,
    },
  };
}

const listings = new Map<McpWrites, Tool[]>();

/** Every tool of the registry, in its order; built once per setting. */
export function mcpTools(writes: McpWrites): Tool[] {
  let tools = listings.get(writes);
  if (!tools) {
    tools = allTools.map((tool) => mcpTool(tool, writes));
    listings.set(writes, tools);
  }
  return tools;
}
