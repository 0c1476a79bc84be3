set check_function_bodies = off;

-- Whether saving p_fields (recipe.create_many's recipe) over the recipe would change nothing: the same title, the
-- same value of every field given, and the same lines once their names are resolved. Checked before an update, so
-- that a second import of an unchanged file makes no revision and costs about what a skip does.
create function private.collection_recipe_unchanged(p_household_id uuid, p_recipe public.recipes, p_fields jsonb)
returns boolean
language plpgsql stable
set search_path = ''
as $$
begin
  if p_recipe.title is distinct from p_fields ->> 'title'
    or (p_fields ? 'instructions' and p_recipe.instructions is distinct from p_fields ->> 'instructions')
    or (p_fields ? 'tags' and p_recipe.tags is distinct from private.text_array(p_fields -> 'tags'))
    or (p_fields ? 'rating' and p_recipe.rating is distinct from (p_fields ->> 'rating')::smallint)
    or (p_fields ? 'notes' and p_recipe.notes is distinct from p_fields ->> 'notes')
    or (p_fields ? 'servings' and p_recipe.servings is distinct from (p_fields ->> 'servings')::integer) then
    return false;
  end if;
  return (
    select count(*) from public.recipe_ingredients x
    where x.household_id = p_household_id and x.recipe_id = p_recipe.id
  ) = jsonb_array_length(p_fields -> 'ingredients') and not exists (
    select r.line_position, r.ingredient_id, r.quantity, r.unit, r.prep_state, r.note
    from private.resolve_ingredient_lines(p_household_id, p_fields -> 'ingredients') r
    except all
    select x.position, x.ingredient_id, x.quantity, x.unit, x.prep_state, x.note
    from public.recipe_ingredients x
    where x.household_id = p_household_id and x.recipe_id = p_recipe.id
  );
end;
$$;
grant execute on function private.collection_recipe_unchanged(uuid,recipes,jsonb) to authenticated;

-- One recipe of recipe.create_many, by its source identity: a new recipe; a live one already saved from the same
-- source skipped or, on_existing = 'update', changed in place with a revision (as recipe.update does) unless that
-- would change nothing; a deleted one brought back with the file's content, its previous content kept as a revision.
create function private.save_collection_recipe(p_household_id uuid, p_recipe jsonb, p_update boolean)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_identity text := p_recipe ->> 'source_identity';
  v_fields jsonb := p_recipe - 'source_identity';
  v_recipe public.recipes;
  v_updated jsonb;
begin
  if v_identity is not null then
    -- Two imports of the same file at once: the second waits here, then finds what the first saved.
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('recipe source:' || p_household_id::text || ':' || v_identity, 0));
    select * into v_recipe from public.recipes r
    where r.household_id = p_household_id and r.source_identity = v_identity
    for no key update;
  end if;

  if v_recipe.id is null then
    perform private.hold_household_cap(p_household_id, 'recipes');
    insert into public.recipes (household_id, title, instructions, tags, rating, notes, servings, source_identity)
    values (p_household_id, v_fields ->> 'title', v_fields ->> 'instructions', private.text_array(v_fields -> 'tags'),
      (v_fields ->> 'rating')::smallint, v_fields ->> 'notes', (v_fields ->> 'servings')::integer, v_identity)
    returning * into v_recipe;
    perform private.replace_recipe_lines(p_household_id, v_recipe.id, v_fields -> 'ingredients');
    return jsonb_build_object('status', 'created', 'recipe_id', v_recipe.id, 'title', v_recipe.title,
      'revision', null, 'message', format('Saved "%s".', v_recipe.title));
  end if;

  if v_recipe.deleted_at is not null then
    perform private.hold_household_cap(p_household_id, 'recipes');
    update public.recipes r set deleted_at = null where r.id = v_recipe.id;
    v_updated := app.recipe_update(p_household_id, v_fields || jsonb_build_object('recipe_id', v_recipe.id));
    return jsonb_build_object('status', 'restored', 'recipe_id', v_recipe.id, 'title', v_fields ->> 'title',
      'revision', v_updated -> 'revision',
      'message', format('Brought back "%s", deleted before, with the file''s content.', v_fields ->> 'title'));
  end if;

  if not p_update then
    return jsonb_build_object('status', 'skipped', 'recipe_id', v_recipe.id, 'title', v_recipe.title,
      'revision', null, 'message', format('Already saved as "%s"; left as it is.', v_recipe.title));
  end if;
  if private.collection_recipe_unchanged(p_household_id, v_recipe, v_fields) then
    return jsonb_build_object('status', 'skipped', 'recipe_id', v_recipe.id, 'title', v_recipe.title,
      'revision', null, 'message', format('Already saved as "%s" and the file changes nothing in it.', v_recipe.title));
  end if;
  v_updated := app.recipe_update(p_household_id, v_fields || jsonb_build_object('recipe_id', v_recipe.id));
  return jsonb_build_object('status', 'updated', 'recipe_id', v_recipe.id, 'title', v_fields ->> 'title',
    'revision', v_updated -> 'revision',
    'message', format('Updated "%s" from the file; revision %s keeps it as it was.', v_fields ->> 'title',
      v_updated ->> 'revision'));
