set check_function_bodies = off;

-- recipe.parse_text's matching, at a cost that does not grow with the lines that match nothing (measured on saved
-- recipe pages, the lookups were most of an import's time):
-- - the suggestions come from one scan that keeps the visible ingredients sharing a word with some unmatched line
--   (one overlap test per row against all their words), then the two containment tests and the ranking on those
--   few, per line; a scan per unmatched line of every visible ingredient (the catalog's ~1,300 rows, each split
--   into words twice) read 20,000 rows for a page with 15 such lines. Either test holds only for an ingredient
--   that shares a word with the line, or has no words at all: an ingredient whose folded name is empty is
--   contained in every line;
-- - each candidate name or alias is looked up by index, not read whole and hashed for every call;
-- - a `language sql` function that cannot be inlined is planned again on every call (PostgreSQL before 18);
--   in plpgsql its one statement keeps its plan for the session.
-- The first candidate that is a visible ingredient's folded name or a listed alias wins (the household's own
-- before the catalog's, a name before an alias), and an unmatched line gets at most 5 suggestions ranked by how
-- much of the name they explain (ties in rank and name broken by id).
create or replace function app.recipe_parse_text(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return (
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
    hits as (
      select distinct on (candidates.position) candidates.position, candidates.candidate - 1 as candidate,
        jsonb_build_object('id', names.id, 'name', names.name, 'household_specific', names.household_id is not null)
          as ingredient,
        names.count_unit, names.alias_note
      from candidates
      cross join lateral (
        select i.id, i.name, i.household_id, i.count_unit, null::text as alias_note, 0 as via_alias
        from public.ingredients i
        where i.folded_name = candidates.folded and (i.household_id is null or i.household_id = p_household_id)
        union all
        select i.id, i.name, i.household_id, coalesce(a.count_unit, i.count_unit), a.note, 1
        from public.ingredient_aliases a
        join public.ingredients i on i.id = a.ingredient_id
        where a.folded_alias = candidates.folded
      ) names
      where candidates.folded <> ''
      order by candidates.position, candidates.candidate, names.household_id nulls last, names.via_alias, names.name
    ),
    unmatched as (
      select wanted.position, wanted.words
      from wanted
      where cardinality(wanted.words) > 0 and not exists (select from hits where hits.position = wanted.position)
    ),
    line_words as (
      select distinct unmatched.position, word.word
      from unmatched
      cross join lateral unnest(unmatched.words) as word(word)
    ),
    all_words as (
      select array_agg(distinct line_words.word) as words from line_words
    ),
    -- Read once, and only when some line is unmatched: the ingredients that share a word with one (or have none).
    visible_ingredients as materialized (
      select i.id, i.name, i.household_id, string_to_array(i.folded_name, ' ') as words
      from public.ingredients i
      where (i.household_id is null or i.household_id = p_household_id) and exists (select from line_words)
        and (string_to_array(i.folded_name, ' ') && (select all_words.words from all_words) or i.folded_name = '')
    ),
    sharing as (
      select distinct line_words.position, v.id, v.name, v.household_id, v.words
      from visible_ingredients v
      cross join lateral unnest(v.words) as word(word)
      join line_words on line_words.word = word.word
      union all
      select unmatched.position, v.id, v.name, v.household_id, v.words
      from unmatched
      join visible_ingredients v on cardinality(v.words) = 0
    ),
    ranked as (
      select sharing.position, sharing.id, sharing.name, sharing.household_id,
        case
          when sharing.words <@ unmatched.words then 100 - cardinality(sharing.words)
          else 200 + cardinality(sharing.words)
        end as rank
      from sharing
      join unmatched on unmatched.position = sharing.position
      where sharing.words <@ unmatched.words or unmatched.words <@ sharing.words
    ),
    suggestions as (
      select best.position, jsonb_agg(jsonb_build_object('id', best.id, 'name', best.name,
          'household_specific', best.household_id is not null, 'match', 'word')
          order by best.rank, best.name, best.id) as suggestions
      from (
        select ranked.*,
          row_number() over (partition by ranked.position order by ranked.rank, ranked.name, ranked.id) as place
        from ranked
      ) best
      where best.place <= 5
      group by best.position
    )
    select jsonb_build_object('matches', coalesce(jsonb_agg(jsonb_build_object(
      'name', wanted.name,
      'ingredient', hits.ingredient,
      'candidate', hits.candidate,
      'count_unit', hits.count_unit,
      'alias_note', hits.alias_note,
      'suggestions', coalesce(suggestions.suggestions, '[]'::jsonb)
    ) order by wanted.position), '[]'::jsonb))
    from wanted
    left join hits on hits.position = wanted.position
    left join suggestions on suggestions.position = wanted.position
  );
end;
$$;

-- media.ocr_image: the OCR runs in the function; the text is read into a draft as recipe.parse_text reads it,
-- so the names are looked up the same way.
create function app.media_ocr_image(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select app.recipe_parse_text(p_household_id, p_input);
$$;

-- media.speech_to_text: the audio goes to the configured service from the function; this call only resolves
-- the caller's household (a member, or the call is refused) before it does.
create function app.media_speech_to_text(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('household_id', p_household_id);
$$;

-- The page is fetched and read in the function (shared/page-fetching, shared/recipe-reading); the database does what it does for
-- recipe.parse_text: every name looked up exactly, in one call, under the caller's household.
create function app.recipe_import_url(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select app.recipe_parse_text(p_household_id, p_input);
$$;
