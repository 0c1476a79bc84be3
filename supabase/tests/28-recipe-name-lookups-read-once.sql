-- recipe.parse_text's and recipe.import_url's name lookups read the visible ingredients once per call, however many
-- lines match nothing (20261126000300_recipe_name_lookups_set_based.sql): each unmatched line used to scan the whole
-- catalog for its suggestions. Counted with the transaction's table statistics, so the test holds on any machine:
-- it counts rows read, never time. The answers are the ones the lookups always gave.
begin;
set local search_path to public, extensions, tests;
select plan(5);

select tests.create_user('alice@test');
-- Twelve lines that match nothing but share a word with the catalog, and one that matches.
create temporary table lines on commit drop as
select g, case when g = 13 then 'rice' else format('grandmother''s fresh basil number %s', g) end as name
from generate_series(1, 13) g;
grant select on lines to authenticated;

create temporary table rows_before on commit drop as
select s.seq_tup_read + coalesce(s.idx_tup_fetch, 0) as rows_read
from pg_stat_xact_user_tables s where s.relid = 'public.ingredients'::regclass;
create temporary table result on commit drop as
select tests.call_tool('alice@test', 'recipe.parse_text', jsonb_build_object(
  'names', (select jsonb_agg(l.name order by l.g) from lines l),
  'folded', (select jsonb_agg(jsonb_build_array(private.fold_ingredient_name(l.name)) order by l.g) from lines l)),
  '{"is_write": false, "recorded": false}') -> 'data' -> 'matches' as matches;
grant select on result to authenticated;

select ok(
  (select s.seq_tup_read + coalesce(s.idx_tup_fetch, 0) - b.rows_read
   from pg_stat_xact_user_tables s, rows_before b where s.relid = 'public.ingredients'::regclass)
  <= 2 * (select count(*) from public.ingredients),
  'thirteen lines, twelve of them unmatched, read the ingredients at most twice over, not once per line');
select is(jsonb_array_length(matches), 13, 'one match per line, in order') from result;
select is(matches -> 12 -> 'ingredient' ->> 'name', 'rice', 'the matched line matches') from result;
select is((select count(*) from result, jsonb_array_elements(matches) m
           where m -> 'ingredient' = 'null' and m -> 'suggestions' @> '[{"name": "basil"}]'),
  12::bigint, 'every unmatched line is suggested the ingredient whose every word it holds');
select ok((select bool_and(jsonb_array_length(m -> 'suggestions') <= 5) from result, jsonb_array_elements(matches) m),
  'five suggestions at most');

select * from finish();
rollback;
