import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { readTraits, writeTraits } from "./traits.ts";
import { emptyInput } from "./fields.ts";
import { householdDocs } from "./docs/household.ts";
import type { Household } from "./results.ts";

export const getHouseholds = defineTool({
  name: "household.get",
  ...householdDocs.get,
  ...readTraits({ scope: "user" }),
  inputSchema: emptyInput,
  execute: (input, context) => context.invoke<{ households: Household[] }>("app.household_get", input),
});

// High: a code lets whoever holds it read and change the household's data.
export const createInvite = defineTool({
  name: "household.create_invite",
  ...householdDocs.createInvite,
  ...writeTraits("high"),
  inputSchema: emptyInput,
  execute: (input, context) =>
    context.invoke<{ household_id: string; code: string; expires_at: string }>("app.household_create_invite", input),
});

export const joinHousehold = defineTool({
  name: "household.join",
  ...householdDocs.join,
  ...writeTraits("medium", { scope: "user" }),
  inputSchema: z.strictObject({
    code: z.string()
      .trim()
      .min(8, { error: "must be an invite code of 8 to 64 characters" })
      .max(64, { error: "must be an invite code of 8 to 64 characters" })
      .regex(/^[\x21-\x7e]+$/, { error: "must be an invite code without spaces" })
      .describe("The invite code an owner shared (from household.create_invite), 8–64 characters."),
  }),
  execute: (input, context) =>
    context.invoke<{ household_id: string; name: string; role: "owner" | "member"; already_member: boolean }>(
      "app.household_join",
      input,
    ),
});

export const householdTools = [getHouseholds, createInvite, joinHousehold];
