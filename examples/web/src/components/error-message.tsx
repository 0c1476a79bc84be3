/// <reference lib="dom" />
import type { ApiError } from "../api.ts";

/** An error from the API in its own words, next to what failed; never a raw id or JSON. */
export function ErrorMessage({ error, onDismiss }: { error: ApiError | null; onDismiss?: () => void }) {
  if (!error) return null;
  return (
    <div class="error" role="alert">
      <strong class="message">{error.message}</strong>
      {error.retryable ? <span class="hint">Try again in a moment.</span> : null}
      {onDismiss ? <button type="button" class="secondary" onClick={onDismiss}>Dismiss</button> : null}
    </div>
  );
}
