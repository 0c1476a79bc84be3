import * as z from "zod";
import { describeCreateInvite, inviteCodeField } from "./invites.ts";
import { defineTool } from "../define-tool.ts";
import { emptyInput, idField, textField } from "../fields.ts";
import { householdDocs } from "./docs.ts";
import { householdManagementDocs } from "./docs-management.ts";

import {
  HouseholdCreateInviteResult,
  HouseholdGetResult,
  HouseholdJoinResult,
  HouseholdLeaveResult,
  HouseholdListResult,
  HouseholdRemoveMemberResult,
  HouseholdRenameResult,
  HouseholdSetDefaultResult,
  HouseholdSetDisplayNameResult,
  HouseholdSetRoleResult,
} from "./results.ts";

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
  inputSchema: z.strictObject({
    expires_in_days: z.number().int({ error: "must be a whole number of days" }).min(1).max(30).optional()
      .describe("Days until the link stops working, 1–30; 7 when absent."),
    max_uses: z.number().int({ error: "must be a whole number" }).min(1).max(50).optional()
      .describe("How many people may join with it, 1–50; any number (until it expires) when absent."),
  }),
  describe: (input, names) => describeCreateInvite(input, names.household()),
  outputSchema: HouseholdCreateInviteResult,
});

export const joinHousehold = defineTool({
  name: "household.join",
  ...householdDocs.join,
  effect: "write",
  risk: "medium",
  scope: "user",
  inputSchema: z.strictObject({ code: inviteCodeField }),
  // The code is a secret: no sentence repeats it. Which household it opens is known once it has run (the history).
  describe: (_input, names, recorded) =>
    recorded ? `Join ${names.household()}` : "Join a household with an invite code",
  // A join at sign-up through an invite link is recorded without its input (the code).
  describeWithoutInput: (names) => `Join ${names.household()}`,
  outputSchema: HouseholdJoinResult,
});

export const listHouseholds = defineTool({
  name: "household.list",
  ...householdManagementDocs.list,
  effect: "read",
  scope: "user",
  inputSchema: emptyInput,
  outputSchema: HouseholdListResult,
});

export const renameHousehold = defineTool({
  name: "household.rename",
  ...householdManagementDocs.rename,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ name: textField(200, "The household's new name, 1–200 characters.") }),
  describe: (input, names, recorded) => {
    // In the history the household already has its new name: the old one is the reply's.
    const before = recorded?.previous_name ?? names.household();
    return before === input.name ? `Rename the household to ${input.name}` : `Rename ${before} to ${input.name}`;
  },
  outputSchema: HouseholdRenameResult,
});

export const setDefaultHousehold = defineTool({
  name: "household.set_default",
  ...householdManagementDocs.setDefault,
  effect: "write",
  risk: "medium",
  inputSchema: emptyInput,
  describe: (_input, names) => `Make ${names.household()} your default household`,
  outputSchema: HouseholdSetDefaultResult,
});

export const leaveHousehold = defineTool({
  name: "household.leave",
  ...householdManagementDocs.leave,
  effect: "write",
  risk: "high",
  inputSchema: emptyInput,
  describe: (_input, names) => `Leave ${names.household()}`,
  outputSchema: HouseholdLeaveResult,
});

const memberId = idField("The member's user id (from household.get).");

export const removeMember = defineTool({
  name: "household.remove_member",
  ...householdManagementDocs.removeMember,
  effect: "write",
  risk: "high",
  inputSchema: z.strictObject({ user_id: memberId }),
  describe: (input, names) => `Remove ${names.member(input.user_id)} from ${names.household()}`,
  outputSchema: HouseholdRemoveMemberResult,
});

export const setRole = defineTool({
  name: "household.set_role",
  ...householdManagementDocs.setRole,
  effect: "write",
  risk: "high",
  inputSchema: z.strictObject({
    user_id: memberId,
    role: z.enum(["owner", "member"], { error: "must be owner or member" }).describe("owner or member."),
  }),
  describe: (input, names) =>
    `Make ${names.member(input.user_id)} ${input.role === "owner" ? "an owner" : "a member"} of ${names.household()}`,
  outputSchema: HouseholdSetRoleResult,
});

// Medium, as every write: it changes only how the caller is named to the members of their households.
export const setDisplayName = defineTool({
  name: "household.set_display_name",
  ...householdManagementDocs.setDisplayName,
  effect: "write",
  risk: "medium",
  scope: "user",
  inputSchema: z.strictObject({
    display_name: textField(60, "The caller's name as fellow members see it, 1–60 characters.")
      // deno-lint-ignore no-control-regex
      .refine((value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value), { error: "must not contain control characters" }),
  }),
  describe: (input) => `Call yourself ${input.display_name}`,
  outputSchema: HouseholdSetDisplayNameResult,
});

export const householdTools = [
  getHouseholds,
  createInvite,
  joinHousehold,
  listHouseholds,
  renameHousehold,
  setDefaultHousehold,
  leaveHousehold,
  removeMember,
  setRole,
  setDisplayName,
];
