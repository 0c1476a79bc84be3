set check_function_bodies = off;

-- The fixed list of units. factor converts to the kind's base unit (ml, g);
-- count units have none. Nothing converts automatically: the factors are for
-- display and a later, user-approved conversion.
create table public.units (
  code text primary key,
  kind text not null check (kind in ('volume', 'weight', 'count')),
  factor numeric check (factor > 0),
  check ((kind = 'count') = (factor is null))
);
revoke all on public.units from public, anon, authenticated;
alter table public.units enable row level security;
create policy "Units are visible to signed-in users" on public.units
  for select to authenticated
  using (true);

create table public.grocery_categories (
  code text primary key check (code ~ '^[a-z]+$'),
  label text not null check (char_length(label) between 1 and 50),
  default_position smallint not null unique check (default_position > 0)
);
revoke all on public.grocery_categories from public, anon, authenticated;
grant select on public.grocery_categories to meal_planner_reader, meal_planner_writer;
alter table public.grocery_categories enable row level security;
create policy "Grocery categories are visible to signed-in users" on public.grocery_categories
  for select to authenticated
  using (true);

-- Caps held by triggers, so that every way a row is made counts (the tool, a confirmed action, an undo).
create function private.hold_ingredient_cap() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.household_id is not null then
    perform private.hold_household_cap(new.household_id, 'household ingredients');
  end if;
  return new;
end;
$$;
grant execute on function private.hold_ingredient_cap() to authenticated;

