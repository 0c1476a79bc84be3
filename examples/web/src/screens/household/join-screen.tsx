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
        // A new key each time the link is opened: joining is safe to repeat (a member is told so), and a key made
        // from the code would replay a first join after the person was removed, and join nothing.
        const joined = await tools.household.join({ code }, { idempotencyKey: crypto.randomUUID() });
        if (gone) return;
        const by = preview.invited_by ? `, invited by ${preview.invited_by}` : "";
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
