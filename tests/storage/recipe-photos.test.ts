// Recipe photos through supabase-js's own storage client (storage-js) against the local Storage stand-in, as the web
// app calls it: people signed in through the Auth stand-in, each request decided by the policies on storage.objects.
import assert from "node:assert/strict";
import type { SupabaseClient } from "@supabase/supabase-js";
import { encodeGreyPng } from "../../shared/images/png-encode.ts";
import { appClient, uniqueEmail } from "../auth/auth-client.ts";
import { adminSql } from "../support/stack.ts";

const bucket = "recipe-photos";
const sql = adminSql();

async function signedInPerson(label: string): Promise<{ client: SupabaseClient; householdId: string }> {
  const client = appClient();
  const { data, error } = await client.auth.signUp({ email: uniqueEmail(label), password: "correct horse" });
  assert.equal(error, null);
  assert.ok(data.session, "signed in straight away (confirmations off)");
  const [{ household_id }] = await sql<{ household_id: string }[]>`
    select household_id from public.household_members where user_id = ${data.user!.id}`;
  return { client, householdId: household_id };
}

async function recipeOf(client: SupabaseClient, title: string): Promise<string> {
  const created = await client.functions.invoke("recipe/create", {
    body: { title, ingredients: [{ name: "onion", quantity: 1, unit: "whole" }] },
  });
  assert.equal(created.error, null, JSON.stringify(created.data));
  return created.data.data.recipe_id;
}

/** A small real PNG: a grey gradient, different for each seed. */
function pngPhoto(seed: number, size = 24): Uint8Array<ArrayBuffer> {
  const pixels = new Uint8Array(size * size).map((_, index) => (index * 7 + seed) % 256);
  return new Uint8Array(encodeGreyPng(pixels, size, size));
}

const blob = (bytes: Uint8Array<ArrayBuffer>, type: string) => new Blob([bytes], { type });

const cook = await signedInPerson("photo-cook");
const outsider = await signedInPerson("photo-outsider");
const recipeId = await recipeOf(cook.client, "Soup with a photo");
const photoPath = `${cook.householdId}/${recipeId}/${crypto.randomUUID()}.png`;
const photo = pngPhoto(1);

Deno.test("a member uploads a recipe photo and downloads the same bytes", async () => {
  const uploaded = await cook.client.storage.from(bucket).upload(photoPath, blob(photo, "image/png"));
  assert.equal(uploaded.error, null);
  assert.equal(uploaded.data?.path, photoPath);
  assert.equal(uploaded.data?.fullPath, `${bucket}/${photoPath}`);

  const downloaded = await cook.client.storage.from(bucket).download(photoPath);
  assert.equal(downloaded.error, null);
  assert.equal(downloaded.data?.type, "image/png");
  assert.deepEqual(new Uint8Array(await downloaded.data!.arrayBuffer()), photo);

  const listed = await cook.client.storage.from(bucket).list(`${cook.householdId}/${recipeId}`);
  assert.equal(listed.error, null);
  assert.deepEqual(listed.data?.map((entry) => entry.name), [photoPath.split("/").pop()]);
  assert.equal(listed.data?.[0].metadata?.size, photo.byteLength);
  const folders = await cook.client.storage.from(bucket).list(cook.householdId);
  assert.deepEqual(folders.data?.map((entry) => [entry.name, entry.id]), [[recipeId, null]], "the recipe's folder");

  // Without upsert a second upload to the same name is refused; with it, the photo is replaced.
  const again = await cook.client.storage.from(bucket).upload(photoPath, blob(pngPhoto(2), "image/png"));
  assert.equal((again.error as { statusCode?: string })?.statusCode, "409");
  const replacement = pngPhoto(3);
  const replaced = await cook.client.storage.from(bucket).upload(photoPath, blob(replacement, "image/png"), {
    upsert: true,
  });
  assert.equal(replaced.error, null);
  const second = await cook.client.storage.from(bucket).download(photoPath);
  assert.deepEqual(new Uint8Array(await second.data!.arrayBuffer()), replacement);
});

