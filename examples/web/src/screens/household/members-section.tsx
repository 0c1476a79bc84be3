/// <reference lib="dom" />
// The members with their roles. Owners may make a member an owner (or an owner a member) and remove others. A member
// is named by the name they chose, and by their email only while they have chosen none: the household shares names.
import { useState } from "preact/hooks";
import type { HouseholdGetOutput } from "@meal-planner/client/tools-client.generated.ts";
import { type ApiError, asApiError } from "../../api.ts";
import { ConfirmButton } from "../../components/confirm-button.tsx";
import { ErrorMessage } from "../../components/error-message.tsx";
import type { UndoOffer } from "../../components/undo-button.tsx";
import { useApp } from "../../context.ts";

type Member = HouseholdGetOutput["households"][number]["members"][number];

export function MembersSection(
  { members, isOwner, onChanged, offer }: {
    members: Member[];
    isOwner: boolean;
    onChanged: () => Promise<void>;
    offer: (offer: UndoOffer) => void;
  },
) {
  return (
    <section class="card members" aria-labelledby="members-heading">
      <h2 id="members-heading">Members ({members.length})</h2>
      <ul class="member-list">
        {members.map((member) => (
          <MemberRow key={member.user_id} member={member} isOwner={isOwner} onChanged={onChanged} offer={offer} />
        ))}
      </ul>
    </section>
  );
}

function MemberRow(
  { member, isOwner, onChanged, offer }: {
    member: Member;
    isOwner: boolean;
    onChanged: () => Promise<void>;
    offer: (offer: UndoOffer) => void;
  },
) {
  const { api, session, announce } = useApp();
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const isMe = member.user_id === session.user.id;
  const name = member.display_name ?? member.email ?? "A member without an email";
  const joined = new Date(member.joined_at).toLocaleDateString(undefined, { dateStyle: "medium" });

  async function act(tool: string, run: () => Promise<unknown>, sentence: string) {
    setBusy(true);
    setError(null);
    try {
      await run();
      await onChanged();
      announce(sentence);
      offer({ tool, sentence });
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  const otherRole = member.role === "owner" ? "member" : "owner";
  return (
    <li class="member">
      <span class="member-name">
        {name}
        {isMe ? " (you)" : ""}
      </span>
      <span class="member-role">{member.role === "owner" ? "Owner" : "Member"}</span>
      <span class="member-joined">joined {joined}</span>
      {isOwner
        ? (
          <span class="member-actions">
            <button
              type="button"
              class="secondary"
              disabled={busy}
              aria-label={`${otherRole === "owner" ? "Make owner" : "Make member"}: ${name}`}
              onClick={() =>
                act(
                  "household.set_role",
                  () => api.tools().household.setRole({ user_id: member.user_id, role: otherRole }, api.once()),
                  `Made ${name} ${otherRole === "owner" ? "an owner" : "a member"}.`,
                )}
            >
              {otherRole === "owner" ? "Make owner" : "Make member"}
            </button>
            {isMe ? null : (
              <ConfirmButton
                class="danger"
                disabled={busy}
                label={`Remove ${name}`}
                question={`Remove ${name} from the household?`}
                detail="They keep their account; an owner can invite them again."
                confirm="Remove"
                onConfirm={() =>
                  act(
                    "household.remove_member",
                    () => api.tools().household.removeMember({ user_id: member.user_id }, api.once()),
                    `Removed ${name} from the household.`,
                  )}
              >
                Remove
              </ConfirmButton>
            )}
          </span>
        )
        : null}
      <ErrorMessage error={error} />
    </li>
  );
}
