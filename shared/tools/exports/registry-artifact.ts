import { errorStatus } from "../../errors.ts";
import type { AnyTool } from "../define-tool.ts";
import { type JsonSchema, toolOutputJsonSchema } from "../json-schema.ts";
import {
  type AnthropicTool,
  type GeminiFunctionDeclaration,
  type OpenAiFunctionTool,
  toAnthropicTools,
  toGeminiFunctionDeclarations,
  toOpenAiTools,
} from "../provider-exports.ts";
import { actionOf, allTools, groupOf } from "../registry.ts";
import { type ToolListing, toolListing } from "../tool-metadata.ts";
import { toProviderName } from "../tool-names.ts";

/** One tool as the artifact carries it: its listing, its output schema, its full doc and each provider's form. */
export interface RegistryTool extends ToolListing {
  group: string;
  action: string;
  provider_name: string;
  http: { method: "POST"; path: string };
  output_schema: JsonSchema;
  doc: string;
  providers: { anthropic: AnthropicTool; openai: OpenAiFunctionTool; gemini: GeminiFunctionDeclaration };
}

export interface RegistryArtifact {
  /** `1.0.` and the first 12 hex digits of content_sha256: it changes exactly when the content does. */
  version: string;
  /** SHA-256 of the JSON of error_statuses and tools, as written here. */
  content_sha256: string;
  /** The envelope's error types and their HTTP status (shared/errors.ts). */
  error_statuses: Record<string, number>;
  tools: RegistryTool[];
}

function registryTool(tool: AnyTool): RegistryTool {
  const group = groupOf(tool.name);
  const action = actionOf(tool.name);
  return {
    ...toolListing(tool),
    group,
    action,
    provider_name: toProviderName(tool.name),
    http: { method: "POST", path: `/functions/v1/${group}/${action}` },
    output_schema: toolOutputJsonSchema(tool),
    doc: tool.doc,
    providers: {
      anthropic: toAnthropicTools([tool])[0],
      openai: toOpenAiTools([tool])[0],
      gemini: toGeminiFunctionDeclarations([tool])[0],
    },
  };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The registry as one JSON document for callers that do not run our TypeScript (seed 003's build artifact).
 * Deterministic: no build time and no commit in it, so a rebuild of the same tools is byte for byte the same.
 */
export async function buildRegistryArtifact(tools: readonly AnyTool[] = allTools): Promise<RegistryArtifact> {
  const content = { error_statuses: { ...errorStatus }, tools: tools.map(registryTool) };
  const hash = await sha256Hex(JSON.stringify(content));
  return { version: `1.0.${hash.slice(0, 12)}`, content_sha256: hash, ...content };
}
