/// <reference lib="dom" />
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../api.ts";

/**
 * One user action against the API, with its own busy flag and error, so that the error shows next to the control
 * that failed rather than at the top of the page. `run` resolves to the action's result, or undefined on failure.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  async function run<Result>(action: () => Promise<Result>): Promise<Result | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (caught) {
      setError(asApiError(caught));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { run, busy, error, setError, clear: () => setError(null) };
}