-- Still exact matching (no fuzziness): a name matches an ingredient or one of its listed aliases when both read
-- the same after folding case, accents, punctuation, spaces and plural endings ("All-Purpose Flour" = "all
-- purpose flour"; "tomatoes" = "tomato"; "confectioners' sugar" = "confectioners sugar"). Both sides are folded
-- by this one function, so a plural rule that is not English grammar still only joins spellings of one word.
create function private.fold_ingredient_name(p_name text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    btrim(regexp_replace(
      translate(lower(coalesce(p_name, '')), 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿ''’`', 'aaaaaaceeeeiiiinooooouuuuyy'),
      '[^a-z0-9]+', ' ', 'g')),
    '\m([a-z0-9]+)ies\M', '\1y', 'g'),
    '\m([a-z0-9]{2,})oes\M', '\1o', 'g'),
    '\m([a-z0-9]*(ch|sh|x|z))es\M', '\1', 'g'),
    '\m([a-z0-9]{2,}[a-hj-rtv-z0-9])s\M', '\1', 'g');
$$;
-- Called by the generated columns when a household adds an ingredient. The lookups take names folded by the
-- function's copy in TypeScript (shared/ingredient-grammar/fold-name.ts; a test holds the two equal over the
-- catalog), so a lookup calls no regular expression per name in SQL.
grant execute on function private.fold_ingredient_name(text) to authenticated;

-- household_id null: the shared catalog. Names match exactly after trimming and
-- case folding, never fuzzily; normalized_name is what lookups compare.
create table public.ingredients (
  id uuid primary key default gen_random_uuid(),
  household_id uuid references public.households (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  normalized_name text not null generated always as (lower(btrim(name))) stored,
  category text check (char_length(category) between 1 and 100),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  folded_name text generated always as (private.fold_ingredient_name(name)) stored,
  -- The count unit a counted line ("3 eggs", "2 cloves garlic") takes: whole or piece; null when the
  -- ingredient is not counted.
  count_unit text references public.units (code) check (count_unit in ('whole', 'piece')),
  -- The aisle is a column of its own: `category` keeps the catalog's six coarse groups as released (a released row's
  -- values never change). The groups become aisles; then the names that belong elsewhere move.
  aisle text,
  -- Every catalog entry has an aisle, one of the list; a household's own ingredient may have none.
  constraint ingredients_aisle_fkey foreign key (aisle) references public.grocery_categories (code),
  constraint ingredients_catalog_has_aisle check (household_id is not null or aisle is not null)
);
create unique index ingredients_scope_name_key on public.ingredients
  (coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid), normalized_name);
create index ingredients_household_id_idx on public.ingredients (household_id);
revoke all on public.ingredients from public, anon, authenticated;
-- Delete: undoing ingredient.create (history.undo) removes a household's ingredient nothing refers to,
-- so its name can be created again.
grant insert, update, delete on public.ingredients to meal_planner_writer;
alter table public.ingredients enable row level security;
create index ingredients_prefix_idx on public.ingredients (normalized_name text_pattern_ops);
create index ingredients_folded_name_idx on public.ingredients (folded_name);
create index if not exists ingredients_created_by_idx on public.ingredients (created_by);
create index ingredients_aisle_idx on public.ingredients (aisle);
create trigger ingredients_stamp_update before update on public.ingredients
  for each row execute function private.stamp_update();
create policy "Catalog and household ingredients are visible to members" on public.ingredients
  for select to authenticated
  using (household_id is null or household_id in (select private.member_household_ids()));
create policy "Members can edit their household's ingredients" on public.ingredients
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create policy "Members can remove their household's ingredients" on public.ingredients
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));
create trigger ingredients_household_cap before insert on public.ingredients
  for each row execute function private.hold_ingredient_cap();
create policy "Members can add ingredients to their household, or put back one an undo removed" on public.ingredients
  for insert to authenticated
  with check (
    household_id in (select private.member_household_ids())
    and (created_by = (select auth.uid())
         or private.made_by_write(household_id, 'ingredient.create', created_by, 'ingredient_id', id::text))
  );

-- A line of a recipe or a grocery list may use the catalog or its own
-- household's ingredients, never another household's. Runs after the row
-- passed row-level security, so a refused row reports that first.
create function private.check_ingredient_scope() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.ingredient_id is not null and not exists (
    select 1 from public.ingredients i
    where i.id = new.ingredient_id
      and (i.household_id is null or i.household_id = new.household_id)
  ) then
    raise exception 'ingredient % not found', new.ingredient_id
      using errcode = 'MP400', column = 'ingredient_id';
  end if;
  return null;
end;
$$;

create function app.ingredient_search(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_query text := regexp_replace(lower(btrim(p_input ->> 'query')), '\s+', ' ', 'g');
  v_pattern text := private.escape_like(v_query);
  v_words text[] := string_to_array(v_query, ' ');
begin
  -- Ranked: the exact name, then names starting with the query, then names holding every word of the query as
  -- whole words, in any order, or whose listed alias does ("beef minced" finds "minced beef"; "minced beef" finds
  -- ground beef, whose alias it is; "rice" finds "brown rice", never "licorice"). A search only: writes take exact
  -- names.
  return jsonb_build_object('ingredients', coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', found.id, 'name', found.name, 'household_specific', found.household_id is not null,
      'match', (array['exact', 'prefix', 'word'])[found.rank + 1]
    ) order by found.rank, found.normalized_name, found.household_id nulls last, found.id)
    from (
      select i.id, i.name, i.normalized_name, i.household_id,
        case when i.normalized_name = v_query then 0 when i.normalized_name like v_pattern || '%' then 1 else 2 end
          as rank
      from public.ingredients i
      where (i.household_id is null or i.household_id = p_household_id)
        and (i.normalized_name like v_pattern || '%'
          or v_words <@ string_to_array(regexp_replace(i.normalized_name, '\s+', ' ', 'g'), ' ')
          or i.id in (
            select a.ingredient_id from public.ingredient_aliases a
            where v_words <@ string_to_array(regexp_replace(lower(a.alias), '\s+', ' ', 'g'), ' ')))
      order by rank, i.normalized_name, i.household_id nulls last, i.id
      limit coalesce((p_input ->> 'limit')::integer, 10)
    ) found
  ), '[]'::jsonb));
end;
$$;

create function app.ingredient_create(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_existing public.ingredients;
  v_ingredient public.ingredients;
begin
  select * into v_existing from public.ingredients i
  where i.normalized_name = lower(btrim(p_input ->> 'name'))
    and (i.household_id is null or i.household_id = p_household_id)
  order by i.household_id nulls first
  limit 1;
  if v_existing.id is not null then
    raise exception '"%" already exists (%, id %); use it instead', v_existing.name,
      case when v_existing.household_id is null then 'in the catalog' else 'in this household' end, v_existing.id
      using errcode = 'MP409', column = 'name';
  end if;
  insert into public.ingredients (household_id, name)
  values (p_household_id, btrim(p_input ->> 'name'))
  returning * into v_ingredient;
  return jsonb_build_object('ingredient_id', v_ingredient.id, 'name', v_ingredient.name,
    'created_at', v_ingredient.created_at);
exception when unique_violation then
  raise exception '"%" was just added by someone else in this household', btrim(p_input ->> 'name')
    using errcode = 'MP409', column = 'name';
end;
$$;

-- Ingredient lines by id or exact name (trimmed, case-folded; the household's
-- own ingredient wins over the catalog's). Every unknown one is listed in a
-- single error, so the caller can fix them all at once.
-- The keys are read from the JSON in a materialized CTE, so each lookup compares the ingredient's id or name with a
-- plain column: a key read from the JSON inside the lookup is not leakproof, and under row-level security
-- PostgreSQL 15 then scanned the whole ingredients table for each line (the catalog and every household's own, about
-- 95 pages a line with 4,000 rows) instead of using its primary key or its name index.
create function private.resolve_ingredient_lines(p_household_id uuid, p_lines jsonb)
returns table (line_position integer, ingredient_id uuid, quantity numeric, unit text, prep_state text, note text)
language plpgsql stable
set search_path = ''
as $$
declare
  v_lines jsonb;
  v_unknown text;
begin
  with lines as materialized (
    select l.ordinality, l.value, l.value ? 'ingredient_id' as by_id, (l.value ->> 'ingredient_id')::uuid as wanted_id,
      lower(btrim(l.value ->> 'name')) as wanted_name
    from jsonb_array_elements(p_lines) with ordinality l
  )
  select jsonb_agg(jsonb_build_object(
      'line_position', l.ordinality - 1,
      'ingredient_id', case
        when l.by_id then (
          select i.id from public.ingredients i
          where i.id = l.wanted_id
            and (i.household_id is null or i.household_id = p_household_id))
        else (
          select i.id from public.ingredients i
          where i.normalized_name = l.wanted_name
            and (i.household_id is null or i.household_id = p_household_id)
          order by i.household_id nulls last
          limit 1)
      end,
      'quantity', l.value -> 'quantity',
      'unit', l.value -> 'unit',
      'prep_state', l.value -> 'prep_state',
      'note', l.value -> 'note',
      'wanted', coalesce('"' || btrim(l.value ->> 'name') || '"', 'id ' || (l.value ->> 'ingredient_id'))
    ) order by l.ordinality)
  into v_lines
  from lines l;

  select string_agg(format('%s (line %s)', line ->> 'wanted', line ->> 'line_position'), ', ')
  into v_unknown
  from jsonb_array_elements(v_lines) line
  where line -> 'ingredient_id' = 'null'::jsonb;
  if v_unknown is not null then
    raise exception 'unknown ingredients: %. Names match the catalog or the household''s own ingredients exactly; find them with ingredient.search or add one with ingredient.create.', v_unknown
      using errcode = 'MP400', column = 'ingredients';
  end if;
  return query
  select r.line_position, r.ingredient_id, r.quantity, r.unit, r.prep_state, r.note
  from jsonb_to_recordset(v_lines)
    as r(line_position integer, ingredient_id uuid, quantity numeric, unit text, prep_state text, note text);
end;
$$;
grant execute on function private.resolve_ingredient_lines(uuid,jsonb) to authenticated;

-- Other names of a catalog ingredient ("plain flour" → all-purpose flour, "garlic cloves" → garlic). A listed
-- alias is exact too: folded as names are, and unique. note is what the alias says that the ingredient's name
-- does not ("cloves"), kept in the line's note; count_unit, when set, is the unit a counted line takes.
create table public.ingredient_aliases (
  id uuid primary key default gen_random_uuid(),
  ingredient_id uuid not null references public.ingredients (id) on delete cascade,
  alias text not null check (char_length(btrim(alias)) between 1 and 100),
  folded_alias text generated always as (private.fold_ingredient_name(alias)) stored,
  note text check (char_length(note) between 1 and 100),
  count_unit text references public.units (code) check (count_unit in ('whole', 'piece'))
);
create unique index ingredient_aliases_folded_alias_key on public.ingredient_aliases (folded_alias);
create index ingredient_aliases_ingredient_id_idx on public.ingredient_aliases (ingredient_id);
revoke all on public.ingredient_aliases from public, anon, authenticated;
alter table public.ingredient_aliases enable row level security;
create policy "Catalog aliases are visible to signed-in users" on public.ingredient_aliases
  for select to authenticated
  using (true);

-- The units only ever bought whole, whatever is in them: a can, a package. (A table of its own: a released row of
-- public.units keeps its columns.)
create table public.units_bought_whole (
  unit text primary key references public.units (code)
);
revoke all on public.units_bought_whole from public, anon, authenticated;
grant select on public.units_bought_whole to meal_planner_reader, meal_planner_writer;
alter table public.units_bought_whole enable row level security;
create policy "Units bought whole are visible to signed-in users" on public.units_bought_whole
  for select to authenticated
  using (true);

-- How a catalog ingredient is sold, per unit of need: a line of `need_unit` (or of another unit of the same weight or
-- volume kind, converted exactly by the units' factors) is bought as ceil(quantity / per_purchase) of purchase_unit,
-- worded with singular/plural (the unit's own name when null). Counts match their unit only.
create table public.ingredient_purchase_units (
  ingredient_id uuid not null references public.ingredients (id) on delete cascade,
  need_unit text not null references public.units (code),
  per_purchase numeric not null check (per_purchase > 0),
  purchase_unit text not null references public.units (code),
  singular text check (char_length(singular) between 1 and 50),
  plural text check (char_length(plural) between 1 and 50),
  primary key (ingredient_id, need_unit),
  check ((singular is null) = (plural is null))
);
create index ingredient_purchase_units_need_unit_idx on public.ingredient_purchase_units (need_unit);
create index ingredient_purchase_units_purchase_unit_idx on public.ingredient_purchase_units (purchase_unit);
revoke all on public.ingredient_purchase_units from public, anon, authenticated;
grant select on public.ingredient_purchase_units to meal_planner_reader, meal_planner_writer;
alter table public.ingredient_purchase_units enable row level security;
create policy "How catalog ingredients are sold is visible to signed-in users" on public.ingredient_purchase_units
  for select to authenticated
  using (true);

-- What the lookups rely on: no alias folds to an entry's name or another alias, no two entries fold to one name,
-- every entry has an aisle, and what is counted in whole ones is bought in whole ones. Every change to the
-- vocabulary calls it; pgTAP 27 checks the same.
create function private.assert_catalog_integrity() returns void
language plpgsql
set search_path = ''
as $$
declare
  v_missing text;
  v_clash text;
begin
  select string_agg(folded, ', ') into v_clash from (
    select i.folded_name as folded from public.ingredients i where i.household_id is null
    group by i.folded_name having count(*) > 1
    union all
    select a.folded_alias from public.ingredient_aliases a
    join public.ingredients i on i.household_id is null and i.folded_name = a.folded_alias
  ) clashes;
  if v_clash is not null then
    raise exception 'catalog names fold to one another: %', v_clash;
  end if;
  if exists (select from public.ingredients where household_id is null and aisle is null) then
    raise exception 'a catalog entry has no aisle';
  end if;
  select string_agg(i.name, ', ') into v_missing from public.ingredients i
  where i.household_id is null and i.count_unit = 'whole'
    and i.normalized_name not in ('egg whites', 'egg yolk', 'head of garlic', 'head of lettuce', 'garlic')
    and not exists (select from public.ingredient_purchase_units p where p.ingredient_id = i.id and p.need_unit = 'whole');
  if v_missing is not null then
    raise exception 'counted in whole ones but not bought in whole ones: %', v_missing;
  end if;
end;
$$;
revoke all on function private.assert_catalog_integrity() from public;
