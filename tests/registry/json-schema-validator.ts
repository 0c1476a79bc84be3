import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";

/**
 * A JSON Schema (draft 2020-12) validator that checks formats (uuid, date, date-time) and refuses schemas with
 * unknown keywords or types (strict mode), so a malformed exported schema fails at compile time.
 */
export function strictValidator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  formats.default(ajv);
  return ajv;
}
