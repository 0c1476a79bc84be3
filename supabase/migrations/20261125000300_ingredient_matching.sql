-- ============================================================================
-- Ingredient names: folding, aliases, count units (issue 2)
-- ============================================================================

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
-- function's copy in TypeScript (shared/media/fold-name.ts; a test holds the two equal over the catalog), so a
-- lookup calls no regular expression per name in SQL.
grant execute on function private.fold_ingredient_name(text) to authenticated;

alter table public.ingredients
  add column folded_name text generated always as (private.fold_ingredient_name(name)) stored,
  -- The count unit a counted line ("3 eggs", "2 cloves garlic") takes: whole or piece; null when the
  -- ingredient is not counted.
  add column count_unit text references public.units (code) check (count_unit in ('whole', 'piece'));
create index ingredients_folded_name_idx on public.ingredients (folded_name);

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
grant select on public.ingredient_aliases to authenticated;

alter table public.ingredient_aliases enable row level security;

create policy "Catalog aliases are visible to signed-in users" on public.ingredient_aliases
  for select to authenticated
  using (true);

-- ============================================================================
-- Tools: recipe.parse_text and recipe.import_url name lookups
-- ============================================================================

-- Each line brings its name and, in order, the candidates the function derived from it, folded (the name, then
-- the name without descriptive words such as "large" or "freshly ground", whose words go to the line's note). The
-- first candidate that is an ingredient's folded name or a listed alias's matches: the household's own ingredient
-- before the catalog's, a name before an alias. A line that matches nothing gets suggestions ranked by how much
-- of the name they explain: ingredients whose every word is in the name (most words first: "fresh basil
-- leaves" → basil), then ingredients holding every word of the name (fewest extra words first: "rice" → brown
-- rice). Whole words only, so "pepper" never suggests pepperoni.
create or replace function app.recipe_parse_text(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  with wanted as (
    select w.name, w.position,
      string_to_array(coalesce(p_input -> 'folded' -> (w.position::int - 1) ->> 0, ''), ' ') as words
    from jsonb_array_elements_text(coalesce(p_input -> 'names', '[]'::jsonb)) with ordinality as w(name, position)
  ),
  candidates as (
    select wanted.position, c.position as candidate, c.folded
    from wanted
    cross join lateral jsonb_array_elements_text(coalesce(p_input -> 'folded' -> (wanted.position::int - 1),
      '[]'::jsonb)) with ordinality as c(folded, position)
  ),
  names as (
    select i.folded_name as folded, i.id, i.name, i.household_id, i.count_unit, null::text as alias_note,
      0 as via_alias
    from public.ingredients i
    where i.household_id is null or i.household_id = p_household_id
    union all
    select a.folded_alias, i.id, i.name, i.household_id, coalesce(a.count_unit, i.count_unit), a.note, 1
    from public.ingredient_aliases a
    join public.ingredients i on i.id = a.ingredient_id
  ),
  hits as (
    select distinct on (candidates.position) candidates.position, candidates.candidate - 1 as candidate,
      jsonb_build_object('id', names.id, 'name', names.name, 'household_specific', names.household_id is not null)
        as ingredient,
      names.count_unit, names.alias_note
    from candidates
    join names on names.folded = candidates.folded
    where candidates.folded <> ''
    order by candidates.position, candidates.candidate, names.household_id nulls last, names.via_alias, names.name
  )
  select jsonb_build_object('matches', coalesce(jsonb_agg(jsonb_build_object(
    'name', wanted.name,
    'ingredient', hits.ingredient,
    'candidate', hits.candidate,
    'count_unit', hits.count_unit,
    'alias_note', hits.alias_note,
    'suggestions', case
      when hits.ingredient is not null or cardinality(wanted.words) = 0 then '[]'::jsonb
      else coalesce((
        select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name,
          'household_specific', s.household_id is not null, 'match', 'word') order by s.rank, s.name)
        from (
          select i.id, i.name, i.household_id,
            case
              when string_to_array(i.folded_name, ' ') <@ wanted.words
                then 100 - cardinality(string_to_array(i.folded_name, ' '))
              else 200 + cardinality(string_to_array(i.folded_name, ' '))
            end as rank
          from public.ingredients i
          where (i.household_id is null or i.household_id = p_household_id)
            and (string_to_array(i.folded_name, ' ') <@ wanted.words
              or wanted.words <@ string_to_array(i.folded_name, ' '))
          order by rank, i.name
          limit 5
        ) s
      ), '[]'::jsonb)
    end
  ) order by wanted.position), '[]'::jsonb))
  from wanted
  left join hits on hits.position = wanted.position;
$$;
