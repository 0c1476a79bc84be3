/// <reference lib="dom" />
// The recipes screen: not built yet (see issue 27). It says so rather than pretending.
export function RecipesScreen(_props: Record<string, unknown>) {
  return (
    <section aria-labelledby="recipes-heading">
      <h1 id="recipes-heading">Recipes</h1>
      <p>This screen is not built yet.</p>
    </section>
  );
}
