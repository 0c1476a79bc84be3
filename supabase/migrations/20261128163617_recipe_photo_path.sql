-- A recipe's photo: the path of its object in the recipe-photos bucket, set by recipe.set_photo. Nullable and
-- without a default, so adding it rewrites nothing.
alter table public.recipes
  add column photo_path text check (char_length(photo_path) between 1 and 300);
