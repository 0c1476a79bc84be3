-- Recipe photos in Storage: the Storage server runs each request's row of storage.objects as the caller (role
-- authenticated or anon, the JWT's claims set locally, storage.allow_delete_query on for its own deletes), so the
-- policies on storage.objects decide. A member reads and writes photos of their household's recipes under
-- `<household_id>/<recipe_id>/…`; another household's member, a folder that is not the household's recipe, another
-- bucket, and anyone not signed in are refused.
begin;
set local search_path to public, extensions, tests;
select plan(19);

select tests.create_user('cook@photos.test'), tests.create_user('partner@photos.test'),
       tests.create_user('outsider@photos.test');
select tests.add_member(tests.household_of('cook@photos.test'), 'partner@photos.test');

create temporary table photo_recipes (own_recipe uuid, other_recipe uuid) on commit drop;
with own as (insert into public.recipes (household_id, title)
             values (tests.household_of('cook@photos.test'), 'Soup') returning id),
     other as (insert into public.recipes (household_id, title)
               values (tests.household_of('outsider@photos.test'), 'Stew') returning id)
insert into photo_recipes select own.id, other.id from own, other;
grant select on photo_recipes to authenticated, anon;

-- What the Storage server sets before it runs an object's row as the caller.
create function pg_temp.as_storage_caller(p_email text) returns void
language plpgsql
as $$
begin
  perform set_config('role', 'none', true);
  if p_email is null then
    perform set_config('request.jwt.claims', '{"role": "anon"}', true);
    perform set_config('role', 'anon', true);
  else
    perform set_config('request.jwt.claims', tests.claims_of(p_email)::text, true);
    perform set_config('role', 'authenticated', true);
  end if;
  perform set_config('storage.allow_delete_query', 'true', true);
end;
$$;

create function pg_temp.photo_path(p_email text, p_recipe uuid, p_file text default 'photo.jpg') returns text
language sql stable
as $$ select tests.household_of(p_email)::text || '/' || p_recipe::text || '/' || p_file $$;

create function pg_temp.changed(p_statement text) returns integer
language plpgsql
as $$
declare
  v_rows integer;
begin
  execute p_statement;
  get diagnostics v_rows = row_count;
  return v_rows;
end;
$$;

create function pg_temp.visible_photos() returns bigint
language sql stable
as $$ select count(*) from storage.objects where bucket_id = 'recipe-photos' $$;

grant execute on function pg_temp.as_storage_caller(text), pg_temp.photo_path(text, uuid, text),
  pg_temp.changed(text), pg_temp.visible_photos() to public;

select is((select public from storage.buckets where id = 'recipe-photos'), false, 'the recipe-photos bucket is private');
select is((select allowed_mime_types from storage.buckets where id = 'recipe-photos'),
          array['image/jpeg', 'image/png', 'image/webp'], 'and takes JPEG, PNG and WebP only');

-- The cook uploads a photo of their recipe.
select pg_temp.as_storage_caller('cook@photos.test');
select lives_ok(
  format($$insert into storage.objects (bucket_id, name, owner_id) values ('recipe-photos', %L, %L)$$,
         pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes)),
         tests.get_user_id('cook@photos.test')),
  'a member adds a photo to a recipe of their household');
select is(pg_temp.visible_photos(), 1::bigint, 'and sees it');

-- The partner, a member of the same household, reads and replaces it.
select pg_temp.as_storage_caller('partner@photos.test');
select is(pg_temp.visible_photos(), 1::bigint, 'a fellow member sees the household''s photo');
select is(pg_temp.changed(format($$update storage.objects set metadata = '{"size": 2}' where name = %L$$,
          pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes)))), 1,
          'and replaces it');

-- A member of another household sees, changes and removes nothing of it, and cannot write into its folders.
select pg_temp.as_storage_caller('outsider@photos.test');
select is(pg_temp.visible_photos(), 0::bigint, 'another household''s member sees none of its photos');
select is(pg_temp.changed(format($$update storage.objects set metadata = '{}' where name = %L$$,
          pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes)))), 0,
          'nor replaces one');
select is(pg_temp.changed(format($$delete from storage.objects where bucket_id = 'recipe-photos' and name = %L$$,
          pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes)))), 0,
          'nor removes one');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('recipe-photos', %L)$$,
         pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes), 'mine-now.jpg')),
  '42501', 'new row violates row-level security policy for table "objects"',
  'nor adds one under the household''s folder');

-- The cook's own folder, but not a recipe of the household: refused.
select pg_temp.as_storage_caller('cook@photos.test');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('recipe-photos', %L)$$,
         pg_temp.photo_path('cook@photos.test', (select other_recipe from photo_recipes))),
  '42501', 'new row violates row-level security policy for table "objects"',
  'a member cannot file a photo under another household''s recipe in their own household''s folder');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('recipe-photos', %L)$$,
         tests.household_of('cook@photos.test')::text || '/loose.jpg'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'nor outside a recipe''s folder');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('recipe-photos', %L)$$,
         pg_temp.photo_path('outsider@photos.test', (select other_recipe from photo_recipes))),
  '42501', 'new row violates row-level security policy for table "objects"',
  'nor in another household''s folder');
select throws_ok(
  format($$update storage.objects set name = %L where name = %L$$,
         pg_temp.photo_path('outsider@photos.test', (select other_recipe from photo_recipes)),
         pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes))),
  '42501', 'new row violates row-level security policy for table "objects"',
  'nor move the household''s photo into another household''s folder');
select tests.clear_authentication();
insert into storage.buckets (id, name) values ('other-bucket', 'other-bucket');
select pg_temp.as_storage_caller('cook@photos.test');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('other-bucket', %L)$$,
         pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes))),
  '42501', 'new row violates row-level security policy for table "objects"',
  'the policies open the recipe-photos bucket only');

-- Nobody signed in.
select pg_temp.as_storage_caller(null);
select is(pg_temp.visible_photos(), 0::bigint, 'anon sees no photo');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('recipe-photos', %L)$$,
         pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes), 'anon.jpg')),
  '42501', 'new row violates row-level security policy for table "objects"',
  'and adds none');

-- The cook removes the photo through Storage.
select pg_temp.as_storage_caller('cook@photos.test');
select is(pg_temp.changed(format($$delete from storage.objects where bucket_id = 'recipe-photos' and name = %L$$,
          pg_temp.photo_path('cook@photos.test', (select own_recipe from photo_recipes)))), 1,
          'a member removes the household''s photo');
select tests.clear_authentication();

-- As on hosted: SQL outside the Storage server cannot delete objects (their files would be orphaned).
select set_config('storage.allow_delete_query', '', true);
select throws_ok(
  $$delete from storage.objects where bucket_id = 'other-bucket'$$,
  '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'a delete from storage.objects outside the Storage API is refused');

select * from finish();
rollback;
