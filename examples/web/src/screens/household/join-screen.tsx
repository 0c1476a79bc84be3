/// <reference lib="dom" />
// An invite link opened by someone signed in (or just signed in or up through it), in a household or in none (a
// member who was removed or left comes back this way): the page names the household and who invited
// (household.preview_invite), joins with the code, then opens the household's list. Shown by the shell itself,
// not inside a household's screens, as the person may have no household yet.
import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useState } from "preact/hooks";
import { createToolsClient } from "@meal-planner/client/tools-client.generated.ts";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";

type Tools = ReturnType<typeof createToolsClient>;

/** Joined within this long: the sign-up through the link did it, moments ago. */
const justJoinedMs = 10 * 60 * 1000;

/**
 * The household of that name the person is in, when exactly one is (names are not unique: with two, the join below
 * finds it by the code), and whether they joined it just now.
 */
async function householdAlreadyJoined(
  supabase: SupabaseClient,
  tools: Tools,
  householdName: string,
): Promise<{ householdId: string; justJoined: boolean } | null> {
  const [{ households }, { data }] = await Promise.all([tools.household.get({}), supabase.auth.getSession()]);
  const named = households.filter((household) => household.name === householdName);
  if (named.length !== 1) return null;
  const me = named[0].members.find((member) => member.user_id === data.session?.user.id);
  if (!me) return null;
  return { householdId: named[0].id, justJoined: Date.now() - Date.parse(me.joined_at) < justJoinedMs };
}

export function JoinScreen(
  { supabase, code, onJoined }: {
    supabase: SupabaseClient;
    code: string;
    /** Joined (or already a member): open the household and say so. */
    onJoined: (householdId: string, sentence: string) => Promise<void>;
  },
) {
  const [error, setError] = useState<ApiError | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    (async () => {
      const tools = createToolsClient(supabase);
      try {
        const preview = await tools.household.previewInvite({ code });
        if (gone) return;
        setInvited(
          preview.invited_by
            ? `${preview.invited_by} invited you to ${preview.household_name}.`
            : `You were invited to ${preview.household_name}.`,
        );
        const by = preview.invited_by ? `, invited by ${preview.invited_by}` : "";
        // Signing up through the link joined already (the sign-up carries the code): open the household without
        // a second join, which would be recorded in the history as one more "Join" of the same person.
        const member = preview.already_member
          ? await householdAlreadyJoined(supabase, tools, preview.household_name)
          : null;
        if (gone) return;
        if (member) {
          return await onJoined(
            member.householdId,
            member.justJoined
              ? `You joined ${preview.household_name}${by}.`
              : `You are already in ${preview.household_name}.`,
          );
        }
        // A new key each time the link is opened: joining is safe to repeat (a member is told so), and a key made
        // from the code would replay a first join after the person was removed, and join nothing.
        const joined = await tools.household.join({ code }, { idempotencyKey: crypto.randomUUID() });
        if (gone) return;
        await onJoined(
          joined.household_id,
          joined.already_member ? `You are already in ${joined.name}.` : `You joined ${joined.name}${by}.`,
        );
      } catch (caught) {
        if (!gone) setError(asApiError(caught));
      }
    })();
    return () => {
      gone = true;
    };
  }, [code]);
  return (
    <main class="empty-state" id="main">
      <h1 id="join-heading">Joining a household</h1>
      {invited ? <p class="invited">{invited}</p> : null}
      {error ? <ErrorMessage error={error} /> : <p class="loading">Joining…</p>}
      {error
        ? (
          <p>
            <a href="#/list">Go to your households</a>
          </p>
        )
        : null}
    </main>
  );
}