end;
$$;
grant execute on function private.save_collection_recipe(uuid,jsonb,boolean) to authenticated;

-- recipe.create_many: each recipe all or nothing in a block of its own, so that one refused (an unknown
-- ingredient, the household's cap) leaves the others saved; the call is one write, one history entry.
create function app.recipe_create_many(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_update boolean := coalesce(p_input ->> 'on_existing', 'skip') = 'update';
  v_recipe jsonb;
  v_index bigint;
  v_result jsonb;
  v_results jsonb := '[]'::jsonb;
  v_message text;
  v_column text;
  v_counts jsonb;
begin
  for v_recipe, v_index in
    select r.value, r.ordinality - 1 from jsonb_array_elements(p_input -> 'recipes') with ordinality r
  loop
    begin
      v_result := private.save_collection_recipe(p_household_id, v_recipe, v_update);
    exception
      when sqlstate 'MP400' or sqlstate 'MP409' or sqlstate 'MP404' then
        get stacked diagnostics v_message = message_text, v_column = column_name;
        v_result := jsonb_build_object('status', 'refused', 'recipe_id', null, 'title', v_recipe ->> 'title',
          'revision', null, 'message', v_message, 'field', nullif(v_column, ''));
      when integrity_constraint_violation then
        v_result := jsonb_build_object('status', 'refused', 'recipe_id', null, 'title', v_recipe ->> 'title',
          'revision', null, 'message', 'this recipe breaks a rule of the recipes table as it stands');
    end;
    v_results := v_results || jsonb_build_array(jsonb_build_object('index', v_index) || v_result);
  end loop;

  select jsonb_build_object(
      'created', count(*) filter (where e ->> 'status' = 'created'),
      'updated', count(*) filter (where e ->> 'status' = 'updated'),
      'restored', count(*) filter (where e ->> 'status' = 'restored'),
      'skipped', count(*) filter (where e ->> 'status' = 'skipped'),
      'refused', count(*) filter (where e ->> 'status' = 'refused'))
  into v_counts
  from jsonb_array_elements(v_results) e;
  return jsonb_build_object('results', v_results, 'summary', v_counts,
    'message', private.collection_save_message(v_counts));
end;
$$;

-- "Saved 3 recipes (2 new, 1 updated); 1 skipped, already saved; 1 refused."
create function private.collection_save_message(p_counts jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_saved numeric := (p_counts ->> 'created')::numeric + (p_counts ->> 'updated')::numeric
    + (p_counts ->> 'restored')::numeric;
  v_parts text[];
begin
  v_parts := array_remove(array[
    case when (p_counts ->> 'created')::numeric > 0 then (p_counts ->> 'created') || ' new' end,
    case when (p_counts ->> 'updated')::numeric > 0 then (p_counts ->> 'updated') || ' updated' end,
    case when (p_counts ->> 'restored')::numeric > 0 then (p_counts ->> 'restored') || ' brought back' end
  ], null);
  return concat_ws('; ',
    case when v_saved > 0 then format('Saved %s (%s)', private.counted(v_saved, 'recipe'),
      array_to_string(v_parts, ', ')) else 'Saved no recipe' end,
    case when (p_counts ->> 'skipped')::numeric > 0 then (p_counts ->> 'skipped') || ' skipped, already saved' end,
    case when (p_counts ->> 'refused')::numeric > 0 then (p_counts ->> 'refused') || ' refused' end) || '.';
end;
$$;
grant execute on function private.collection_save_message(jsonb) to authenticated;

-- history.undo of recipe.create_many: the recipes it created are deleted, the ones it updated put back to the
-- revision that kept them, the ones it brought back put back and deleted again. Undoing that (the inverse,
-- recipe.remove_created_many: a redo) restores the created ones and reverts the others to the revision the undo
-- kept of them; undoing the redo is the first case again. Refused as a whole (CONFLICT) when a recipe was changed
-- by a later write that still stands, or a recipe it created was planned since.
create function private.undo_recipe_collection_write(p_household_id uuid, p_target public.tool_invocations,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_forward boolean := p_target.tool = 'recipe.create_many';
  v_entry jsonb;
  v_recipe public.recipes;
  v_reverted jsonb;
  v_revision jsonb;
  v_inverse jsonb := '[]'::jsonb;
  v_count integer := 0;
begin
  for v_entry in
    select e from jsonb_array_elements(p_target.response -> 'results') e
    where e ->> 'status' in ('created', 'updated', 'restored')
  loop
    select * into v_recipe from public.recipes r
    where r.household_id = p_household_id and r.id = (v_entry ->> 'recipe_id')::uuid
    for no key update;
    perform private.refuse_if_changed_since(format('the recipe "%s"', v_recipe.title), v_recipe.updated_at,
      p_target.created_at, p_strict);
    v_revision := null;
    if v_forward then
      if v_entry ->> 'status' = 'created' and exists (
        select 1 from public.planner_meals m
        where m.household_id = p_household_id and m.recipe_id = v_recipe.id and m.deleted_at is null
          and m.created_at > p_target.created_at
      ) then
        perform private.undo_conflict(format('the recipe "%s" was planned since; remove those meals first',
          v_recipe.title));
      end if;
      if v_entry ->> 'status' <> 'created' then
        v_reverted := app.recipe_revert(p_household_id, jsonb_build_object('recipe_id', v_recipe.id,
          'revision', (v_entry ->> 'revision')::integer));
        v_revision := v_reverted -> 'revision';
      end if;
      if v_entry ->> 'status' <> 'updated' then
        perform app.recipe_delete(p_household_id, jsonb_build_object('recipe_id', v_recipe.id));
      end if;
    else
      if v_entry ->> 'status' <> 'updated' then
        perform app.recipe_restore(p_household_id, jsonb_build_object('recipe_id', v_recipe.id));
      end if;
      if v_entry ->> 'status' <> 'created' then
        v_reverted := app.recipe_revert(p_household_id, jsonb_build_object('recipe_id', v_recipe.id,
          'revision', (v_entry ->> 'revision')::integer));
        v_revision := v_reverted -> 'revision';
      end if;
    end if;
    v_inverse := v_inverse || jsonb_build_array(v_entry || jsonb_build_object('revision', v_revision));
    v_count := v_count + 1;
  end loop;
  perform private.record_undo_inverse(
    case when v_forward then 'recipe.remove_created_many' else 'recipe.create_many' end,
    jsonb_build_object('results', v_inverse));
  if v_count = 0 then
    return 'That import saved no recipe; nothing to undo.';
  end if;
  return case when v_forward
    then format('Took back what the import saved: %s.', private.counted(v_count, 'recipe'))
    else format('Saved again what the import had saved: %s.', private.counted(v_count, 'recipe')) end;
end;
$$;
grant execute on function private.undo_recipe_collection_write(uuid,tool_invocations,boolean) to authenticated;
