set check_function_bodies = off;

-- Recipe photos live in Supabase Storage, in the private bucket `recipe-photos`, one object per photo under
-- `<household_id>/<recipe_id>/<file>`. The bucket and storage.objects are the Storage server's (the local stack's
-- bootstrap stands in for them); what is ours is the bucket's row and the policies below, which the Storage server
-- (hosted, or the local stand-in) runs every upload, download, signing, listing and removal under, as the signed-in
-- user. At most 5 MB per photo, and only JPEG, PNG or WebP: the server checks both before it stores anything.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('recipe-photos', 'recipe-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- Whether `<household_id>/<recipe_id>` (storage.foldername of an object's name) names a recipe of a household the
-- signed-in user belongs to, removed recipes included (a photo outlives its recipe's removal, so that an undo brings
-- both back). Anything else (another household, a recipe of another household, a folder that is not two ids)
-- is false, never an error. Security definer: the policy runs as authenticated, which may read no table of public.
create function private.is_household_recipe_folder(p_folders text[]) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_uuid constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
begin
  if coalesce(array_length(p_folders, 1), 0) <> 2 or p_folders[1] !~ v_uuid or p_folders[2] !~ v_uuid then
    return false;
  end if;
  return exists (
    select 1
    from public.recipes r
    join public.household_members m on m.household_id = r.household_id
    where r.household_id = p_folders[1]::uuid and r.id = p_folders[2]::uuid and m.user_id = (select auth.uid())
  );
end;
$$;
grant execute on function private.is_household_recipe_folder(text[]) to authenticated;

-- Reading and removing ask only for membership of the household the first folder names, so a member can still
-- clear the photos of a recipe that is gone for good; writing asks for a recipe of that household too.
create policy "Household members see their household's recipe photos" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'recipe-photos'
    and array_length(storage.foldername(name), 1) = 2
    and (storage.foldername(name))[1] in (select private.member_household_ids()::text)
  );
create policy "Household members add photos to their household's recipes" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'recipe-photos'
    and (storage.foldername(name))[1] in (select private.member_household_ids()::text)
    and private.is_household_recipe_folder(storage.foldername(name))
  );
create policy "Household members replace photos of their household's recipes" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'recipe-photos'
    and array_length(storage.foldername(name), 1) = 2
    and (storage.foldername(name))[1] in (select private.member_household_ids()::text)
  )
  with check (
    bucket_id = 'recipe-photos'
    and (storage.foldername(name))[1] in (select private.member_household_ids()::text)
    and private.is_household_recipe_folder(storage.foldername(name))
  );
create policy "Household members remove their household's recipe photos" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'recipe-photos'
    and array_length(storage.foldername(name), 1) = 2
    and (storage.foldername(name))[1] in (select private.member_household_ids()::text)
  );

-- recipe.set_photo: the recipe's photo is the object at photo_path (uploaded first, under the recipe's own folder of
-- this household), or none. The object is looked up as the caller, so the policies above decide whether it is
-- there. The photo the recipe had is returned, so that the app can remove it from Storage once it is replaced.
create function app.recipe_set_photo(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid, true);
  v_path text := p_input ->> 'photo_path';
  v_previous text := v_recipe.photo_path;
  v_folder text := p_household_id::text || '/' || v_recipe.id::text || '/';
begin
  if v_path is not null and not (starts_with(v_path, v_folder) and position('/' in substr(v_path, length(v_folder) + 1)) = 0) then
    raise exception 'a photo of this recipe is a file directly under "%" in the recipe-photos bucket', v_folder
      using errcode = 'MP400', column = 'photo_path';
  end if;
  if v_path is not null and not exists (
    select 1 from storage.objects o where o.bucket_id = 'recipe-photos' and o.name = v_path
  ) then
    raise exception 'there is no photo at "%": upload it to the recipe-photos bucket first', v_path
      using errcode = 'MP400', column = 'photo_path';
  end if;
  update public.recipes r set photo_path = v_path where r.id = v_recipe.id returning * into v_recipe;
  return jsonb_build_object('recipe_id', v_recipe.id, 'title', v_recipe.title, 'photo_path', v_recipe.photo_path,
    'previous_photo_path', v_previous, 'updated_at', v_recipe.updated_at);
end;
$$;

-- The photos nothing shows any more, a day after they were uploaded: those of a household that is gone (its last
-- member deleted their account), of a recipe removed for good (the retention), and those no recipe names (a photo
-- replaced but not removed, an upload never recorded). SQL cannot remove them (Storage refuses a delete of
-- storage.objects outside its API, whose files would be left behind): the local housekeeping removes these through
-- the Storage API with the service role key. The day leaves an upload time to be recorded by recipe.set_photo.
create function private.orphaned_recipe_photos(p_limit integer default 1000) returns setof text
language sql stable
set search_path = ''
as $$
  select o.name
  from storage.objects o
  where o.bucket_id = 'recipe-photos'
    and o.created_at < now() - interval '1 day'
    and not exists (
      select 1 from public.recipes r
      where r.household_id::text = (storage.foldername(o.name))[1]
        and r.id::text = (storage.foldername(o.name))[2]
        and r.photo_path = o.name
    )
  order by o.name
  limit p_limit;
$$;
grant execute on function private.orphaned_recipe_photos(integer) to service_role;
