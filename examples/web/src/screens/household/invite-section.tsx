/// <reference lib="dom" />
// Invite links: household.create_invite gives a code; the link is this app's address with #/join/<code>, which a
// person with or without an account opens to join.
// The open links with Revoke are in invite-list.tsx (tools from the `households` branch; see the note there).
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import type { UndoOffer } from "../../components/undo-button.tsx";
import { inviteLink } from "./invite-link.ts";
import { InviteList } from "./invite-list.tsx";

interface Invite {
  link: string;
  expiresAt: string;
}

export function InviteSection({ offer }: { offer: (offer: UndoOffer) => void }) {
  const { api, announce } = useApp();
  const [invite, setInvite] = useState<Invite | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [version, setVersion] = useState(0);

  async function create() {
    setBusy(true);
    setError(null);
    setCopied(false);
    try {
      const created = await api.tools().household.createInvite({}, api.once());
      setInvite({ link: inviteLink(created.code), expiresAt: created.expires_at });
      setVersion((current) => current + 1);
      announce("Invite link created.");
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!invite) return;
    try {
      await navigator.clipboard.writeText(invite.link);
      setCopied(true);
      announce("Invite link copied.");
    } catch {
      // No clipboard permission (an insecure origin, say): the field is selected so the person can copy it.
      (document.getElementById("invite-link") as HTMLInputElement | null)?.select();
      announce("Select the link and copy it.");
    }
  }

  const expires = invite
    ? new Date(invite.expiresAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
    : "";
  return (
    <section class="card invite" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <p class="hint">Anyone with the link can join this household, with or without an account.</p>
      <button type="button" onClick={create} disabled={busy}>
        {invite ? "Create another invite link" : "Create invite link"}
      </button>
      {invite
        ? (
          <div class="invite-link">
            <label>
              Invite link
              <input id="invite-link" readOnly value={invite.link} onFocus={(event) => event.currentTarget.select()} />
            </label>
            <button type="button" class="secondary" onClick={copy}>{copied ? "Copied" : "Copy link"}</button>
            <p class="hint">It works until {expires}.</p>
          </div>
        )
        : null}
      <ErrorMessage error={error} />
      <InviteList version={version} onRevoked={(sentence) => offer({ tool: "household.revoke_invite", sentence })} />
    </section>
  );
}
