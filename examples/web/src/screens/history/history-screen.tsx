/// <reference lib="dom" />
// The history screen: not built yet (see issue 27). It says so rather than pretending.
export function HistoryScreen(_props: Record<string, unknown>) {
  return (
    <section aria-labelledby="history-heading">
      <h1 id="history-heading">History</h1>
      <p>This screen is not built yet.</p>
    </section>
  );
}
