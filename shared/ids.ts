import * as z from "zod";

// The one UUID rule of the TypeScript side: any 8-4-4-4-12 hex string, as Postgres' uuid type accepts
// (z.uuid() would refuse version-less ids). Tool schemas use the same z.guid() through idField().
const uuid = z.guid();

export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}
