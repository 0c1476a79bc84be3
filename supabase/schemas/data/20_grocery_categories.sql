-- The aisles, and where each comes in a household's list until it orders them itself.
insert into public.grocery_categories (code, label, default_position) values
  ('produce', 'Fruit and vegetables', 1),
  ('bakery', 'Bakery', 2),
  ('deli', 'Deli and chilled', 3),
  ('meat', 'Meat', 4),
  ('seafood', 'Fish and seafood', 5),
  ('dairy', 'Dairy and eggs', 6),
  ('pantry', 'Pantry', 7),
  ('spices', 'Spices and herbs', 8),
  ('frozen', 'Frozen', 9),
  ('drinks', 'Drinks', 10),
  ('household', 'Household', 11),
  ('other', 'Other', 12);
