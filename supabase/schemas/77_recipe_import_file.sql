set check_function_bodies = off;

-- recipe.import_file: the file is read in the function (shared/recipe-collections); the database does for a page
-- of its recipes what it does for recipe.parse_text: every name looked up exactly, in one call, under the
-- caller's household.
create function app.recipe_import_file(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select app.recipe_parse_text(p_household_id, p_input);
$$;
