-- grocery.add_text's records keep what the person sent, the list and the text (private.kept_input, since
-- 20261128163901): the lines its tool read from the text are derived, and its undo reads the reply. Records written
-- before that kept the lines too, which its describer's strict input refuses, so their history entries fell back to
-- the stored message ("1 whole onion"). They keep the text only from here on, as new ones do. (Records are kept 7
-- days: this touches at most a week of a household's quick adds.)
update public.tool_invocations
set input = input - 'lines'
where tool = 'grocery.add_text' and jsonb_typeof(input) = 'object' and input ? 'lines';
