-- The household a call runs in, resolved by private.invoke (the one named, of which the caller must be a member,
-- or the caller's only or default one) without running a tool: media.ocr_image asks for it before its OCR, so the
-- OCR queue can share its workers fairly between households and refuse a non-member before any work is done.
create function app.resolve_household(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('household_id', p_household_id);
$$;
