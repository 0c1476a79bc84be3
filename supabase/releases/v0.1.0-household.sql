-- A realistic household, written through release v0.1.0's own private.invoke (issue 24.3): the upgrade pass of the
-- test task makes a database from v0.1.0's migrations, runs this file, applies the newer migrations and checks that
-- every row and every reply is as before. It speaks v0.1.0's tool inputs, so it is never changed with the code: a
-- later release gets a fixture of its own.
create schema upgrade_fixture;

-- One tool call as the functions make it, in the household "The Upgrades" once the user is a member of it. The
-- assistant's bookkeeping (assistant.propose_action) writes without an invocation record, as the function calls it.
create function upgrade_fixture.call(p_email text, p_tool text, p_input jsonb, p_recorded boolean default true)
returns jsonb
language plpgsql
as $$
declare
  v_user uuid := (select id from auth.users where email = p_email);
  v_household uuid := (select h.id from public.households h
                       join public.household_members m on m.household_id = h.id and m.user_id = v_user
                       where h.name = 'The Upgrades');
  v_is_write boolean := p_tool !~ '\.(list|get)';
  v_reply jsonb;
begin
  v_reply := private.invoke(jsonb_build_object(
    'claims', jsonb_build_object('sub', v_user, 'role', 'authenticated', 'email', p_email, 'aud', 'authenticated'),
    'household_id', v_household,
    'tool', p_tool,
    'function', 'app.' || replace(p_tool, '.', '_'),
    'input', p_input,
    'scope', case when p_tool in ('household.list', 'household.join', 'household.set_default') then 'user'
                  else 'household' end,
    'is_write', v_is_write,
    'recorded', v_is_write and p_recorded,
    'idempotency_key', case when v_is_write and p_recorded then gen_random_uuid()::text end));
  return v_reply -> 'data';
end;
$$;

-- Two people: Alice signs up (the sign-up trigger makes her household), Bob joins it by invite.
insert into auth.users (id, aud, role, email, created_at, updated_at)
values (gen_random_uuid(), 'authenticated', 'authenticated', 'alice@upgrade.test', now(), now()),
       (gen_random_uuid(), 'authenticated', 'authenticated', 'bob@upgrade.test', now(), now());

do $$
declare
  v_code text;
  v_recipes uuid[] := '{}';
  v_recipe jsonb;
  v_list uuid;
  v_item uuid;
  v_push jsonb;
  v_day integer;
  v_ingredient uuid;
