drop trigger if exists grocery_items_stamp_update on public.grocery_items;
-- Its WHEN clause lets through every row the function has something to do for, and spares the push's merge a call per
-- merged row: the merge stamps its rows itself (updated_at, the version, and amount_version with who changed it). It
-- asks only whether the statement wrote each stamp itself, never what the list's version is: PostgreSQL reads a WHEN
-- clause back from its stored text for every statement, and reading the version's expression there cost a check more
-- than the call it saved. So an update that writes version must write the transaction's version for the list (only
-- the merge writes it).
create trigger grocery_items_stamp_update before update on public.grocery_items
  for each row
  when (new.updated_at is not distinct from old.updated_at or new.updated_at = now()
        or new.created_at is distinct from old.created_at or new.created_by is distinct from old.created_by
        or new.version is not distinct from old.version
        or (new.checked is distinct from old.checked and new.checked_version is not distinct from old.checked_version)
        or ((new.quantity is distinct from old.quantity or new.unit is distinct from old.unit
             or new.prep_state is distinct from old.prep_state)
            and new.amount_version is not distinct from old.amount_version))
  execute function private.stamp_grocery_item_update();
