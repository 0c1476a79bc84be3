import * as z from "zod";
import type { AnyTool } from "./define-tool.ts";

export type JsonSchema = Record<string, unknown>;

const inputCache = new WeakMap<AnyTool, JsonSchema>();
const outputCache = new WeakMap<AnyTool, JsonSchema>();

// Built once per tool: the registry's schemas never change at run time.
function once(cache: WeakMap<AnyTool, JsonSchema>, tool: AnyTool, build: () => JsonSchema): JsonSchema {
  let schema = cache.get(tool);
  if (!schema) {
    schema = build();
    cache.set(tool, schema);
  }
  return schema;
}

/**
 * The tool's input as JSON Schema (draft 2020-12) describing what a caller may send: fields with a
 * default are optional, unknown keys are refused (`additionalProperties: false`).
 */
export function toolJsonSchema(tool: AnyTool): JsonSchema {
  return once(
    inputCache,
    tool,
    () => z.toJSONSchema(tool.inputSchema, { io: "input", target: "draft-2020-12" }) as JsonSchema,
  );
}

/** The schema without `$schema`, as model providers expect an `input_schema` / `parameters` object. */
export function providerInputSchema(tool: AnyTool): JsonSchema {
  const { $schema: _dialect, ...schema } = toolJsonSchema(tool);
  return schema;
}

/** The `data` of the tool's successful reply as JSON Schema (draft 2020-12): what the server sends. */
export function toolOutputJsonSchema(tool: AnyTool): JsonSchema {
  return once(
    outputCache,
    tool,
    () => z.toJSONSchema(tool.outputSchema, { io: "output", target: "draft-2020-12" }) as JsonSchema,
  );
}
