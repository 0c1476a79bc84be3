// Generated from shared/tools/registry.ts by deno task build:tools: the tools of functions/household, imported from
// their own modules only, so that the function's bundle holds no other group's. Do not edit.
import type { AnyTool } from "../../define-tool.ts";
import { householdTools } from "../../household/tools.ts";
import { householdInviteTools } from "../../household/invites.ts";
import { aisleTools } from "../../household/aisles.ts";
import { onHandTools } from "../../household/on-hand.ts";

export const groupTools: readonly AnyTool[] = [
  ...householdTools,
  ...householdInviteTools,
  ...aisleTools,
  ...onHandTools,
].filter((tool) => tool.name.startsWith("household."));
