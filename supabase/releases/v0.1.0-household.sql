-- A realistic household, written through release v0.1.0's own private.invoke: the upgrade pass of the
-- test task makes a database from v0.1.0's migrations, runs this file, applies the newer migrations and checks that
-- every row and every reply is as before. It speaks v0.1.0's tool inputs, so it is never changed with the code: a
-- later release gets a fixture of its own. It leaves no table of public empty (the pass checks that too).
create schema upgrade_fixture;

-- One tool call as the functions make it, in the household "The Upgrades" once the user is a member of it. The
-- assistant's bookkeeping (assistant.<step>) writes without an invocation record, as the function calls it. A call
-- that fails stops the fixture with the call named; so does a reply that is not a fresh one with data (a replayed
-- or empty reply is a call that did not do what the fixture says).
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
  begin
    v_reply := private.invoke(jsonb_build_object(
      'claims', jsonb_build_object('sub', v_user, 'role', 'authenticated', 'email', p_email, 'aud', 'authenticated'),
      'household_id', v_household,
      'tool', p_tool,
      'function', 'app.' || replace(p_tool, '.', '_'),
      'input', p_input,
      'scope', case when p_tool in ('household.list', 'household.get', 'household.join', 'household.set_default',
                                    'assistant.get_conversation', 'assistant.list_actions', 'assistant.lock_action',
                                    'assistant.decide_action') then 'user'
                    else 'household' end,
      'is_write', v_is_write,
      'recorded', v_is_write and p_recorded,
      'idempotency_key', case when v_is_write and p_recorded then gen_random_uuid()::text end));
  exception when others then
    raise exception 'fixture call % by % failed: % (%)', p_tool, p_email, sqlerrm, sqlstate
      using detail = 'input: ' || left(p_input::text, 500);
  end;
  if jsonb_typeof(v_reply) is distinct from 'object' or (v_reply ->> 'replayed')::boolean
     or jsonb_typeof(v_reply -> 'data') is distinct from 'object' then
    raise exception 'fixture call % by % did not answer with fresh data: %', p_tool, p_email, left(v_reply::text, 300)
      using detail = 'input: ' || left(p_input::text, 500);
  end if;
  return v_reply -> 'data';
end;
$$;

-- A catalog ingredient's id by its name; a name the catalog lacks stops the fixture (a null id would be a free line).
create function upgrade_fixture.catalog(p_name text) returns uuid
language plpgsql
as $$
declare
  v_id uuid := (select id from public.ingredients where household_id is null and normalized_name = p_name);
begin
  if v_id is null then
    raise exception 'fixture: no catalog ingredient %', p_name;
  end if;
  return v_id;
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
  v_count integer;
  v_conversation uuid;
  v_action uuid;
  v_result jsonb;
