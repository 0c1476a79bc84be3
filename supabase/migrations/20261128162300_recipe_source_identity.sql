-- Where an imported recipe came from (its format's uid or a hash of its content), so that a second import of the
-- same collection finds the recipes the first one saved instead of saving them twice. Unique per household among
-- every recipe that has one, deleted ones included (a deleted one is brought back rather than doubled).
alter table public.recipes
  add column source_identity text check (char_length(source_identity) between 1 and 256);
create unique index recipes_source_identity_key on public.recipes (household_id, source_identity)
  where source_identity is not null;