Deno.test("recipe.set_photo records the uploaded photo; recipe.get and recipe.list return its path", async () => {
  const set = await cook.client.functions.invoke("recipe/set_photo", {
    body: { recipe_id: recipeId, photo_path: photoPath },
  });
  assert.equal(set.error, null);
  assert.equal(set.data.data.photo_path, photoPath);
  assert.equal(set.data.data.previous_photo_path, null);
  const got = await cook.client.functions.invoke("recipe/get", { body: { recipe_id: recipeId } });
  assert.equal(got.data.data.recipe.photo_path, photoPath);
  const listed = await cook.client.functions.invoke("recipe/list", { body: {} });
  const row = listed.data.data.recipes.find((recipe: { id: string }) => recipe.id === recipeId);
  assert.equal(row.photo_path, photoPath);

  const refusal = async (client: SupabaseClient, photo_path: string | null) => {
    const { error } = await client.functions.invoke("recipe/set_photo", { body: { recipe_id: recipeId, photo_path } });
    return (await (error as { context: Response }).context.json()).error;
  };
  const missing = await refusal(cook.client, `${cook.householdId}/${recipeId}/${crypto.randomUUID()}.jpg`);
  assert.deepEqual([missing.type, missing.field], ["VALIDATION_ERROR", "photo_path"]);
  assert.match(missing.message, /upload it/);
  const elsewhere = await refusal(cook.client, `${outsider.householdId}/${recipeId}/photo.jpg`);
  assert.deepEqual([elsewhere.type, elsewhere.field], ["VALIDATION_ERROR", "photo_path"]);
  const notAnImageName = await refusal(cook.client, `${cook.householdId}/${recipeId}/notes.txt`);
  assert.equal(notAnImageName.type, "VALIDATION_ERROR");
  assert.equal((await refusal(outsider.client, null)).type, "NOT_FOUND", "another household's recipe is not found");

  const again = await cook.client.functions.invoke("recipe/get", { body: { recipe_id: recipeId } });
  assert.equal(again.data.data.recipe.photo_path, photoPath, "the refusals changed nothing");
});

Deno.test("another household's member can neither write, read, list, sign nor remove the photo", async () => {
  const storage = outsider.client.storage.from(bucket);
  const upload = await storage.upload(`${cook.householdId}/${recipeId}/intruder.png`, blob(pngPhoto(4), "image/png"));
  assert.equal((upload.error as { statusCode?: string })?.statusCode, "403");
  assert.match(upload.error!.message, /row-level security/);
  const overwrite = await storage.upload(photoPath, blob(pngPhoto(5), "image/png"), { upsert: true });
  assert.equal((overwrite.error as { statusCode?: string })?.statusCode, "403");

  const download = await storage.download(photoPath);
  assert.equal((download.error as { statusCode?: string })?.statusCode, "404", "invisible, as if it were not there");
  const listed = await storage.list(`${cook.householdId}/${recipeId}`);
  assert.deepEqual(listed.data, []);
  const signed = await storage.createSignedUrl(photoPath, 60);
  assert.equal((signed.error as { statusCode?: string })?.statusCode, "404");
  const many = await storage.createSignedUrls([photoPath], 60);
  assert.equal(many.data?.[0].signedUrl, null);
  assert.match(many.data?.[0].error ?? "", /do not have access/);
  const removed = await storage.remove([photoPath]);
  assert.deepEqual(removed.data, [], "nothing removed");

  const stillThere = await cook.client.storage.from(bucket).download(photoPath);
  assert.equal(stillThere.error, null, "the photo is untouched");
});

