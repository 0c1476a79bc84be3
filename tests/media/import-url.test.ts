// recipe.import_url: a page's schema.org Recipe into a draft; only public http(s) pages, checked after
// DNS resolution and at every redirect, with limits on size and redirects. The refusals go through the stack;
// the pages themselves are served by this test on 127.0.0.1, which only this test's own recipe function (with
// RECIPE_IMPORT_ALLOW_HOSTS naming that server) may read. Every address form is tested in fetch-page.test.ts.
import assert from "node:assert/strict";
import { adminSql, createTestUser, stackEnv } from "../support/stack.ts";
import { callTool } from "../support/tools-client.ts";
import { ownGroupFunction } from "../support/own-group-function.ts";
import { allowImportHost } from "../support/allow-import-host.ts";

const sql = adminSql();
const user = await createTestUser(sql, "import-url");
await sql.end();

const recipePage = (body: unknown) =>
  `<html><head><script type="application/ld+json">${JSON.stringify(body)}</script></head><body>…</body></html>`;
const pancakes = {
  "@context": "https://schema.org",
  "@graph": [
    { "@type": "WebSite", name: "Cooking" },
    {
      "@type": ["Recipe"],
      name: "Pancakes",
      recipeIngredient: ["2 cups all-purpose flour", "1 1/2 cups milk", "2 eggs", "a pinch of nutmeg"],
      recipeInstructions: [
        { "@type": "HowToStep", text: "Whisk everything." },
        { "@type": "HowToSection", itemListElement: [{ "@type": "HowToStep", text: "Fry in butter." }] },
      ],
    },
  ],
};
const weekList = "<ul><li>3 walks in the park</li><li>A new bike</li><li>Visiting grandma</li><li>2 films</li></ul>";
let siteUrl = "";
let requestsServed = 0;
const pages = new Map<string, () => Response>([
  ["/pancakes", () => new Response(recipePage(pancakes), { headers: { "content-type": "text/html" } })],
  ["/moved", () => Response.redirect(`${siteUrl}/pancakes`, 302)],
  ["/to-metadata", () => Response.redirect("http://169.254.169.254/latest/meta-data/", 302)],
  ["/no-recipe", () => new Response("<html><body>Just a blog.</body></html>")],
  // Lists only, with no heading, class or measures to tell them apart: the one that names catalog ingredients.
  ["/our-week", () => new Response(`<html><body><h1>Our week</h1>${weekList}</body></html>`)],
  [
    "/catalog-list",
    () =>
      new Response(`<html><head><meta property="og:title" content="Parmesan chicken"></head><body>${weekList}
        <ul><li>6 boneless, skinless chicken breasts</li><li>1 cup all-purpose flour</li><li>Unsalted butter</li>
        <li>Good olive oil</li><li>2 extra-large eggs</li><li>Kosher salt</li></ul><p>Pound the chicken.</p>
        </body></html>`),
  ],
  [
    "/microdata",
    () =>
      new Response(`<html><body><div itemscope itemtype="https://schema.org/Recipe">
        <h1 itemprop="name">Garlic rice</h1>
        <ul><li itemprop="recipeIngredient">1 cup white rice</li><li itemprop="recipeIngredient">2 garlic</li></ul>
        <meta itemprop="recipeIngredient" content="1 tbsp butter">
        <div itemprop="recipeInstructions">Cook the rice.</div></div></body></html>`),
  ],
  ["/huge", () => new Response("x".repeat(9 * 1024 * 1024))],
  [
    "/sections",
    () =>
      new Response(recipePage({
        "@type": "Recipe",
        name: "Chicken &amp; Rice",
        recipeIngredient: ["FOR THE MARINADE", "2 tbsp soy sauce\n3 cloves garlic", "## RICE", "1 cup jasmine rice"],
      })),
  ],
  [
    "/markup-only",
    () =>
      new Response(`<html><head><title>Site</title><meta property="og:title" content="Lemon &#39;bars&#39;"></head>
        <body><ul class="menu"><li>Home</li><li>Recipes</li></ul>
        <div class="ingredients"><h2>Ingredients</h2><ul><li>1 cup sugar</li><li>2 lemons</li></ul></div></body></html>`),
  ],
  [
    "/measured-list-only",
    () =>
      new Response(`<html><head><meta property="og:title" content="Chicken salad"></head><body>
        <ul class="menu"><li><a href="/">Home</a></li><li><a href="/r">Recipes</a></li></ul><h1>Chicken salad</h1>
        <ul><li>6 cups rotisserie chicken, shredded</li><li>3 cups red grapes, halved</li><li>2 cups mayonnaise</li>
        </ul><h2>Method</h2><ol><li>Mix everything.</li></ol></body></html>`),
  ],
]);
const site: Deno.HttpServer<Deno.NetAddr> = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (
  request: Request,
): Response => {
  requestsServed++;
  const page = pages.get(new URL(request.url).pathname);
  return page ? page() : new Response("not here", { status: 404 });
});
siteUrl = `http://127.0.0.1:${site.addr.port}`;

// This test's own recipe function, allowed to read the local site.
allowImportHost(`127.0.0.1:${site.addr.port}`);
const { handler, pool } = ownGroupFunction("recipe", stackEnv().databaseUrl, { DB_POOL_MAX: "2" });
async function importHere(url: string) {
  const response = await handler(
    new Request("http://localhost/recipe/import_url", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ url }),
    }),
  );
  return { status: response.status, body: await response.json() };
}

