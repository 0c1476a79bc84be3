// A photo given only as an address is fetched on import: recipe.import_url's page names it in its schema.org Recipe's
// image, a RecipeSage or JSON-LD file in each recipe's. Fetched through the same guard as a page: the pages and images
// are served by this test on 127.0.0.1, which only this test's own recipe function (RECIPE_IMPORT_ALLOW_HOSTS naming
// that server) may read; a private address, an image too large and a file that is no image leave the draft without a
// photo and say why (as does an image whose header claims more pixels than a photo may have), and the import still
// answers.
import assert from "node:assert/strict";
import { adminSql, createTestUser, stackEnv } from "../support/stack.ts";
import { callTool } from "../support/tools-client.ts";
import { ownGroupFunction } from "../support/own-group-function.ts";
import { allowImportHost } from "../support/allow-import-host.ts";
import { jpegPhoto, webpPhoto } from "../recipe-collections/fixtures/build-collections.ts";
import { decodeBase64, encodeBase64 } from "../../shared/recipe-collections/photo.ts";
import { encodeGreyPng } from "../../shared/images/png-encode.ts";

const sql = adminSql();
const user = await createTestUser(sql, "import-photos");
await sql.end();

const recipe = (name: string, image: unknown) => ({
  "@context": "https://schema.org",
  "@type": "Recipe",
  name,
  recipeIngredient: ["2 cups all-purpose flour", "2 eggs"],
  recipeInstructions: [{ "@type": "HowToStep", text: "Mix and bake." }],
  image,
});
const page = (body: unknown) =>
  new Response(`<html><head><script type="application/ld+json">${JSON.stringify(body)}</script></head></html>`, {
    headers: { "content-type": "text/html" },
  });
const image = (bytes: Uint8Array, type: string) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": type } });

/** A whole, small PNG whose header claims width × height (its pixel data is a 1 × 1 image's). */
function claimingPng(width: number, height: number): Uint8Array {
  const png = new Uint8Array(encodeGreyPng(new Uint8Array([128]), 1, 1));
  new DataView(png.buffer).setUint32(16, width);
  new DataView(png.buffer).setUint32(20, height);
  return png;
}

const closedPort = (() => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  listener.close();
  return listener.addr.port;
})();
let siteUrl = "";
let imageRequests = 0;
const routes = new Map<string, () => Response>([
  ["/images/pancakes.jpg", () => image(jpegPhoto(), "image/jpeg")],
  ["/images/rice.webp", () => image(webpPhoto(), "image/webp")],
  ["/images/huge.jpg", () => image(new Uint8Array(5 * 1024 * 1024).fill(0xff), "image/jpeg")],
  ["/images/not-an-image.jpg", () => new Response("<html>a page, not a photo</html>")],
  ["/images/claims-huge.png", () => image(claimingPng(10_000, 10_000), "image/png")],
  ["/images/to-metadata.jpg", () => Response.redirect("http://169.254.169.254/latest/meta-data/photo.jpg", 302)],
  ["/pancakes", () => page(recipe("Pancakes", { "@type": "ImageObject", url: "/images/pancakes.jpg" }))],
  ["/rice", () => page({ "@graph": [recipe("Rice", ["images/rice.webp", "/images/pancakes.jpg"])] })],
  ["/metadata-photo", () => page(recipe("Metadata", "http://169.254.169.254/latest/meta-data/photo.jpg"))],
  ["/redirected-photo", () => page(recipe("Redirected", "/images/to-metadata.jpg"))],
  ["/other-port-photo", () => page(recipe("Other port", `http://127.0.0.1:${closedPort}/photo.jpg`))],
  ["/huge-photo", () => page(recipe("Huge", "/images/huge.jpg"))],
  ["/text-photo", () => page(recipe("Text", "/images/not-an-image.jpg"))],
  ["/bomb-photo", () => page(recipe("Bomb", "/images/claims-huge.png"))],
  ["/no-photo", () => page(recipe("Plain", undefined))],
]);
const site = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
  const path = new URL(request.url).pathname;
  if (path.startsWith("/images/")) imageRequests++;
  return routes.get(path)?.() ?? new Response("not here", { status: 404 });
});
siteUrl = `http://127.0.0.1:${site.addr.port}`;

allowImportHost(`127.0.0.1:${site.addr.port}`);
const { handler, pool } = ownGroupFunction("recipe", stackEnv().databaseUrl, { DB_POOL_MAX: "2" });
async function call(action: string, input: unknown) {
  const response = await handler(
    new Request(`http://localhost/recipe/${action}`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify(input),
    }),
  );
  return { status: response.status, body: await response.json() };
}

const sameBytes = (base64: string, bytes: Uint8Array) => encodeBase64(decodeBase64(base64)!) === encodeBase64(bytes);

Deno.test("import_url: the page's Recipe image (an ImageObject, a relative address) becomes the draft's photo", async () => {
  const { status, body } = await call("import_url", { url: `${siteUrl}/pancakes` });
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.data.draft.title, "Pancakes");
  assert.equal(body.data.photo.media_type, "image/jpeg");
  assert.equal(body.data.photo.byte_size, jpegPhoto().length);
  assert.ok(sameBytes(body.data.photo.data_base64, jpegPhoto()));
  assert.deepEqual(body.data.warnings, []);

  const rice = await call("import_url", { url: `${siteUrl}/rice` });
  assert.equal(rice.body.data.photo.media_type, "image/webp", "the first address of an array, resolved");
  assert.ok(sameBytes(rice.body.data.photo.data_base64, webpPhoto()));

  const plain = await call("import_url", { url: `${siteUrl}/no-photo` });
  assert.deepEqual([plain.status, plain.body.data.photo, plain.body.data.warnings], [200, null, []]);
});

