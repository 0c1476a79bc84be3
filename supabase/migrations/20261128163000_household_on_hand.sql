-- What a household always has (salt, oil, flour): grocery.sync_plan leaves these ingredients off the list. The
-- table is written by hand; its policies, grants and functions come in the generated migration that follows.
create table public.household_on_hand (
  household_id uuid not null references public.households (id) on delete cascade,
  -- Undoing ingredient.create removes a household's own ingredient: its mark goes with it.
  ingredient_id uuid not null references public.ingredients (id) on delete cascade,
  marked_by uuid references auth.users (id) on delete set null,
  marked_at timestamptz not null default now(),
  primary key (household_id, ingredient_id)
);
create index household_on_hand_ingredient_id_idx on public.household_on_hand (ingredient_id);
create index household_on_hand_marked_by_idx on public.household_on_hand (marked_by);
revoke all on public.household_on_hand from public, anon, authenticated;
alter table public.household_on_hand enable row level security;
