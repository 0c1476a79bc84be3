// The fields tool results share. Each group's results.ts (grocery/results.ts, …) holds what its app.* SQL functions
// return (private.invoke's "data"): the contract with the SQL, one schema per shape, each with its type of the same
// name. Every shape is fixed by a jsonb_build_object, so every object is strict.
// Entities carry their own key as `id` (as private.grocery_item_json does) and name others `<entity>_id`.
// Timestamps are ISO 8601 strings, dates YYYY-MM-DD, quantities JSON numbers from numeric columns.
import * as z from "zod";

export const id = z.guid();
export const timestamp = z.iso.datetime({ offset: true });
export const householdRole = z.enum(["owner", "member"]);
