-- Runs after the migrations on a new local database (deno task start, and
-- supabase db reset where Docker exists). The ingredient catalog and the units
-- are reference data in the migrations; users and their households are made by
-- `deno task token <email>` (the sign-up trigger gives each a household), so
-- nothing else is seeded.
select 1;