Deno.test("a signed URL serves the photo to anyone until it expires", async () => {
  const signed = await cook.client.storage.from(bucket).createSignedUrl(photoPath, 2);
  assert.equal(signed.error, null);
  const response = await fetch(signed.data!.signedUrl);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "image/png");
  const served = new Uint8Array(await response.arrayBuffer());
  const current = await cook.client.storage.from(bucket).download(photoPath);
  assert.deepEqual(served, new Uint8Array(await current.data!.arrayBuffer()));

  // Another object's path with this token is refused: the token names one object.
  const elsewhere = signed.data!.signedUrl.replace(photoPath, `${cook.householdId}/${recipeId}/other.png`);
  const moved = await fetch(elsewhere);
  assert.equal(moved.status, 400);
  assert.equal((await moved.json()).error, "InvalidSignature");

  const many = await cook.client.storage.from(bucket).createSignedUrls([photoPath, `${photoPath}.missing`], 60);
  assert.equal(many.error, null);
  assert.ok(many.data?.[0].signedUrl);
  assert.equal(many.data?.[1].signedUrl, null);

  await new Promise((resolve) => setTimeout(resolve, 3200));
  const expired = await fetch(signed.data!.signedUrl);
  assert.equal(expired.status, 400);
  assert.deepEqual(await expired.json(), {
    statusCode: "400",
    code: "ExpiredToken",
    error: "ExpiredToken",
    message: "The provided token has expired.",
  });
});

Deno.test("without signing in, the anon key reads and writes nothing", async () => {
  const storage = appClient().storage.from(bucket);
  const upload = await storage.upload(`${cook.householdId}/${recipeId}/anon.png`, blob(pngPhoto(6), "image/png"));
  assert.equal((upload.error as { statusCode?: string })?.statusCode, "403");
  const download = await storage.download(photoPath);
  assert.equal((download.error as { statusCode?: string })?.statusCode, "404");
  const signed = await storage.createSignedUrl(photoPath, 60);
  assert.ok(signed.error);
  const response = await fetch(`${Deno.env.get("SUPABASE_URL")}/storage/v1/object/${bucket}/${photoPath}`);
  assert.equal(response.status, 400);
  assert.equal((await response.json()).statusCode, "403", "no token at all is refused");
});

Deno.test("what is not an image of an allowed type, or is too large, is refused and nothing is stored", async () => {
  const storage = cook.client.storage.from(bucket);
  const folder = `${cook.householdId}/${recipeId}`;
  const text = await storage.upload(`${folder}/note.png`, blob(new TextEncoder().encode("not a picture"), "image/png"));
  assert.equal((text.error as { statusCode?: string })?.statusCode, "415");
  const pdf = await storage.upload(`${folder}/menu.pdf`, blob(new TextEncoder().encode("%PDF-1.7"), "application/pdf"));
  assert.equal((pdf.error as { statusCode?: string })?.statusCode, "415");
  assert.match(pdf.error!.message, /application\/pdf is not supported/);
  // A PNG's bytes declared as JPEG: the content decides.
  const mislabelled = await storage.upload(`${folder}/mislabelled.jpg`, blob(pngPhoto(7), "image/jpeg"));
  assert.equal((mislabelled.error as { statusCode?: string })?.statusCode, "415");
  // Over the bucket's 5 MB.
  const large = new Uint8Array(5 * 1024 * 1024 + 1);
  large.set(photo);
  const tooLarge = await storage.upload(`${folder}/large.png`, blob(large, "image/png"));
  assert.equal((tooLarge.error as { statusCode?: string })?.statusCode, "413");

  const listed = await storage.list(folder);
  assert.deepEqual(listed.data?.map((entry) => entry.name), [photoPath.split("/").pop()], "only the photo");
});

Deno.test("a member removes the photo: gone from the list and the download", async () => {
  const removed = await cook.client.storage.from(bucket).remove([photoPath]);
  assert.equal(removed.error, null);
  assert.deepEqual(removed.data?.map((object) => object.name), [photoPath]);
  const download = await cook.client.storage.from(bucket).download(photoPath);
  assert.equal((download.error as { statusCode?: string })?.statusCode, "404");
  const [{ rows }] = await sql<{ rows: number }[]>`
    select count(*)::int as rows from storage.objects where bucket_id = ${bucket} and name = ${photoPath}`;
  assert.equal(rows, 0);
});

Deno.test({
  name: "the storage test closes its connection",
  fn: async () => {
    await sql.end();
  },
});
