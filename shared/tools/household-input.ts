import { AppError } from "../errors.ts";
import type { AnyTool } from "./define-tool.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkedHouseholdId(value: unknown): string {
  if (typeof value === "string" && uuidPattern.test(value)) return value.toLowerCase();
  throw new AppError("VALIDATION_ERROR", "household_id must be a UUID (one of yours, from household.get).", {
    field: "household_id",
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
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
  let householdId = givenHouseholdId == null ? null : checkedHouseholdId(givenHouseholdId);
  if (!isPlainObject(rawInput) || !Object.hasOwn(rawInput, "household_id")) return { input: rawInput, householdId };
  const { household_id: fromInput, ...input } = rawInput;
  if (fromInput === null) return { input, householdId };
  const named = checkedHouseholdId(fromInput);
  if (householdId !== null && householdId !== named) {
    throw new AppError("VALIDATION_ERROR", "X-Household-Id and household_id name different households.", {
      field: "household_id",
    });
  }
  householdId = named;
  return { input, householdId };
}
