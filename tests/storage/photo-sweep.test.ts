// The sweep of recipe photos nothing shows any more: a household gone with its last member's account, a photo that
// was replaced but not removed, an upload never recorded. Each is removed through the Storage stand-in (the service
// role key, as a job must on hosted) once a day old; the photo a recipe shows, and fresh uploads, stay.
import assert from "node:assert/strict";
import type { SupabaseClient } from "@supabase/supabase-js";
import { encodeGreyPng } from "../../shared/images/png-encode.ts";
import { sweepOrphanedPhotos } from "../../supabase/local/storage/photo-sweep.ts";
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

Deno.test({ name: "the sweep test closes its connection", fn: () => sql.end() });
