-- The offline-conflict stamps (20261125001400) record the version of the change that ticked or edited an item, so
-- they must run after the trigger that gives an updated row its version. Triggers of one event fire in name order:
-- when 20261125001300 split the version trigger into grocery_items_version (insert) and
-- grocery_items_version_on_update (update), "grocery_items_version_aspects" came to sort before the update one and
-- stamped the row's previous version. Renamed so that it sorts after it ("…_version_on_update" < "…_version_stamps").
alter trigger grocery_items_version_aspects on public.grocery_items rename to grocery_items_version_stamps_aspects;
