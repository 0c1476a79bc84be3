// The sweep of recipe photos nothing shows any more: a household gone with its last member's account, a photo that
// was replaced but not removed, an upload never recorded. Each is removed through the Storage stand-in (the service
// role key, as a job must on hosted) once a day old; the photo a recipe shows, and fresh uploads, stay.
// The sweep is one for the whole database, so every test that sweeps is in this file: one file's tests run one after
// another, and a sweep never takes another test's photos mid-way. The function that runs it on hosted
// (functions/photo-sweep) is tested here through the stack, and in-process where Storage must fail.
import assert from "node:assert/strict";
import type { SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { encodeGreyPng } from "../../shared/images/png-encode.ts";
import { sweepOrphanedPhotos } from "../../supabase/local/storage/photo-sweep.ts";
import { callPhotoSweep, sweepHandlerWith } from "./photo-sweep-calls.ts";
import { appClient, uniqueEmail } from "../auth/auth-client.ts";
import { adminSql, stackEnv } from "../support/stack.ts";

const bucket = "recipe-photos";
const png = new Uint8Array(encodeGreyPng(new Uint8Array(64).fill(90), 8, 8));

async function personWithPhoto(label: string) {
  const client = appClient();
  const { data } = await client.auth.signUp({ email: uniqueEmail(label), password: "correct horse" });
  const created = await client.functions.invoke("recipe/create", {
    body: { title: "Photographed", ingredients: [{ name: "onion", quantity: 1, unit: "whole" }] },
  });
  const recipeId: string = created.data.data.recipe_id;
  const [{ household_id }] = await sql<{ household_id: string }[]>`
    select household_id from public.household_members where user_id = ${data.user!.id}`;
  const upload = async (file: string) => {
    const path = `${household_id}/${recipeId}/${file}`;
    const { error } = await client.storage.from(bucket).upload(path, new Blob([png], { type: "image/png" }));
    assert.equal(error, null);
    return path;
  };
  const shown = await upload(`${crypto.randomUUID()}.png`);
  const set = await client.functions.invoke("recipe/set_photo", { body: { recipe_id: recipeId, photo_path: shown } });
  assert.equal(set.error, null);
  return { client, userId: data.user!.id, shown, upload };
}

const sql = adminSql();
const ageADay = (paths: string[]) =>
  sql`update storage.objects set created_at = now() - interval '25 hours'
      where bucket_id = ${bucket} and name = any(${paths}::text[])`;
const stored = async (paths: string[]) =>
  (await sql<{ name: string }[]>`
    select name from storage.objects where bucket_id = ${bucket} and name = any(${paths}::text[]) order by name`)
    .map((row) => row.name);
const download = async (client: SupabaseClient, path: string) =>
  (await client.storage.from(bucket).download(path)).error;

Deno.test("the sweep removes photos nothing shows, a day after their upload, and keeps the rest", async () => {
  const keeper = await personWithPhoto("sweep-keeper");
  const replaced = await keeper.upload(`${crypto.randomUUID()}.png`);
  const fresh = await keeper.upload(`${crypto.randomUUID()}.png`);
  const leaver = await personWithPhoto("sweep-leaver");
  // The leaver deletes their account: their household (they were its only member) and its recipes go.
  await sql`delete from auth.users where id = ${leaver.userId}`;

  await ageADay([keeper.shown, replaced, leaver.shown]);
  const removed = await sweepOrphanedPhotos(sql, {
    apiUrl: stackEnv().apiUrl,
    serviceRoleKey: Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!,
  });
  assert.ok(removed >= 2, `removed ${removed}`);
  assert.deepEqual(await stored([leaver.shown, replaced]), [], "the gone household's and the replaced photo");
  assert.deepEqual(await stored([keeper.shown, fresh]), [keeper.shown, fresh].sort(), "the shown one and a fresh one");
  assert.equal(await download(keeper.client, keeper.shown), null, "the shown photo still downloads");
  assert.ok(await download(keeper.client, replaced), "the replaced one is gone from Storage");
});

Deno.test("POST /photo-sweep runs the sweep for the service role key only, and a second call removes nothing", async () => {
  const keeper = await personWithPhoto("function-keeper");
  const replaced = await keeper.upload(`${crypto.randomUUID()}.png`);
  await ageADay([keeper.shown, replaced]);
  const { data: session } = await keeper.client.auth.getSession();

  const refused = [
    { label: "no token", token: undefined, status: 401, type: "UNAUTHENTICATED" },
    { label: "a user's token", token: session.session!.access_token, status: 403, type: "PERMISSION_DENIED" },
    { label: "the anon key", token: stackEnv().anonKey, status: 403, type: "PERMISSION_DENIED" },
  ];
  for (const { label, token, status, type } of refused) {
    const answer = await callPhotoSweep(token);
    assert.equal(answer.status, status, label);
    assert.equal(answer.body.ok, false, label);
    assert.equal(answer.body.error.type, type, label);
    assert.match(answer.body.error.message, /service role key/, label);
  }
  assert.deepEqual(await stored([replaced]), [replaced], "a refused call removes nothing");

  const swept = await callPhotoSweep(Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  assert.equal(swept.status, 200);
  assert.equal(swept.body.ok, true);
  assert.ok(swept.body.data.removed >= 1, `removed ${swept.body.data.removed}`);
  assert.equal(swept.body.data.more, false);
  assert.deepEqual(await stored([replaced]), [], "the replaced photo is gone from the database");
  assert.ok(await download(keeper.client, replaced), "and from Storage");
  assert.equal(await download(keeper.client, keeper.shown), null, "the shown photo still downloads");

  const again = await callPhotoSweep(Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  assert.equal(again.status, 200);
  assert.deepEqual(again.body.data, { removed: 0, more: false, limit: 1000 });
  assert.deepEqual(await stored([keeper.shown]), [keeper.shown]);
});

Deno.test("POST /photo-sweep refuses a service_role token another key signed, and a GET", async () => {
  const serviceRoleKey = Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!;
  const [header, payload] = serviceRoleKey.split(".");
  const forged = `${header}.${payload}.${"A".repeat(86)}`;
  const answer = await callPhotoSweep(forged);
  assert.equal(answer.status, 401);
  assert.equal(answer.body.error.type, "UNAUTHENTICATED");
  const get = await callPhotoSweep(serviceRoleKey, "GET");
  assert.equal(get.status, 405);
  assert.equal(get.body.error.type, "METHOD_NOT_ALLOWED");
});

Deno.test("a sweep Storage fails is a 503 that says so, leaks nothing and loses no photo", async () => {
  const keeper = await personWithPhoto("function-outage");
  const replaced = await keeper.upload(`${crypto.randomUUID()}.png`);
  await ageADay([replaced]);
  const serviceRoleKey = Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!;
  const failing = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () =>
      Response.json({ statusCode: "500", error: "internal", message: "disk /var/lib/storage is full" }, {
        status: 500,
      }),
  );
  const closed = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const closedPort = (closed.addr as Deno.NetAddr).port;
  closed.close();
  try {
    for (const apiUrl of [`http://127.0.0.1:${failing.addr.port}`, `http://127.0.0.1:${closedPort}`]) {
      const handler = sweepHandlerWith(sql, { apiUrl, serviceRoleKey });
      const response = await handler(
        new Request("http://localhost/photo-sweep", {
          method: "POST",
          headers: { authorization: `Bearer ${serviceRoleKey}` },
        }),
      );
      const body = await response.json();
      assert.equal(response.status, 503, apiUrl);
      assert.equal(body.error.type, "UNAVAILABLE");
      assert.equal(body.error.retryable, true);
      assert.match(body.error.message, /Storage did not remove the photos/);
      assert.doesNotMatch(JSON.stringify(body), /disk|var\/lib|stack|at /);
      assert.deepEqual(await stored([replaced]), [replaced], "the photo is still listed for the next sweep");
    }
  } finally {
    await failing.shutdown();
  }
  const swept = await callPhotoSweep(serviceRoleKey);
  assert.equal(swept.status, 200);
  assert.deepEqual(await stored([replaced]), [], "the next sweep takes it");
});

Deno.test("on hosted, where the legacy key cannot be verified, only the function's own service role key passes", async () => {
  const legacyKey = (role: string, secret: string) =>
    new SignJWT({ role, iss: "supabase" }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setExpirationTime("1h")
      .sign(new TextEncoder().encode(secret));
  const secret = crypto.randomUUID() + crypto.randomUUID();
  const ownKey = await legacyKey("service_role", secret);
  const handler = sweepHandlerWith(sql, {
    apiUrl: stackEnv().apiUrl,
    serviceRoleKey: Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!,
  }, ownKey);
  const call = async (token: string) => {
    const response = await handler(
      new Request("http://localhost/photo-sweep", { method: "POST", headers: { authorization: `Bearer ${token}` } }),
    );
    return { status: response.status, body: await response.json() };
  };
  const own = await call(ownKey);
  assert.equal(own.status, 200);
  assert.equal(own.body.data.more, false);
  const otherSecret = await call(await legacyKey("service_role", secret + "x"));
  assert.equal(otherSecret.status, 401, "a service_role token signed with another secret");
  const legacyAnon = await call(await legacyKey("anon", secret));
  assert.equal(legacyAnon.status, 401, "the legacy anon key is not the service role key");
  const anon = await call(stackEnv().anonKey);
  assert.equal(anon.status, 403, "the verified anon key is still refused");
});

Deno.test({ name: "the sweep test closes its connection", fn: () => sql.end() });
