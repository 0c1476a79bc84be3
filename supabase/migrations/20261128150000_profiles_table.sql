-- A person's display name, theirs in every household ("Alice ticked milk"): one row per user, asked at sign-up
-- and changed with household.set_display_name. The table by hand (a table needs a person's judgement); its
-- helpers, policies and the tools that write it come in the generated migration after this one. Nobody has a row
-- yet: people show by their email until they set a name.
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null check (
    display_name = btrim(display_name) and char_length(display_name) between 1 and 60
    and display_name !~ '[[:cntrl:]]'),
  updated_at timestamptz not null default now()
);
revoke all on public.profiles from public, anon, authenticated;
grant insert, update on public.profiles to meal_planner_writer;
alter table public.profiles enable row level security;
