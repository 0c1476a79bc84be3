-- Shared by the app.* tools, which run as authenticated.
-- Errors use SQLSTATEs the functions map to the envelope: MP400 validation,
-- MP401 unauthenticated, MP403 permission denied, MP404 not found,
-- MP409 conflict, MP422 idempotency key reused. column names the input field.

create function private.uuid_field(p_value jsonb, p_field text, p_required boolean default true) returns uuid
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    if p_required then
      raise exception '% is required', p_field using errcode = 'MP400', column = p_field;
    end if;
    return null;
  end if;
  if jsonb_typeof(p_value) = 'string'
     and (p_value #>> '{}') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return (p_value #>> '{}')::uuid;
  end if;
  raise exception '% must be a UUID', p_field using errcode = 'MP400', column = p_field;
end;
$$;

-- Strict objects: an unknown key is an error, never ignored.
create function private.reject_unknown_fields(p_object jsonb, p_path text, p_allowed text[]) returns void
language plpgsql immutable
set search_path = ''
as $$
declare
  v_key text;
begin
  if jsonb_typeof(p_object) is distinct from 'object' then
    raise exception '% must be an object', coalesce(nullif(p_path, ''), 'input')
      using errcode = 'MP400', column = p_path;
  end if;
  select k into v_key from jsonb_object_keys(p_object) k where k <> all (p_allowed) order by k limit 1;
  if v_key is not null then
    raise exception 'unknown field %', concat_ws('.', nullif(p_path, ''), v_key)
      using errcode = 'MP400', column = concat_ws('.', nullif(p_path, ''), v_key);
  end if;
end;
$$;

-- plpgsql keeps this function's plan per session; as a non-inlinable SQL
-- function it would be planned again for every item of every response.
create function private.grocery_item_json(p_item public.grocery_items) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, (select i.name from public.ingredients i where i.id = p_item.ingredient_id)),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked
  );
end;
$$;

revoke all on function private.uuid_field(jsonb, text, boolean),
  private.reject_unknown_fields(jsonb, text, text[]),
  private.grocery_item_json(public.grocery_items) from public, anon;
grant execute on function private.uuid_field(jsonb, text, boolean),
  private.reject_unknown_fields(jsonb, text, text[]),
  private.grocery_item_json(public.grocery_items) to authenticated;
