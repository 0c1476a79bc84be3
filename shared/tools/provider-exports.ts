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
  function: { name: string; description: string; parameters: JsonSchema; strict: boolean };
}

/** Gemini's `Type` enum (the REST API and the SDK's `Type.*` share these names). */
export type GeminiType = "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT";

/** The subset of OpenAPI 3.0's Schema Object that Gemini function declarations accept, as far as we use it. */
export interface GeminiSchema {
  type: GeminiType;
  description?: string;
  nullable?: boolean;
  format?: string;
  enum?: string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: GeminiSchema;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  default?: unknown;
}

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** Absent for a tool without input: Gemini refuses an OBJECT without properties. */
  parameters?: GeminiSchema;
}

/** Anthropic Messages API `tools` entries; names go through toProviderName (no dots allowed there). */
export function toAnthropicTools(tools: readonly AnyTool[]): AnthropicTool[] {
  return tools.map((tool) => ({
    name: toProviderName(tool.name),
    description: tool.description,
    input_schema: providerInputSchema(tool),
  }));
}

/**
 * OpenAI Chat Completions `tools` entries (function calling), with the same name mapping. `strict` is on only
 * where OpenAI's strict mode takes the schema as it is (allowsOpenAiStrict); elsewhere the model is only guided.
 */
export function toOpenAiTools(tools: readonly AnyTool[]): OpenAiFunctionTool[] {
  return tools.map((tool) => {
    const parameters = providerInputSchema(tool);
    return {
      type: "function",
      function: {
        name: toProviderName(tool.name),
        description: tool.description,
        parameters,
        strict: allowsOpenAiStrict(parameters),
      },
    };
  });
}

/** Gemini `functionDeclarations` entries, with the same name mapping. */
export function toGeminiFunctionDeclarations(tools: readonly AnyTool[]): GeminiFunctionDeclaration[] {
  return tools.map((tool) => {
    const declaration: GeminiFunctionDeclaration = { name: toProviderName(tool.name), description: tool.description };
    const parameters = toGeminiSchema(providerInputSchema(tool));
    if (Object.keys(parameters.properties ?? {}).length > 0) declaration.parameters = parameters;
    return declaration;
  });
}

function subschemas(schema: JsonSchema): JsonSchema[] {
  const properties = Object.values((schema.properties ?? {}) as Record<string, JsonSchema>);
  const items = schema.items ? [schema.items as JsonSchema] : [];
  const variants = (schema.anyOf ?? []) as JsonSchema[];
  return [...properties, ...items, ...variants];
}

/**
 * OpenAI's strict mode needs every object closed (`additionalProperties: false`) with every property required
 * (an optional field would have to be sent as a required nullable one, which is not our schema) and no defaults.
 */
export function allowsOpenAiStrict(schema: JsonSchema): boolean {
  if ("default" in schema) return false;
  if (schema.type === "object") {
    if (schema.additionalProperties !== false) return false;
    const required = new Set((schema.required ?? []) as string[]);
    if (!Object.keys((schema.properties ?? {}) as object).every((key) => required.has(key))) return false;
  }
  return subschemas(schema).every(allowsOpenAiStrict);
}

const geminiTypes: Record<string, GeminiType> = {
  string: "STRING",
  number: "NUMBER",
  integer: "INTEGER",
  boolean: "BOOLEAN",
  array: "ARRAY",
  object: "OBJECT",
};

// Gemini answers 400 to any other string format ("only 'enum' and 'date-time' are supported for STRING type").
const geminiStringFormats = new Set(["date-time"]);

// Copied as they are; everything else is translated below or refused, so a new keyword fails the build loudly.
const copiedKeywords = [
  "description",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
];
const droppedKeywords = new Set(["$schema", "additionalProperties"]);
const translatedKeywords = new Set([
  "type",
  "anyOf",
  "enum",
  "format",
  "properties",
  "required",
  "items",
  "default",
  "exclusiveMinimum",
  "exclusiveMaximum",
]);

function nonNullVariant(schema: JsonSchema): JsonSchema | undefined {
  const variants = schema.anyOf as JsonSchema[] | undefined;
  if (!variants) return undefined;
  const others = variants.filter((variant) => variant.type !== "null");
  if (others.length !== 1 || variants.length !== 2) {
    throw new Error(`Gemini export: anyOf other than "X or null" is not supported: ${JSON.stringify(schema)}`);
  }
  return others[0];
}

/**
 * A JSON Schema (as z.toJSONSchema writes a tool's input) in the OpenAPI 3.0 subset Gemini accepts: upper-case
 * types, `nullable` instead of `anyOf` with null or a type list, no `additionalProperties`, exclusive bounds
 * as inclusive ones (the server still refuses the bound itself), and string formats other than date-time left out
 * (an id keeps its pattern).
 */
export function toGeminiSchema(schema: JsonSchema): GeminiSchema {
  const variant = nonNullVariant(schema);
  if (variant) {
    const { anyOf: _variants, ...outer } = schema;
    return { ...toGeminiSchema({ ...variant, ...outer }), nullable: true };
  }
  for (const keyword of Object.keys(schema)) {
    if (!copiedKeywords.includes(keyword) && !droppedKeywords.has(keyword) && !translatedKeywords.has(keyword)) {
      throw new Error(`Gemini export: the keyword "${keyword}" has no translation: ${JSON.stringify(schema)}`);
    }
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
  const nonNullTypes = types.filter((type) => type !== "null");
  if (nonNullTypes.length !== 1 || !geminiTypes[nonNullTypes[0]]) {
    throw new Error(`Gemini export: needs exactly one type besides null: ${JSON.stringify(schema)}`);
  }
  const result: GeminiSchema = { type: geminiTypes[nonNullTypes[0]] };
  for (const keyword of copiedKeywords) {
    if (schema[keyword] !== undefined) (result as unknown as Record<string, unknown>)[keyword] = schema[keyword];
  }
  if (types.includes("null")) result.nullable = true;
  if (typeof schema.exclusiveMinimum === "number") result.minimum = schema.exclusiveMinimum;
  if (typeof schema.exclusiveMaximum === "number") result.maximum = schema.exclusiveMaximum;
  if (typeof schema.format === "string" && result.type === "STRING" && geminiStringFormats.has(schema.format)) {
    result.format = schema.format;
  }
  if (schema.enum !== undefined) {
    if (result.type !== "STRING") throw new Error(`Gemini export: enum only on strings: ${JSON.stringify(schema)}`);
    result.format = "enum";
    result.enum = schema.enum as string[];
  }
  if (schema.default !== undefined) result.default = schema.default;
  if (schema.items) result.items = toGeminiSchema(schema.items as JsonSchema);
  if (schema.properties) {
    result.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, JsonSchema>).map((
        [key, value],
      ) => [key, toGeminiSchema(value)]),
    );
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) result.required = schema.required as string[];
  return result;
}
