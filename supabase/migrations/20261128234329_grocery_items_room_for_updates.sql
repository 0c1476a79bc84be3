-- Room on each page for the next version of an item's row (see supabase/schemas/51_grocery_items.sql): a merge changes
-- no indexed column, so with room on the page it is a HOT update and writes no index entry. It applies to the pages
-- written from now on; existing ones take it when the table is next rewritten (VACUUM FULL, which this migration does
-- not do, to take no exclusive lock on a live table).
alter table public.grocery_items set (fillfactor = 70);
