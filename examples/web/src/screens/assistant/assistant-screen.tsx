/// <reference lib="dom" />
// The assistant screen: not built yet (see issue 27). It says so rather than pretending.
export function AssistantScreen(_props: Record<string, unknown>) {
  return (
    <section aria-labelledby="assistant-heading">
      <h1 id="assistant-heading">Assistant</h1>
      <p>This screen is not built yet.</p>
    </section>
  );
}
