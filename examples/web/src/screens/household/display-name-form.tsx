/// <reference lib="dom" />
// The person's own display name: what fellow members see in the members list, the history and conflict messages.
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";

/**
 * Starts from the saved name. The screen keys it by that name, so a name saved here or elsewhere starts it anew;
 * an effect that copied the name in after the first paint would also wipe what a quick person had already typed.
 */
export function DisplayNameForm({ current, onChanged }: { current: string | null; onChanged: () => Promise<void> }) {
  const { api, announce } = useApp();
  const [name, setName] = useState(current ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await api.tools().household.setDisplayName({ display_name: name.trim() }, api.once());
      await onChanged();
      announce(`Members now see you as ${saved.display_name}.`);
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="rename-household display-name" onSubmit={submit}>
      <label>
        Your name
        <input
          required
          maxLength={60}
          autoComplete="name"
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
        />
      </label>
      <button type="submit" disabled={busy || name.trim() === "" || name.trim() === (current ?? "")}>
        Save name
      </button>
      <ErrorMessage error={error} />
    </form>
  );
}
