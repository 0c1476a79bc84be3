create or replace function app.history_undo(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_target public.tool_invocations;
  v_link public.tool_invocations;
  v_next public.tool_invocations;
  v_write public.tool_invocations;
  v_seen integer;
  v_refusal text;
  v_strict boolean;
  v_message text;
  v_inverse jsonb;
begin
  if p_input ? 'invocation_id' then
    select * into v_target from private.household_writes(p_household_id) t
    where t.id = (p_input ->> 'invocation_id')::uuid;
    if v_target.id is null then
      raise exception 'invocation not found' using errcode = 'MP404', column = 'invocation_id';
    end if;
  else
    -- The household's last write that is not an undo and was not undone: read newest first, a page at a time, up
    -- to the first such write, so that the writes behind it are never tested.
    loop
      v_seen := 0;
      for v_next in select * from private.household_writes_newest_first(p_household_id, v_next.created_at, v_next.id, 50)
      loop
        v_seen := v_seen + 1;
        if v_next.tool <> 'history.undo' and not private.invocation_undone(v_next) then
          v_target := v_next;
          exit;
        end if;
      end loop;
      exit when v_target.id is not null or v_seen < 50;
    end loop;
    if v_target.id is null then
      raise exception 'this household has no write to undo' using errcode = 'MP404';
    end if;
  end if;

  -- Every undo of one chain (a write, its undo, the undo of that: a redo, …) queues on the chain's first write
  -- (a join into the household included); the second of two finds the first.
  v_link := v_target;
  while v_link.tool = 'history.undo' loop
    select * into v_next from private.household_writes(p_household_id) t
    where t.id = (v_link.response ->> 'undone_invocation_id')::uuid;
    exit when v_next.id is null;
    v_link := v_next;
  end loop;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('history.undo:' || v_link.id, 0));
  if private.invocation_undone(v_target) then
    perform private.undo_conflict(format('this %s was already undone', v_target.tool));
  end if;
  -- A write that was undone and redone is undone again by undoing the newest link of its chain.
  v_link := v_target;
  loop
    select * into v_next from public.tool_invocations u
    where u.household_id = p_household_id and u.tool = 'history.undo'
      and u.response ->> 'undone_invocation_id' = v_link.id::text
    order by u.created_at desc, u.id desc
    limit 1;
    exit when v_next.id is null;
    v_link := v_next;
  end loop;
  v_write := v_link;
  if v_link.tool = 'history.undo' then
    -- Undoing an undo (a redo) undoes what that undo did, recorded as a write of its own: made by the undo's
    -- caller at the undo's time.
    if jsonb_typeof(v_link.response -> 'inverse') is distinct from 'object' then
      perform private.undo_conflict(format('this undo of %s cannot be undone: it did not record what it did; repeat '
        'the write instead', v_link.response ->> 'undone_tool'));
    end if;
    v_write.tool := v_link.response #>> '{inverse,tool}';
    v_write.response := v_link.response #> '{inverse,response}';
    v_write.id := coalesce((v_link.response #>> '{inverse,invocation_id}')::uuid, v_link.id);
  else
    v_refusal := private.undo_refusal(v_link.tool);
    if v_refusal is not null then
      perform private.undo_conflict(format('%s cannot be undone: %s', v_link.tool, v_refusal));
    end if;
  end if;

  v_strict := exists (
    select 1 from private.household_writes(p_household_id) t
    where t.tool <> 'history.undo' and (t.created_at, t.id) > (v_link.created_at, v_link.id)
      and not private.invocation_undone(t)
  );
  perform pg_catalog.set_config('meal_planner.undo_inverse', '', true);
  v_message := case
    when v_write.tool = 'history.nothing' then private.nothing_to_undo()
    when v_write.tool like 'grocery.%' then private.undo_grocery_write(p_household_id, v_write, v_strict)
    when v_write.tool like 'household.%' then private.undo_household_write(p_household_id, v_write, v_strict)
    when v_write.tool like 'ingredient.%' then private.undo_ingredient_write(p_household_id, v_write)
    when v_write.tool in ('recipe.create_many', 'recipe.remove_created_many') then
      private.undo_recipe_collection_write(p_household_id, v_write, v_strict)
    when v_write.tool in ('planner.add_recurring', 'planner.remove_series', 'planner.update_series',
      'planner.restore_series') then
      private.undo_series_write(p_household_id, v_write, v_strict)
    else private.undo_recipe_or_meal_write(p_household_id, v_write, v_strict)
  end;
  v_inverse := nullif(pg_catalog.current_setting('meal_planner.undo_inverse', true), '')::jsonb;
  perform pg_catalog.set_config('meal_planner.undo_inverse', '', true);
  -- Every way of undoing records what it did: without it, undoing this undo (a redo) could not be exact.
  if v_inverse is null then
    raise exception 'history.undo of % recorded no inverse', v_write.tool;
  end if;
  return jsonb_build_object('undone_invocation_id', v_link.id, 'undone_tool', v_link.tool,
    'undone_summary', private.history_summary(v_link.tool, v_link.response), 'message', v_message,
    'inverse', v_inverse);
end;
$$;

-- recipe.create_many: each recipe all or nothing in a block of its own, so that one refused (an unknown
-- ingredient, the household's cap) leaves the others saved; the call is one write, one history entry.
create or replace function app.recipe_create_many(p_household_id uuid, p_input jsonb) returns jsonb
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
      when sqlstate 'MP304' then
        v_result := jsonb_build_object('status', 'skipped', 'recipe_id', (
            select r.id from public.recipes r
            where r.household_id = p_household_id and r.source_identity = v_recipe ->> 'source_identity'),
          'title', v_recipe ->> 'title', 'revision', null,
          'message', format('Already saved as "%s" and the file changes nothing in it.', v_recipe ->> 'title'));
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

grant execute on function app.recipe_create_many(uuid,jsonb) to authenticated;

-- "Saved 3 recipes (2 new, 1 updated); 1 skipped, already saved; 1 refused."
create or replace function private.collection_save_message(p_counts jsonb) returns text
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

-- One recipe of recipe.create_many, by its source identity: a new recipe; a live one already saved from the same
-- source skipped or, on_existing = 'update', changed in place with a revision (as recipe.update does); a deleted one
-- brought back with the file's content, its previous content kept as a revision. An update that would change
-- nothing raises MP304, so that the caller's block rolls it back (no revision) and calls it skipped.
create or replace function private.save_collection_recipe(p_household_id uuid, p_recipe jsonb, p_update boolean)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_identity text := p_recipe ->> 'source_identity';
  v_fields jsonb := p_recipe - 'source_identity';
  v_recipe public.recipes;
  v_before jsonb;
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
  v_before := private.recipe_json(v_recipe) - 'updated_at';
  v_updated := app.recipe_update(p_household_id, v_fields || jsonb_build_object('recipe_id', v_recipe.id));
  if (v_updated -> 'recipe') - 'updated_at' = v_before then
    raise exception 'unchanged' using errcode = 'MP304';
  end if;
  return jsonb_build_object('status', 'updated', 'recipe_id', v_recipe.id, 'title', v_fields ->> 'title',
    'revision', v_updated -> 'revision',
    'message', format('Updated "%s" from the file; revision %s keeps it as it was.', v_fields ->> 'title',
      v_updated ->> 'revision'));
end;
$$;

grant execute on function private.save_collection_recipe(uuid,jsonb,boolean) to authenticated;

-- history.undo of recipe.create_many: the recipes it created are deleted, the ones it updated put back to the
-- revision that kept them, the ones it brought back put back and deleted again. Undoing that (the inverse,
-- recipe.remove_created_many: a redo) restores the created ones and reverts the others to the revision the undo
-- kept of them; undoing the redo is the first case again. Refused as a whole (CONFLICT) when a recipe was changed
-- by a later write that still stands, or a recipe it created was planned since.
create or replace function private.undo_recipe_collection_write(p_household_id uuid, p_target public.tool_invocations,
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

grant execute on function private.undo_recipe_collection_write(uuid,public.tool_invocations,boolean) to authenticated;

-- Why a tool's write cannot be undone, or null when it can.
create or replace function private.undo_refusal(p_tool text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return case
    when p_tool in ('grocery.push_ingredients', 'grocery.add_item', 'grocery.add_text', 'grocery.push_recipe',
      'grocery.create_list',
      'grocery.rename_list', 'grocery.uncheck_item', 'grocery.sync_plan', 'grocery.apply_conversion', 'history.undo',
      'grocery.delete_list', 'grocery.restore_list', 'grocery.clear_checked', 'grocery.check_item',
      'grocery.remove_item', 'grocery.restore_item', 'grocery.update_item', 'recipe.create', 'recipe.create_many',
      'recipe.delete',
      'recipe.restore', 'recipe.update', 'recipe.revert', 'household.rename', 'household.set_role',
      'household.set_default', 'planner.add_meal', 'planner.remove_meal', 'planner.restore_meal', 'planner.update_meal',
      'household.create_invite', 'household.join', 'household.leave', 'household.remove_member', 'ingredient.create',
      'planner.add_recurring', 'planner.remove_series', 'planner.update_series', 'household.revoke_invite',
      'household.set_aisle_order')
      then null
    else 'history.undo does not know how to undo it yet'
  end;
end;
$$;
