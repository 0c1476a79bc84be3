import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { emptyInput } from "./fields.ts";
import { householdDocs } from "./docs/household.ts";
import { HouseholdCreateInviteResult, HouseholdGetResult, HouseholdJoinResult } from "./results.ts";

export const getHouseholds = defineTool({
  name: "household.get",
  ...householdDocs.get,
  effect: "read",
  scope: "user",
  inputSchema: emptyInput,
  outputSchema: HouseholdGetResult,
});

// High: a code lets whoever holds it read and change the household's data.
export const createInvite = defineTool({
  name: "household.create_invite",
  ...householdDocs.createInvite,
  effect: "write",
  risk: "high",
  inputSchema: emptyInput,
  outputSchema: HouseholdCreateInviteResult,
});

export const joinHousehold = defineTool({
  name: "household.join",
  ...householdDocs.join,
  effect: "write",
  risk: "medium",
  scope: "user",
  inputSchema: z.strictObject({
    code: z.string()
      .trim()
      .min(8, { error: "must be an invite code of 8 to 64 characters" })
      .max(64, { error: "must be an invite code of 8 to 64 characters" })
      .regex(/^[\x21-\x7e]+$/, { error: "must be an invite code without spaces" })
      .describe("The invite code an owner shared (from household.create_invite), 8–64 characters."),
  }),
  outputSchema: HouseholdJoinResult,
});

export const householdTools = [getHouseholds, createInvite, joinHousehold];
