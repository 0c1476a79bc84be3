create or replace function private.undo_recipe_or_meal_write(p_household_id uuid, p_target public.tool_invocations,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_at timestamptz := p_target.created_at;
  v_recipe public.recipes;
  v_meal public.planner_meals;
begin
  if p_target.tool like 'recipe.%' then
    select * into v_recipe from public.recipes r
    where r.household_id = p_household_id and r.id = coalesce(v_data ->> 'recipe_id', v_data #>> '{recipe,id}')::uuid
    for no key update;
    perform private.refuse_if_changed_since(format('the recipe "%s"', v_recipe.title), v_recipe.updated_at, v_at,
      p_strict);
    if p_target.tool in ('recipe.update', 'recipe.revert') then
      perform private.record_undo_inverse('recipe.revert', app.recipe_revert(p_household_id,
        jsonb_build_object('recipe_id', v_recipe.id, 'revision', (v_data ->> 'revision')::integer)));
      return format('Put the recipe "%s" back to revision %s.', v_data #>> '{recipe,title}', v_data ->> 'revision');
    end if;
    -- A photo set is undone by setting the photo the recipe had before, while that photo is still in Storage (the app
    -- removes a replaced photo once the new one is recorded; the photo-less state always comes back).
    if p_target.tool = 'recipe.set_photo' then
      if v_data ->> 'previous_photo_path' is not null and not exists (
        select 1 from storage.objects o where o.bucket_id = 'recipe-photos' and o.name = v_data ->> 'previous_photo_path'
      ) then
        perform private.undo_conflict(format('the photo the recipe "%s" had before was removed from Storage',
          v_recipe.title));
      end if;
      perform private.record_undo_inverse('recipe.set_photo', app.recipe_set_photo(p_household_id,
        jsonb_build_object('recipe_id', v_recipe.id, 'photo_path', v_data ->> 'previous_photo_path')));
      return format('Put back the photo the recipe "%s" had before.', v_recipe.title);
    end if;
    if p_target.tool = 'recipe.delete' then
      perform private.record_undo_inverse('recipe.restore',
        app.recipe_restore(p_household_id, jsonb_build_object('recipe_id', v_recipe.id)));
      return format('Restored the recipe "%s".', v_recipe.title);
    end if;
    if exists (
      select 1 from public.planner_meals m
      where m.household_id = p_household_id and m.recipe_id = v_recipe.id and m.deleted_at is null and m.created_at > v_at
    ) then
      perform private.undo_conflict(format('the recipe "%s" was planned since; remove those meals first', v_recipe.title));
    end if;
    perform private.record_undo_inverse('recipe.delete',
      app.recipe_delete(p_household_id, jsonb_build_object('recipe_id', v_recipe.id)));
    return format('Deleted the recipe "%s" again.', v_recipe.title);
  end if;

  select * into v_meal from public.planner_meals m
  where m.household_id = p_household_id and m.id = coalesce(v_data ->> 'planner_meal_id', v_data #>> '{meal,id}')::uuid
  for no key update;
  perform private.refuse_if_changed_since(format('the meal %s on %s', v_data #>> '{meal,recipe_title}', v_meal.date),
    v_meal.updated_at, v_at, p_strict);
  case p_target.tool
  when 'planner.remove_meal' then
    perform private.record_undo_inverse('planner.restore_meal',
      app.planner_restore_meal(p_household_id, jsonb_build_object('planner_meal_id', v_meal.id)));
  when 'planner.update_meal' then
    perform private.record_undo_inverse('planner.update_meal', app.planner_update_meal(p_household_id,
      (v_data -> 'previous') || jsonb_build_object('planner_meal_id', v_meal.id)));
  else
    if exists (
      select 1 from public.grocery_item_sources s
      where s.household_id = p_household_id and s.planner_meal_id = v_meal.id and s.created_at > v_at
    ) then
      perform private.undo_conflict('this meal''s ingredients were pushed to a grocery list since; undo that push first');
    end if;
    perform private.record_undo_inverse('planner.remove_meal',
      app.planner_remove_meal(p_household_id, jsonb_build_object('planner_meal_id', v_meal.id)));
  end case;
  return format('Undid %s for %s.', p_target.tool, v_data #>> '{meal,recipe_title}');
end;
$$;

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
      'recipe.restore', 'recipe.update', 'recipe.revert', 'recipe.set_photo', 'household.rename',
      'household.set_role',
      'household.set_default', 'planner.add_meal', 'planner.remove_meal', 'planner.restore_meal', 'planner.update_meal',
      'household.create_invite', 'household.join', 'household.leave', 'household.remove_member', 'ingredient.create',
      'planner.add_recurring', 'planner.remove_series', 'planner.update_series', 'household.revoke_invite',
      'household.set_aisle_order', 'household.set_on_hand')
      then null
    else 'history.undo does not know how to undo it yet'
  end;
end;
$$;
