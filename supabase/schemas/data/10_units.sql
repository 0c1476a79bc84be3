-- The units a quantity may be in, and the factor to each kind's base unit (g, ml, count).
insert into public.units (code, kind, factor) values
  ('can', 'count', null),
  ('cup', 'volume', '236.5882365'),
  ('fl oz', 'volume', '29.5735295625'),
  ('g', 'weight', '1'),
  ('kg', 'weight', '1000'),
  ('l', 'volume', '1000'),
  ('lb', 'weight', '453.59237'),
  ('ml', 'volume', '1'),
  ('oz', 'weight', '28.349523125'),
  ('package', 'count', null),
  ('piece', 'count', null),
  ('tbsp', 'volume', '14.78676478125'),
  ('tsp', 'volume', '4.92892159375'),
  ('whole', 'count', null);
