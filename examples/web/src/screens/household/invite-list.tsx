/// <reference lib="dom" />
// The household's open invite links with Revoke, through household.list_invites and household.revoke_invite.
// NOTE for the lead: those two tools come from the `households` branch (not merged when this was written), so they
// are called by name through callTool rather than the typed client, with their replies typed here as that branch
// defines them; until they exist the API answers NOT_FOUND and this list stays hidden. Once merged, switch to
// api.tools().household.listInvites / revokeInvite and drop the local types.
import { useEffect, useState } from "preact/hooks";
import { callTool } from "@meal-planner/client/call-tool.ts";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import { inviteLink } from "./invite-link.ts";

interface InviteEntry {
  invite_id: string;
  code: string;
  expires_at: string;
  max_uses: number | null;
  use_count: number;
  status: "active" | "expired" | "revoked" | "used_up";
}

export function InviteList({ version, onRevoked }: { version: number; onRevoked: (sentence: string) => void }) {
  const { api, household, announce } = useApp();
  const [invites, setInvites] = useState<InviteEntry[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const options = { householdId: household.id };

  async function load() {
    try {
      const listed = await callTool<{ invites: InviteEntry[] }>(api.client, "household.list_invites", {}, options);
      setInvites(listed.invites.filter((invite) => invite.status === "active"));
    } catch (caught) {
      const failure = asApiError(caught);
      // No such tool on this server yet: the list is simply not offered.
      if (failure.type !== "NOT_FOUND") setError(failure);
      setInvites(null);
    }
  }
  useEffect(() => {
    load();
  }, [api, version]);

  async function revoke(invite: InviteEntry) {
    setError(null);
    try {
      await callTool(api.client, "household.revoke_invite", { invite_id: invite.invite_id }, {
        ...options,
        ...api.once(),
      });
      const sentence = "Revoked an invite link; it no longer works.";
      announce(sentence);
      onRevoked(sentence);
      await load();
    } catch (caught) {
      setError(asApiError(caught));
    }
  }

  if (!invites) return <ErrorMessage error={error} />;
  return (
    <div class="open-invites">
      <h3>Open invite links ({invites.length})</h3>
      {invites.length === 0 ? <p class="hint">None.</p> : null}
      <ul>
        {invites.map((invite, index) => (
          <li key={invite.invite_id}>
            <span class="invite-entry">
              Link {index + 1}: works until{" "}
              {new Date(invite.expires_at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })},{" "}
              {invite.max_uses === null
                ? `used ${invite.use_count} ${invite.use_count === 1 ? "time" : "times"}`
                : `${invite.use_count} of ${invite.max_uses} uses`}
            </span>
            <button
              type="button"
              class="secondary"
              aria-label={`Copy link ${index + 1}`}
              onClick={() => navigator.clipboard?.writeText(inviteLink(invite.code)).then(() => announce("Copied."))}
            >
              Copy
            </button>
            <button type="button" class="danger" aria-label={`Revoke link ${index + 1}`} onClick={() => revoke(invite)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <ErrorMessage error={error} />
    </div>
  );
}
