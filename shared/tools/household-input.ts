import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { AnyTool } from "./define-tool.ts";

function checkedHouseholdId(value: unknown): string {
  if (isUuid(value)) return value.toLowerCase();
  throw new AppError("VALIDATION_ERROR", "household_id must be a UUID (one of yours, from household.get).", {
    field: "household_id",
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The one household-naming rule: the caller names a household in the X-Household-Id header, in a
 * `household_id` field, or both, and then both must name the same one. Null (neither) lets the
 * database take the user's only household.
 */
export function namedHousehold(fromHeader: string | null | undefined, fromBody: unknown): string | null {
  const header = fromHeader == null || fromHeader === "" ? null : checkedHouseholdId(fromHeader);
  const body = fromBody == null ? null : checkedHouseholdId(fromBody);
  if (header !== null && body !== null && header !== body) {
    throw new AppError("VALIDATION_ERROR", "X-Household-Id and household_id name different households.", {
      field: "household_id",
    });
  }
  return body ?? header;
}

/**
 * The household is context, not tool input: it comes from the caller (X-Household-Id) or from a
 * `household_id` field in the body, which is taken out before the tool's schema sees the input.
 * User-scoped tools ignore the caller's household and refuse the field like any unknown key.
 */
export function separateHousehold(
  tool: AnyTool,
  rawInput: unknown,
  givenHouseholdId: string | null | undefined,
): { input: unknown; householdId: string | null } {
  if (tool.scope === "user") return { input: rawInput, householdId: null };
  if (!isPlainObject(rawInput) || !Object.hasOwn(rawInput, "household_id")) {
    return { input: rawInput, householdId: namedHousehold(givenHouseholdId, null) };
  }
  const { household_id: fromInput, ...input } = rawInput;
  return { input, householdId: namedHousehold(givenHouseholdId, fromInput) };
}
