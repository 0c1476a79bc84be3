// What the household tools' SQL functions return (private.invoke's "data"). The rules every shape follows are in
// ../result-fields.ts.
import * as z from "zod";
import { groceryCategories, nextCursor } from "../fields.ts";
import { householdRole, id, timestamp } from "../result-fields.ts";
import { AisleOrder } from "../grocery/results.ts";

export const HouseholdMember = z.strictObject({
  user_id: id,
  role: householdRole,
  email: z.string().nullable(),
  /** Their own name, 1–60 characters (household.set_display_name); null until they set one: show the email. */
  display_name: z.string().nullable(),
  joined_at: timestamp,
});
export type HouseholdMember = z.infer<typeof HouseholdMember>;

export const Household = z.strictObject({
  id,
  name: z.string(),
  my_role: householdRole,
  created_at: timestamp,
  members: z.array(HouseholdMember),
});
export type Household = z.infer<typeof Household>;

export const HouseholdGetResult = z.strictObject({ households: z.array(Household) });
export type HouseholdGetResult = z.infer<typeof HouseholdGetResult>;

export const HouseholdCreateInviteResult = z.strictObject({
  household_id: id,
  household_name: z.string(),
  invite_id: id,
  /** The secret the link carries: 43 characters, 244 random bits. */
  code: z.string(),
  expires_at: timestamp,
  max_uses: z.int().positive().nullable(),
});
export type HouseholdCreateInviteResult = z.infer<typeof HouseholdCreateInviteResult>;

export const HouseholdJoinResult = z.strictObject({
  household_id: id,
  /** The invite redeemed: undoing the join gives it its use back. */
  invite_id: id,
  name: z.string(),
  role: householdRole,
  already_member: z.boolean(),
  /** The household joined is now the member's default (absent when they were a member already). */
  became_default: z.boolean().optional(),
  /** Their default household before the join, which undoing the join sets back; null when they had none. */
  previous_default_household_id: id.nullable().optional(),
});
export type HouseholdJoinResult = z.infer<typeof HouseholdJoinResult>;

export const HouseholdListResult = z.strictObject({
  households: z.array(z.strictObject({
    id,
    name: z.string(),
    my_role: householdRole,
    is_default: z.boolean(),
    member_count: z.int().positive(),
  })),
});
export type HouseholdListResult = z.infer<typeof HouseholdListResult>;

export const HouseholdRenameResult = z.strictObject({ household_id: id, name: z.string(), previous_name: z.string() });
export type HouseholdRenameResult = z.infer<typeof HouseholdRenameResult>;

export const HouseholdSetDefaultResult = z.strictObject({
  default_household_id: id,
  previous_default_household_id: id.nullable(),
});
export type HouseholdSetDefaultResult = z.infer<typeof HouseholdSetDefaultResult>;

/** The membership as it was (role, default flag, joining time): undoing puts it back. */
const FormerMembership = { role: householdRole, was_default: z.boolean(), joined_at: timestamp };

export const HouseholdLeaveResult = z.strictObject({ left: z.literal(true), household_id: id, ...FormerMembership });
export type HouseholdLeaveResult = z.infer<typeof HouseholdLeaveResult>;

export const HouseholdRemoveMemberResult = z.strictObject({
  removed: z.literal(true),
  household_id: id,
  user_id: id,
  ...FormerMembership,
});
export type HouseholdRemoveMemberResult = z.infer<typeof HouseholdRemoveMemberResult>;

export const HouseholdSetRoleResult = z.strictObject({
  household_id: id,
  user_id: id,
  role: householdRole,
  previous_role: householdRole,
});
export type HouseholdSetRoleResult = z.infer<typeof HouseholdSetRoleResult>;

export const HouseholdSetDisplayNameResult = z.strictObject({
  user_id: id,
  display_name: z.string(),
  previous_display_name: z.string().nullable(),
});
export type HouseholdSetDisplayNameResult = z.infer<typeof HouseholdSetDisplayNameResult>;

export const HouseholdPreviewInviteResult = z.strictObject({
  household_name: z.string(),
  /** The display name of who made the link; null when they set none. */
  invited_by: z.string().nullable(),
  expires_at: timestamp,
  already_member: z.boolean(),
});
export type HouseholdPreviewInviteResult = z.infer<typeof HouseholdPreviewInviteResult>;

/** An invite as its household's owners see it. */
export const HouseholdInvite = z.strictObject({
  invite_id: id,
  code: z.string(),
  created_at: timestamp,
  created_by: id.nullable(),
  expires_at: timestamp,
  max_uses: z.int().positive().nullable(),
  use_count: z.int().nonnegative(),
  revoked_at: timestamp.nullable(),
  status: z.enum(["active", "expired", "revoked", "used_up"]),
});
export type HouseholdInvite = z.infer<typeof HouseholdInvite>;

export const HouseholdListInvitesResult = z.strictObject({
  household_id: id,
  household_name: z.string(),
  invites: z.array(HouseholdInvite),
  next_cursor: nextCursor,
});
export type HouseholdListInvitesResult = z.infer<typeof HouseholdListInvitesResult>;

/** household.revoke_invite: never the code (every member reads the history), its first six characters. */
export const HouseholdRevokeInviteResult = z.strictObject({
  invite_id: id,
  household_id: id,
  household_name: z.string(),
  code_prefix: z.string(),
  expires_at: timestamp,
  use_count: z.int().nonnegative(),
  revoked_at: timestamp,
  revoked_by: id.nullable(),
  /** It was revoked before this call, which changed nothing. */
  already_revoked: z.boolean(),
  message: z.string(),
});
export type HouseholdRevokeInviteResult = z.infer<typeof HouseholdRevokeInviteResult>;

export const HouseholdSetAisleOrderResult = z.strictObject({
  household_id: id,
  household_name: z.string(),
  /** The categories as set, in order; null: the default order. */
  categories: z.array(z.enum(groceryCategories)).nullable(),
  /** The order before (null: the default), which undoing puts back. */
  previous_categories: z.array(z.enum(groceryCategories)).nullable(),
  aisle_order: AisleOrder,
  message: z.string(),
});
export type HouseholdSetAisleOrderResult = z.infer<typeof HouseholdSetAisleOrderResult>;

/** One ingredient the household has on hand (household.set_on_hand), which grocery.sync_plan leaves off the list. */
export const OnHandIngredient = z.strictObject({
  ingredient_id: id,
  ingredient_name: z.string(),
  /** Who marked it: their display name, else their email; null once they left the household. */
  marked_by_name: z.string().nullable(),
  marked_at: timestamp,
});
export type OnHandIngredient = z.infer<typeof OnHandIngredient>;

export const HouseholdListOnHandResult = z.strictObject({
  household_id: id,
  /** By name; at most 500. */
  items: z.array(OnHandIngredient),
  count: z.int().nonnegative(),
});
export type HouseholdListOnHandResult = z.infer<typeof HouseholdListOnHandResult>;

export const HouseholdSetOnHandResult = z.strictObject({
  household_id: id,
  ingredient_id: id,
  ingredient_name: z.string(),
  on_hand: z.boolean(),
  /** The mark before, which undoing puts back. */
  previous_on_hand: z.boolean(),
  /** false when it already was as asked: nothing changed, and its undo does nothing. */
  changed: z.boolean(),
  on_hand_count: z.int().nonnegative(),
  message: z.string(),
});
export type HouseholdSetOnHandResult = z.infer<typeof HouseholdSetOnHandResult>;
