/// <reference lib="dom" />
// Leaving: the last owner is refused (the API says to make someone else an owner first), shown here in its words.
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ConfirmButton } from "../../components/confirm-button.tsx";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";

export function LeaveSection() {
  const { api, household, refreshHouseholds, announce, navigate } = useApp();
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    setError(null);
    try {
      await api.tools().household.leave({}, api.once());
      announce(`You left ${household.name}.`);
      await refreshHouseholds();
      navigate({ screen: "list" });
    } catch (caught) {
      setError(asApiError(caught));
      setBusy(false);
    }
  }

  return (
    <section class="card leave" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Leave this household</h2>
      <ConfirmButton
        class="danger"
        disabled={busy}
        question={`Leave ${household.name}?`}
        detail="To come back, open an invite link from an owner."
        confirm="Leave"
        onConfirm={leave}
      >
        Leave {household.name}
      </ConfirmButton>
      <ErrorMessage error={error} />
    </section>
  );
}
