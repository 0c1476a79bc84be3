import type { ValidateFunction } from "ajv/dist/2020.js";
import document from "../../shared/tools/generated/openapi.json" with { type: "json" };
import { strictValidator } from "./json-schema-validator.ts";

export type Json = Record<string, unknown>;
export { document };

export const components = document.components as unknown as {
  schemas: Record<string, Json>;
  responses: Record<string, Json>;
  parameters: Record<string, Json>;
  securitySchemes: Record<string, Json>;
};
export const paths = document.paths as unknown as Record<string, Record<string, Json>>;

const documentId = "urn:meal-planner:openapi";

// The document's schemas under $defs of one schema resource, so ajv resolves #/components/schemas/… references.
function asSchemaResource(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${documentId}#/$defs/`));
}

const ajv = strictValidator();
ajv.addSchema({ $id: documentId, $defs: asSchemaResource(components.schemas) as Json });

/** A compiled validator of a schema taken from the document (its references into components resolved). */
export function compileSchema(schema: unknown): ValidateFunction {
  return ajv.compile(asSchemaResource(schema) as Json);
}

export function resolve<T = Json>(value: Json): T {
  const reference = value.$ref;
  if (typeof reference !== "string") return value as T;
  const [, , section, name] = reference.split("/");
  return (components as unknown as Record<string, Record<string, T>>)[section][name];
}

/** The JSON schema the document gives for a response of this route, method and status. */
export function responseSchema(path: string, method: string, status: number): Json {
  const operation = paths[path]?.[method];
  if (!operation) throw new Error(`the document has no ${method} ${path}`);
  const response = (operation.responses as Record<string, Json>)[String(status)];
  if (!response) throw new Error(`${method} ${path} declares no ${status} response`);
  const content = resolve(response).content as Record<string, { schema: Json }>;
  return content["application/json"].schema;
}

/** Every place the document holds a schema: content, parameters, headers, components. */
export function* schemasIn(value: unknown, path = ""): Generator<[string, Json]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* schemasIn(item, `${path}/${index}`);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === "schema") yield [`${path}/schema`, child as Json];
    else yield* schemasIn(child, `${path}/${key}`);
  }
}
