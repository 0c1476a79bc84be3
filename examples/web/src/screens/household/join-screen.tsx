/// <reference lib="dom" />
// An invite link opened by someone already signed in: join with its code, then open the household.
import { useEffect, useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";

export function JoinScreen({ code }: { code: string }) {
  const { api, refreshHouseholds, chooseHousehold, navigate, announce } = useApp();
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    (async () => {
      try {
        // The key is the code: opening the same link twice joins once.
        const joined = await api.tools().household.join({ code }, api.once(`join-${code}`));
        await refreshHouseholds();
        chooseHousehold(joined.household_id);
        announce(joined.already_member ? `You are already in ${joined.name}.` : `You joined ${joined.name}.`);
        navigate({ screen: "list" });
      } catch (caught) {
        setError(asApiError(caught));
      }
    })();
  }, [code]);
  return (
    <section aria-labelledby="join-heading">
      <h1 id="join-heading">Joining a household</h1>
      {error ? <ErrorMessage error={error} /> : <p class="loading">Joining…</p>}
    </section>
  );
}
