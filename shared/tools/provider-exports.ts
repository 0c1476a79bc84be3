import type { AnyTool } from "./define-tool.ts";
import { type JsonSchema, providerInputSchema } from "./json-schema.ts";
import { toProviderName } from "./tool-names.ts";

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

export interface OpenAiFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema };
}

/** Anthropic Messages API `tools` entries; names go through toProviderName (no dots allowed there). */
export function toAnthropicTools(tools: readonly AnyTool[]): AnthropicTool[] {
  return tools.map((tool) => ({
    name: toProviderName(tool.name),
    description: tool.description,
    input_schema: providerInputSchema(tool),
  }));
}

/** OpenAI Chat Completions `tools` entries (function calling), with the same name mapping. */
export function toOpenAiTools(tools: readonly AnyTool[]): OpenAiFunctionTool[] {
  return tools.map((tool) => ({
    type: "function",
    function: { name: toProviderName(tool.name), description: tool.description, parameters: providerInputSchema(tool) },
  }));
}