begin
  perform upgrade_fixture.call('alice@upgrade.test', 'household.rename', '{"name": "The Upgrades"}');
  v_code := upgrade_fixture.call('alice@upgrade.test', 'household.create_invite', '{}') ->> 'code';
  perform upgrade_fixture.call('bob@upgrade.test', 'household.join', jsonb_build_object('code', v_code));

  -- Recipes from the catalog, with exact quantities, tags and a rating; one revised, one deleted.
  for v_recipe in select * from jsonb_array_elements(jsonb_build_array(
    jsonb_build_object('title', 'Spaghetti bolognese', 'servings', 4, 'tags', jsonb_build_array('pasta', 'weeknight'),
      'rating', 5, 'ingredients', jsonb_build_array(
        jsonb_build_object('ingredient_id', upgrade_fixture.catalog('onion'), 'quantity', 1, 'unit', 'whole', 'prep_state', 'chopped'),
        jsonb_build_object('ingredient_id', upgrade_fixture.catalog('garlic'), 'quantity', 2, 'unit', 'piece'),
        jsonb_build_object('ingredient_id', upgrade_fixture.catalog('white rice'), 'quantity', 0.75, 'unit', 'cup'))),
    jsonb_build_object('title', 'Rice and beans', 'servings', 2, 'ingredients', jsonb_build_array(
        jsonb_build_object('ingredient_id', upgrade_fixture.catalog('white rice'), 'quantity', 1.5, 'unit', 'cup'),
        jsonb_build_object('ingredient_id', upgrade_fixture.catalog('onion'), 'quantity', 0.5, 'unit', 'whole'))),
    jsonb_build_object('title', 'Garlic bread', 'servings', 6, 'tags', jsonb_build_array('side'), 'ingredients', jsonb_build_array(
        jsonb_build_object('ingredient_id', upgrade_fixture.catalog('garlic'), 'quantity', 4, 'unit', 'piece'))),
    jsonb_build_object('title', 'Basil omelette', 'servings', 1, 'ingredients', jsonb_build_array(
        jsonb_build_object('ingredient_id', upgrade_fixture.catalog('eggs'), 'quantity', 3, 'unit', 'whole'),
        jsonb_build_object('ingredient_id', upgrade_fixture.catalog('basil'), 'quantity', 0.25, 'unit', 'cup')))))
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
  -- Fewer at one dinner, so the next sync takes its share back (a withdrawal).
  perform upgrade_fixture.call('bob@upgrade.test', 'planner.update_meal', jsonb_build_object(
    'planner_meal_id', (select id from public.planner_meals where date = '2026-12-03' and meal_type = 'dinner'),
    'servings', 2));
  perform upgrade_fixture.call('alice@upgrade.test', 'grocery.sync_plan', jsonb_build_object(
    'grocery_list_id', v_list, 'start_date', '2026-12-01', 'end_date', '2026-12-07'));
  if not exists (select from public.grocery_item_withdrawals) then
    raise exception 'fixture: the second sync withdrew nothing';
  end if;
  perform upgrade_fixture.call('bob@upgrade.test', 'grocery.add_item', jsonb_build_object(
    'grocery_list_id', v_list, 'name', 'Dish soap', 'quantity', 1, 'unit', 'whole'));
  v_ingredient := upgrade_fixture.catalog('white rice');
  perform upgrade_fixture.call('bob@upgrade.test', 'grocery.add_item', jsonb_build_object(
    'grocery_list_id', v_list, 'ingredient_id', v_ingredient, 'quantity', 2, 'unit', 'cup'));
  v_count := 0;
  for v_item in select id from public.grocery_items where grocery_list_id = v_list order by created_at, id limit 2 loop
    perform upgrade_fixture.call('bob@upgrade.test', 'grocery.check_item', jsonb_build_object('grocery_item_id', v_item));
    v_count := v_count + 1;
  end loop;
  if v_count <> 2 then
    raise exception 'fixture: % items to check on "This week", not 2', v_count;
  end if;
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

  -- The assistant's pending actions: one waiting, outside a conversation.
  perform upgrade_fixture.call('alice@upgrade.test', 'assistant.propose_action', jsonb_build_object(
    'tool', 'grocery.add_item', 'input', jsonb_build_object('grocery_list_id', v_list, 'name', 'Candles',
      'quantity', 12, 'unit', 'whole')), false);

  -- A conversation, as the assistant function keeps one: Alice's message begins the turn; the model's reply, its
  -- tool calls and their results are saved; two writes it proposed there, one confirmed (the tool run as Alice, as
  -- the assistant's confirm runs it) and one rejected by Bob.
  v_conversation := (upgrade_fixture.call('alice@upgrade.test', 'assistant.begin_turn', jsonb_build_object(
    'conversation_id', null, 'message', 'Add napkins and balloons to the party list'), false) ->> 'conversation_id')::uuid;
  perform upgrade_fixture.call('alice@upgrade.test', 'assistant.save_messages', jsonb_build_object(
    'conversation_id', v_conversation, 'messages', jsonb_build_array(
      jsonb_build_object('role', 'assistant', 'content', jsonb_build_array(
        jsonb_build_object('type', 'text', 'text', 'I will add both to Party.'),
        jsonb_build_object('type', 'tool_use', 'id', 'toolu_upgrade_1', 'name', 'grocery_add_item',
          'input', jsonb_build_object('grocery_list_id', v_list, 'name', 'Napkins', 'quantity', 2, 'unit', 'package')),
        jsonb_build_object('type', 'tool_use', 'id', 'toolu_upgrade_2', 'name', 'grocery_add_item',
          'input', jsonb_build_object('grocery_list_id', v_list, 'name', 'Balloons', 'quantity', 20, 'unit', 'whole')))),
      jsonb_build_object('role', 'user', 'content', jsonb_build_array(
        jsonb_build_object('type', 'tool_result', 'tool_use_id', 'toolu_upgrade_1', 'content', 'Approval requested.'),
        jsonb_build_object('type', 'tool_result', 'tool_use_id', 'toolu_upgrade_2', 'content', 'Approval requested.'))),
      jsonb_build_object('role', 'assistant', 'content', jsonb_build_array(
        jsonb_build_object('type', 'text', 'text', 'Confirm them in the app to add them.'))))), false);
  v_action := (upgrade_fixture.call('alice@upgrade.test', 'assistant.propose_action', jsonb_build_object(
    'conversation_id', v_conversation, 'tool', 'grocery.add_item', 'input', jsonb_build_object(
      'grocery_list_id', v_list, 'name', 'Napkins', 'quantity', 2, 'unit', 'package')), false) ->> 'id')::uuid;
  perform upgrade_fixture.call('alice@upgrade.test', 'assistant.lock_action', jsonb_build_object('action_id', v_action),
    false);
  v_result := upgrade_fixture.call('alice@upgrade.test', 'grocery.add_item', jsonb_build_object(
    'grocery_list_id', v_list, 'name', 'Napkins', 'quantity', 2, 'unit', 'package'));
  perform upgrade_fixture.call('alice@upgrade.test', 'assistant.decide_action', jsonb_build_object(
    'action_id', v_action, 'status', 'confirmed', 'result', jsonb_build_object('ok', true, 'data', v_result)), false);
  v_action := (upgrade_fixture.call('alice@upgrade.test', 'assistant.propose_action', jsonb_build_object(
    'conversation_id', v_conversation, 'tool', 'grocery.add_item', 'input', jsonb_build_object(
      'grocery_list_id', v_list, 'name', 'Balloons', 'quantity', 20, 'unit', 'whole')), false) ->> 'id')::uuid;
  perform upgrade_fixture.call('bob@upgrade.test', 'assistant.lock_action', jsonb_build_object('action_id', v_action),
    false);
  perform upgrade_fixture.call('bob@upgrade.test', 'assistant.decide_action', jsonb_build_object(
    'action_id', v_action, 'status', 'rejected', 'result', null), false);
end;
$$;

drop schema upgrade_fixture cascade;
