/// <reference lib="dom" />
// The household screen: not built yet (see issue 27). It says so rather than pretending.
export function HouseholdScreen(_props: Record<string, unknown>) {
  return (
    <section aria-labelledby="household-heading">
      <h1 id="household-heading">Household</h1>
      <p>This screen is not built yet.</p>
    </section>
  );
}
