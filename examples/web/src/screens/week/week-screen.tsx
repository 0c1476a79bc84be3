/// <reference lib="dom" />
// The week screen: not built yet (see issue 27). It says so rather than pretending.
export function WeekScreen(_props: Record<string, unknown>) {
  return (
    <section aria-labelledby="week-heading">
      <h1 id="week-heading">Week</h1>
      <p>This screen is not built yet.</p>
    </section>
  );
}
