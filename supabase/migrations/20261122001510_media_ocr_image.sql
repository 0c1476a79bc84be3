-- media.ocr_image: the OCR runs in the function; the text is read into a draft as recipe.parse_text reads it,
-- so the names are looked up the same way.
create function app.media_ocr_image(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select app.recipe_parse_text(p_household_id, p_input);
$$;