Deno.test("import_url: a private address, a redirect to one, another port, too large or no image: no photo, a warning", async () => {
  const cases: [string, RegExp][] = [
    ["/metadata-photo", /169\.254\.169\.254 is a private or local address \(linkLocal\); only public images are read/],
    ["/redirected-photo", /169\.254\.169\.254 is a private or local address \(linkLocal\)/],
    ["/other-port-photo", /127\.0\.0\.1 is a private or local address \(loopback\)/],
    ["/huge-photo", /the image is larger than 4194304 bytes/],
    ["/text-photo", /it is not a PNG, JPEG or WebP image \(judged from its bytes\)/],
    ["/bomb-photo", /it is 10000×10000 pixels, over 50000000 in all/],
  ];
  for (const [path, reason] of cases) {
    const { status, body } = await call("import_url", { url: `${siteUrl}${path}` });
    assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
    assert.equal(body.data.photo, null, path);
    assert.equal(body.data.warnings.length, 1, path);
    assert.match(body.data.warnings[0], /^the photo at \S+ was not fetched: /, path);
    assert.match(body.data.warnings[0], reason, path);
    assert.equal(body.data.draft.ingredients.length, 2, `${path}: the recipe is still read`);
  }
});

Deno.test("with no host allowed, the guard refuses loopback and private photo addresses before any request", async () => {
  // The page itself is public only to this test's function: the guard is shown on the image fetch alone here.
  const { fetchPhoto } = await import("../../shared/page-fetching/fetch-photo.ts");
  const before = imageRequests;
  for (
    const address of [`${siteUrl}/images/pancakes.jpg`, "http://[::ffff:127.0.0.1]/x.jpg", "http://10.0.0.7/x.jpg"]
  ) {
    const refused = await fetchPhoto(address, []);
    assert.equal(typeof refused, "string", address);
    assert.match(refused as string, /private or local address/, address);
  }
  assert.equal(imageRequests, before, "no request reached the server");
});

const sage = (count: number, image: (index: number) => unknown) =>
  JSON.stringify(Array.from({ length: count }, (_, index) => ({
    ...recipe(`Recipe ${String(index + 1).padStart(2, "0")}`, image(index)),
    identifier: `sage-${index}`,
  })));
const asFile = (text: string) => encodeBase64(new TextEncoder().encode(text));

Deno.test("import_file: a RecipeSage file's image addresses are fetched; a failure is that recipe's warning", async () => {
  const file = sage(3, (index) =>
    [
      [`${siteUrl}/images/pancakes.jpg`],
      { "@type": "ImageObject", url: `${siteUrl}/images/not-an-image.jpg` },
      "http://169.254.169.254/latest/meta-data/photo.jpg",
    ][index]);
  const { status, body } = await call("import_file", { file_name: "sage.json", data_base64: asFile(file) });
  assert.equal(status, 200, JSON.stringify(body));
  const [first, second, third] = body.data.recipes;
  assert.ok(sameBytes(first.photo.data_base64, jpegPhoto()));
  assert.deepEqual(first.warnings, []);
  assert.equal(second.photo, null);
  assert.match(second.warnings.join("\n"), /was not fetched: it is not a PNG, JPEG or WebP image/);
  assert.equal(third.photo, null);
  assert.match(third.warnings.join("\n"), /was not fetched: 169\.254\.169\.254 is a private or local address/);
});

Deno.test("import_file: a page fetches at most 10 photos and ends there; the next page fetches the rest", async () => {
  const file = asFile(sage(12, (index) => `${siteUrl}/images/${index % 2 === 0 ? "pancakes.jpg" : "rice.webp"}`));
  const before = imageRequests;
  const first = await call("import_file", { file_name: "sage.json", data_base64: file });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.data.recipes.length, 10);
  assert.equal(imageRequests - before, 10);
  assert.ok(first.body.data.recipes.every((draft: { photo: unknown }) => draft.photo !== null));
  assert.ok(first.body.data.next_cursor);
  const second = await call("import_file", {
    file_name: "sage.json",
    data_base64: file,
    cursor: first.body.data.next_cursor,
  });
  assert.deepEqual(
    second.body.data.recipes.map((draft: { draft: { title: string }; photo: { media_type: string } }) => [
      draft.draft.title,
      draft.photo.media_type,
    ]),
    [["Recipe 11", "image/jpeg"], ["Recipe 12", "image/webp"]],
  );
  assert.equal(second.body.data.next_cursor, null);
});

Deno.test("the stack's function leaves a RecipeSage photo on a loopback address unfetched, with a warning", async () => {
  const reply = await callTool(user, "recipe.import_file", {
    file_name: "sage.json",
    data_base64: asFile(sage(1, () => `${siteUrl}/images/pancakes.jpg`)),
  });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  const [draft] = (reply.body.data as { recipes: { photo: unknown; warnings: string[] }[] }).recipes;
  assert.equal(draft.photo, null);
  assert.match(draft.warnings.join("\n"), /127\.0\.0\.1 is a private or local address \(loopback\)/);
});

globalThis.addEventListener("unload", () => {
  site.shutdown();
  pool.end();
});
