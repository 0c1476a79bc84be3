/// <reference lib="dom" />
// What an invite link opens, read before the person has a session (POST household/public/invite, the one read the
// API answers without a user): the household's name and who invited, for the sign-in page's heading. A link that
// does not work (made up, revoked, expired, used up: the server does not say which) is told in words, so the person
// signs up with a household of their own rather than expecting to join.
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useState } from "preact/hooks";

export type InvitePreview =
  | { state: "reading" }
  | { state: "read"; householdName: string; invitedBy: string | null }
  | { state: "refused"; message: string }
  /** Not known (too many tries, no connection): the page says only that it is an invite. */
  | { state: "unknown" };

/** "Join The Journeys — Alice invited you", or "Join The Journeys" when the inviter has no display name. */
export function inviteHeading(preview: { householdName: string; invitedBy: string | null }): string {
  return preview.invitedBy
    ? `Join ${preview.householdName} — ${preview.invitedBy} invited you`
    : `Join ${preview.householdName}`;
}

export function useInvitePreview(supabase: SupabaseClient, code: string | undefined): InvitePreview | null {
  const [preview, setPreview] = useState<InvitePreview | null>(code ? { state: "reading" } : null);
  useEffect(() => {
    if (!code) return setPreview(null);
    let gone = false;
    setPreview({ state: "reading" });
    readInvite(supabase, code).then((read) => {
      if (!gone) setPreview(read);
    });
    return () => {
      gone = true;
    };
  }, [code]);
  return preview;
}

async function readInvite(supabase: SupabaseClient, code: string): Promise<InvitePreview> {
  const { data, error } = await supabase.functions.invoke("household/public/invite", { body: { code } });
  if (!error && data?.ok === true) {
    return { state: "read", householdName: data.data.household_name, invitedBy: data.data.invited_by };
  }
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const envelope = await response.json().catch(() => null);
    if (response.status === 404 || response.status === 400) {
      return { state: "refused", message: envelope?.error?.message ?? "This invite link does not work." };
    }
  }
  return { state: "unknown" };
}
