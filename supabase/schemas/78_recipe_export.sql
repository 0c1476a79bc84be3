set check_function_bodies = off;

-- recipe.export: every live recipe of the caller's household as recipe.get gives it, by title then id; the files
-- are written in the function (shared/recipe-collections/export-recipes.ts). A household keeps at most 2,000 live
-- recipes, so the read is bounded.
create function app.recipe_export(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object('recipes', coalesce((
    select jsonb_agg(private.recipe_json(r) order by lower(r.title), r.id)
    from public.recipes r
    where r.household_id = p_household_id and r.deleted_at is null
  ), '[]'::jsonb));
end;
$$;
