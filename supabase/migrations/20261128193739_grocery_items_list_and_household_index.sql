-- A list's rows by list and household, the two conditions every read of a list gives. On the list alone, the
-- generic plan of grocery.get_list's read ANDed grocery_items_list_idx with the household's index
-- (grocery_items_household_id_id_key), and so read every item the household ever had, removed ones included
-- (3,050 index entries for a 50-item list in the benchmark), to find the list's 50. Both columns are never updated,
-- so item updates stay heap-only (HOT), and the table keeps the same number of indexes.
drop index public.grocery_items_list_idx;
create index grocery_items_list_idx on public.grocery_items (grocery_list_id, household_id);