Deno.test("a page's schema.org Recipe (in @graph) becomes a recipe.create draft, after a checked redirect", async () => {
  const { status, body } = await importHere(`${siteUrl}/moved`);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.data.source_url, `${siteUrl}/pancakes`);
  assert.equal(body.data.draft.title, "Pancakes");
  const lines = body.data.draft.ingredients as { quantity?: number; unit?: string; name?: string }[];
  assert.deepEqual(lines.slice(0, 2).map((line) => [line.quantity, line.unit]), [[2, "cup"], [1.5, "cup"]]);
  assert.match(body.data.draft.instructions, /Whisk everything\.\nFry in butter\./);
});

Deno.test("a page's microdata Recipe is read when it has no JSON-LD", async () => {
  const { status, body } = await importHere(`${siteUrl}/microdata`);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.data.draft.title, "Garlic rice");
  const lines = body.data.draft.ingredients as { quantity?: number; unit?: string | null }[];
  assert.deepEqual(lines.map((line) => [line.quantity, line.unit]), [[1, "cup"], [2, "piece"], [1, "tbsp"]]);
  assert.equal(body.data.draft.instructions, "Cook the rice.");
});

Deno.test("headings in the ingredient list become sections, entities are decoded, a counted line gets its unit", async () => {
  const { status, body } = await importHere(`${siteUrl}/sections`);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.data.draft.title, "Chicken & Rice");
  assert.deepEqual(
    body.data.lines.map((
      line: { section: string; name: string; unit: string },
    ) => [line.section, line.name, line.unit]),
    [["FOR THE MARINADE", "soy sauce", "tbsp"], ["FOR THE MARINADE", "garlic", "piece"], [
      "RICE",
      "jasmine rice",
      "cup",
    ]],
  );
  assert.equal(body.data.ready, true);
});

Deno.test("a page without schema.org data is read from its own ingredient list", async () => {
  const { status, body } = await importHere(`${siteUrl}/markup-only`);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.data.draft.title, "Lemon 'bars'");
  assert.deepEqual(body.data.lines.map((line: { original: string }) => line.original), ["1 cup sugar", "2 lemons"]);
});

Deno.test("a page without schema.org data or an Ingredients heading is read from its list of measured lines", async () => {
  const { status, body } = await importHere(`${siteUrl}/measured-list-only`);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.data.draft.title, "Chicken salad");
  assert.deepEqual(body.data.lines.map((line: { original: string }) => line.original), [
    "6 cups rotisserie chicken, shredded",
    "3 cups red grapes, halved",
    "2 cups mayonnaise",
  ]);
});

Deno.test("a page with lists only is read from the first that names catalog ingredients; without one, refused", async () => {
  const { status, body } = await importHere(`${siteUrl}/catalog-list`);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.data.draft.title, "Parmesan chicken");
  assert.deepEqual(
    body.data.lines.map((line: { original: string; ingredient: { name: string } | null }) => line.original),
    [
      "6 boneless, skinless chicken breasts",
      "1 cup all-purpose flour",
      "Unsalted butter",
      "Good olive oil",
      "2 extra-large eggs",
      "Kosher salt",
    ],
  );
  const week = await importHere(`${siteUrl}/our-week`);
  assert.deepEqual([week.status, week.body.error?.field], [400, "url"]);
  assert.match(week.body.error.message, /no list that names ingredients of the catalog/);
});

Deno.test("a redirect to a private address, a page without a Recipe and a page over 8 MiB are refused", async () => {
  const metadata = await importHere(`${siteUrl}/to-metadata`);
  assert.deepEqual([metadata.status, metadata.body.error.field], [400, "url"]);
  assert.match(metadata.body.error.message, /private or local address/);
  const blog = await importHere(`${siteUrl}/no-recipe`);
  assert.deepEqual([blog.status, blog.body.error.field], [400, "url"]);
  assert.match(blog.body.error.message, /no recipe found on the page/);
  const huge = await importHere(`${siteUrl}/huge`);
  assert.deepEqual([huge.status, huge.body.error.type], [413, "PAYLOAD_TOO_LARGE"]);
});

Deno.test("the stack's function refuses loopback, metadata and non-http addresses, naming url", async () => {
  for (
    const url of [
      `${siteUrl}/pancakes`,
      "http://localhost:8080/recipe",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/x",
      "http://10.0.0.7/x",
      "ftp://example.com/recipe",
      "not a url",
    ]
  ) {
    const reply = await callTool(user, "recipe.import_url", { url });
    assert.equal(reply.status, 400, `${url}: ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body.error?.field, "url", url);
  }
});

Deno.test("IPv4-mapped loopback is refused, open port or closed alike, before a request is sent", async () => {
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  closed.close();
  const before = requestsServed;
  const expected = {
    type: "VALIDATION_ERROR",
    message: "[::ffff:7f00:1] is a private or local address (ipv4Mapped: loopback); only public pages are read",
    field: "url",
    retryable: false,
  };
  for (const host of ["[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[0:0:0:0:0:ffff:127.0.0.1]"]) {
    for (const port of [site.addr.port, closed.addr.port]) {
      const url = `http://${host}:${port}/pancakes`;
      const reply = await callTool(user, "recipe.import_url", { url });
      assert.deepEqual([reply.status, reply.body.error], [400, expected], url);
      // This test's own function allows 127.0.0.1:port by that name only, not by the address it spells.
      const here = await importHere(url);
      assert.deepEqual([here.status, here.body.error], [400, expected], url);
    }
  }
  assert.equal(requestsServed, before);
});

globalThis.addEventListener("unload", () => {
  site.shutdown();
  pool.end();
});
