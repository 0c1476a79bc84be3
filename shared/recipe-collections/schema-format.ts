// Which app wrote a file of schema.org Recipes, told from what each app adds: RecipeSage's export is an array
// whose Recipes carry `identifier` and its own keys (`creditText`, `isBasedOn`, a `comment` of "Author Notes");
// a Nextcloud Cookbook recipe.json carries its `id` and `dateCreated`; anything else is plain JSON-LD.
import type { CollectionFormat } from "../tools/recipe/import-file-results.ts";

export function schemaFormatOf(json: unknown, nodes: Record<string, unknown>[]): CollectionFormat {
  const recipeSage = nodes.some((node) =>
    "identifier" in node && ("creditText" in node || "isBasedOn" in node || "comment" in node)
  );
  if (Array.isArray(json) && recipeSage) return "recipesage";
  if (nodes.length === 1 && "id" in nodes[0] && "dateCreated" in nodes[0]) return "nextcloud";
  return "json-ld";
}
