import type { JsonSchema } from "../json-schema.ts";

// The keywords that shape a value's type; the rest (bounds, patterns, formats, descriptions) only narrow or
// document it. A structural keyword not listed here fails the build instead of becoming a wrong type.
const structuralKeywords = new Set(["$ref", "allOf", "oneOf", "not", "if", "patternProperties", "prefixItems"]);

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function docComment(description: unknown, indent: string): string {
  if (typeof description !== "string" || description === "") return "";
  const text = description.replaceAll("*/", "*\\/");
  return `${indent}/** ${text.split("\n").join(`\n${indent} * `)} */\n`;
}

function union(members: string[]): string {
  return [...new Set(members)].join(" | ");
}

function arrayOf(item: string): string {
  return /^[A-Za-z0-9_]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
}

function objectType(schema: JsonSchema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    return schema.additionalProperties === false ? "Record<string, never>" : "Record<string, unknown>";
  }
  const inner = `${indent}  `;
  const lines = keys.map((key) => {
    const name = identifier.test(key) ? key : JSON.stringify(key);
    const optional = required.has(key) ? "" : "?";
    return `${docComment(properties[key].description, inner)}${inner}${name}${optional}: ${
      typeScriptType(properties[key], inner)
    };\n`;
  });
  return `{\n${lines.join("")}${indent}}`;
}

function singleType(type: string, schema: JsonSchema, indent: string): string {
  switch (type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return arrayOf(schema.items ? typeScriptType(schema.items as JsonSchema, indent) : "unknown");
    case "object":
      return objectType(schema, indent);
    default:
      throw new Error(`TypeScript types: unknown JSON Schema type "${type}"`);
  }
}

/**
 * The TypeScript type a JSON Schema (as z.toJSONSchema writes our tools' schemas) describes, as source text:
 * objects with optional keys where not required, unions for anyOf and type lists, literal unions for enum/const.
 */
export function typeScriptType(schema: JsonSchema, indent = ""): string {
  for (const keyword of Object.keys(schema)) {
    if (structuralKeywords.has(keyword)) throw new Error(`TypeScript types: "${keyword}" is not supported`);
  }
  if (typeof schema.additionalProperties === "object") {
    throw new Error("TypeScript types: additionalProperties with a schema is not supported");
  }
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => JSON.stringify(value)));
  if (Array.isArray(schema.anyOf)) {
    return union((schema.anyOf as JsonSchema[]).map((variant) => typeScriptType(variant, indent)));
  }
  if (Array.isArray(schema.type)) {
    return union((schema.type as string[]).map((type) => singleType(type, schema, indent)));
  }
  if (typeof schema.type === "string") return singleType(schema.type, schema, indent);
  return "unknown";
}

/** `export type Name = …;` with the schema's description as its doc comment. */
export function typeDeclaration(name: string, schema: JsonSchema): string {
  return `${docComment(schema.description, "")}export type ${name} = ${typeScriptType(schema)};\n`;
}
