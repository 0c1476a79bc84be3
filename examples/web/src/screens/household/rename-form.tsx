/// <reference lib="dom" />
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";

/** Owners rename the household; the error, if any, shows under the field. */
export function RenameForm({ onRenamed }: { onRenamed: (sentence: string) => void }) {
  const { api, household, refreshHouseholds, announce } = useApp();
  const [name, setName] = useState(household.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const renamed = await api.tools().household.rename({ name: name.trim() }, api.once());
      const sentence = `Renamed the household from ${renamed.previous_name} to ${renamed.name}.`;
      announce(sentence);
      onRenamed(sentence);
      await refreshHouseholds();
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="rename-household" onSubmit={submit}>
      <label>
        Household name
        <input required maxLength={200} value={name} onInput={(event) => setName(event.currentTarget.value)} />
      </label>
      <button type="submit" disabled={busy || name.trim() === household.name}>Rename</button>
      <ErrorMessage error={error} />
    </form>
  );
}
