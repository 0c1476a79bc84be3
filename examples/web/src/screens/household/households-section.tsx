/// <reference lib="dom" />
// The person's households: switch to another, and make the open one the default (the one that opens at sign-in).
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";

export function HouseholdsSection({ onDefaultChanged }: { onDefaultChanged: (sentence: string) => void }) {
  const { api, household, households, chooseHousehold, refreshHouseholds, announce } = useApp();
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function makeDefault() {
    setBusy(true);
    setError(null);
    try {
      await api.tools().household.setDefault({}, api.once());
      const sentence = `${household.name} now opens when you sign in.`;
      announce(sentence);
      onDefaultChanged(sentence);
      await refreshHouseholds();
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card households" aria-labelledby="households-heading">
      <h2 id="households-heading">Your households</h2>
      <ul class="household-list">
        {households.map((each) => (
          <li key={each.id}>
            <span class="household-entry-name">
              {each.name}
              {each.id === household.id ? " (open)" : ""}
            </span>
            <span class="hint">
              {each.member_count === 1 ? "1 member" : `${each.member_count} members`}
              {each.is_default ? " · opens at sign-in" : ""}
            </span>
            {each.id === household.id
              ? (each.is_default || households.length === 1
                ? null
                : (
                  <button type="button" class="secondary" onClick={makeDefault} disabled={busy}>
                    Open this one at sign-in
                  </button>
                ))
              : (
                <button
                  type="button"
                  class="secondary"
                  aria-label={`Switch to ${each.name}`}
                  onClick={() => {
                    chooseHousehold(each.id);
                    announce(`Switched to ${each.name}.`);
                  }}
                >
                  Switch
                </button>
              )}
          </li>
        ))}
      </ul>
      <ErrorMessage error={error} />
    </section>
  );
}