begin
  perform upgrade_fixture.call('alice@upgrade.test', 'household.rename', '{"name": "The Upgrades"}');
  v_code := upgrade_fixture.call('alice@upgrade.test', 'household.create_invite', '{}') ->> 'code';
  perform upgrade_fixture.call('bob@upgrade.test', 'household.join', jsonb_build_object('code', v_code));

  -- Recipes from the catalog, with exact quantities, tags and a rating; one revised, one deleted.
  for v_recipe in select * from jsonb_array_elements(jsonb_build_array(
    jsonb_build_object('title', 'Spaghetti bolognese', 'servings', 4, 'tags', jsonb_build_array('pasta', 'weeknight'),
      'rating', 5, 'ingredients', jsonb_build_array(
        jsonb_build_object('ingredient_id', (select id from public.ingredients where household_id is null and normalized_name = 'onion'), 'quantity', 1, 'unit', 'whole', 'prep_state', 'chopped'),
        jsonb_build_object('ingredient_id', (select id from public.ingredients where household_id is null and normalized_name = 'garlic'), 'quantity', 2, 'unit', 'piece'),
        jsonb_build_object('ingredient_id', (select id from public.ingredients where household_id is null and normalized_name = 'white rice'), 'quantity', 0.75, 'unit', 'cup'))),
    jsonb_build_object('title', 'Rice and beans', 'servings', 2, 'ingredients', jsonb_build_array(
        jsonb_build_object('ingredient_id', (select id from public.ingredients where household_id is null and normalized_name = 'white rice'), 'quantity', 1.5, 'unit', 'cup'),
        jsonb_build_object('ingredient_id', (select id from public.ingredients where household_id is null and normalized_name = 'onion'), 'quantity', 0.5, 'unit', 'whole'))),
    jsonb_build_object('title', 'Garlic bread', 'servings', 6, 'tags', jsonb_build_array('side'), 'ingredients', jsonb_build_array(
        jsonb_build_object('ingredient_id', (select id from public.ingredients where household_id is null and normalized_name = 'garlic'), 'quantity', 4, 'unit', 'piece'))),
    jsonb_build_object('title', 'Basil omelette', 'servings', 1, 'ingredients', jsonb_build_array(
        jsonb_build_object('ingredient_id', (select id from public.ingredients where household_id is null and normalized_name = 'eggs'), 'quantity', 3, 'unit', 'whole'),
        jsonb_build_object('ingredient_id', (select id from public.ingredients where household_id is null and normalized_name = 'basil'), 'quantity', 0.25, 'unit', 'cup')))))
  loop
    v_recipes := v_recipes || (upgrade_fixture.call('alice@upgrade.test', 'recipe.create', v_recipe) ->> 'recipe_id')::uuid;
  end loop;
  perform upgrade_fixture.call('bob@upgrade.test', 'recipe.update',
    jsonb_build_object('recipe_id', v_recipes[2], 'notes', 'Soak the beans overnight.'));
  perform upgrade_fixture.call('alice@upgrade.test', 'recipe.delete', jsonb_build_object('recipe_id', v_recipes[4]));

  -- A month of dinners, a few lunches, and a weekly recurring meal.
  for v_day in 0..29 loop
    perform upgrade_fixture.call(case when v_day % 2 = 0 then 'alice@upgrade.test' else 'bob@upgrade.test' end,
      'planner.add_meal', jsonb_build_object('recipe_id', v_recipes[1 + v_day % 3],
        'date', (date '2026-12-01' + v_day)::text, 'meal_type', 'dinner', 'servings', 2 + v_day % 3));
  end loop;
  for v_day in 0..3 loop
    perform upgrade_fixture.call('bob@upgrade.test', 'planner.add_meal', jsonb_build_object(
      'recipe_id', v_recipes[3], 'date', (date '2026-12-05' + 7 * v_day)::text, 'meal_type', 'lunch'));
  end loop;
  perform upgrade_fixture.call('alice@upgrade.test', 'planner.add_recurring', jsonb_build_object(
    'recipe_id', v_recipes[2], 'start_date', '2026-12-02', 'weekdays', jsonb_build_array('wednesday'),
    'meal_type', 'lunch', 'count', 4));

  -- Two lists: this week's, pushed from the plan with some items checked and one removed; and a party list.
  v_list := (upgrade_fixture.call('alice@upgrade.test', 'grocery.create_list', '{"name": "This week"}') ->> 'grocery_list_id')::uuid;
  perform upgrade_fixture.call('alice@upgrade.test', 'grocery.sync_plan', jsonb_build_object(
    'grocery_list_id', v_list, 'start_date', '2026-12-01', 'end_date', '2026-12-07'));
  perform upgrade_fixture.call('bob@upgrade.test', 'grocery.add_item', jsonb_build_object(
    'grocery_list_id', v_list, 'name', 'Dish soap', 'quantity', 1, 'unit', 'whole'));
  v_ingredient := (select id from public.ingredients where household_id is null and normalized_name = 'white rice');
  perform upgrade_fixture.call('bob@upgrade.test', 'grocery.add_item', jsonb_build_object(
    'grocery_list_id', v_list, 'ingredient_id', v_ingredient, 'quantity', 2, 'unit', 'cup'));
  for v_item in select id from public.grocery_items where grocery_list_id = v_list order by created_at, id limit 2 loop
    perform upgrade_fixture.call('bob@upgrade.test', 'grocery.check_item', jsonb_build_object('grocery_item_id', v_item));
  end loop;
  perform upgrade_fixture.call('alice@upgrade.test', 'grocery.remove_item', jsonb_build_object('grocery_item_id',
    (select id from public.grocery_items where grocery_list_id = v_list and name = 'Dish soap')));
  v_list := (upgrade_fixture.call('bob@upgrade.test', 'grocery.create_list', '{"name": "Party"}') ->> 'grocery_list_id')::uuid;
  v_push := upgrade_fixture.call('bob@upgrade.test', 'grocery.push_recipe', jsonb_build_object(
    'grocery_list_id', v_list, 'recipe_id', v_recipes[3], 'servings', 12));

  -- Undo history: the last push taken back, then that undo undone (redo).
  -- By id: every call of this block is one transaction, so their created_at are all the same now().
  perform upgrade_fixture.call('bob@upgrade.test', 'history.undo', jsonb_build_object('invocation_id',
    (select id from public.tool_invocations where tool = 'grocery.push_recipe')));
  perform upgrade_fixture.call('bob@upgrade.test', 'history.undo', jsonb_build_object('invocation_id',
    (select id from public.tool_invocations where tool = 'history.undo')));

  -- The assistant's pending actions: one waiting, one the model proposed for a conversation.
  perform upgrade_fixture.call('alice@upgrade.test', 'assistant.propose_action', jsonb_build_object(
    'tool', 'grocery.add_item', 'input', jsonb_build_object('grocery_list_id', v_list, 'name', 'Candles',
      'quantity', 12, 'unit', 'whole')), false);
end;
$$;

drop schema upgrade_fixture cascade;
