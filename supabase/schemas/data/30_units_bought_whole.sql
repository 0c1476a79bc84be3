-- The units a shop sells only whole ones of.
insert into public.units_bought_whole (unit) values
  ('can'),
  ('package');
