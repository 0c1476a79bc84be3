-- The photos nothing shows any more, a day after they were uploaded: those of a household that is gone (its last
-- member deleted their account), of a recipe removed for good (the retention), and those no recipe names (a photo
-- replaced but not removed, an upload never recorded). SQL cannot remove them (Storage refuses a delete of
-- storage.objects outside its API, whose files would be left behind): the local housekeeping removes these through
-- the Storage API with the service role key. The day leaves an upload time to be recorded by recipe.set_photo.
create or replace function private.orphaned_recipe_photos(p_limit integer default 1000) returns setof text
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
