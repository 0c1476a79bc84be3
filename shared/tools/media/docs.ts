// Prose for recipe.parse_text and the media tools: description (provider schemas), summary (system prompts),
// doc (on request).
import { toolDoc } from "../docs/tool-doc.ts";

export const recipeTextMaxLength = 20_000;

const draftShape = "`{ draft, ready, lines, other_lines }`: `draft` is a recipe.create input to correct " +
  "(matched lines carry ingredient_id, unmatched ones the name as read; unreadable quantities and units are " +
  "null); `ready` is true when recipe.create would take it unchanged; each of `lines` has the original line, " +
  "quantity (and quantity_text as written), unit (and unit_text), prep_state, name, note, section (the " +
  "heading it stands under, or null), the matched `ingredient` or null, `suggestions` for unmatched names " +
  "(ingredients whose every word is in the name first, then those holding every word of it), and `problems` " +
  "(range, no_quantity, rounded, no_unit, no_name, unmatched); `other_lines` are the lines that are neither " +
  'title, ingredient nor method ("Serves 4", "For the sauce:"), and the steps, notes and parts the recipe makes ' +
  'itself and the cookware (unmatched, "Salsa Ranchera (recipe below)", "1 recipe meringue", "9-inch springform ' +
  'pan") found among the ingredient lines, each ' +
  'after its reason ("Not an ingredient (a step of the method): Pre-heat oven to 400").';

const draftRules = "- Nothing is saved: pass the corrected draft to recipe.create.\n" +
  '- Fixed rules, no model, no guessing: a range ("2-3 tbsp", "2 to 3 cloves") is read as its upper bound, what to ' +
  "have so as not to run short (never averaged), with the range as written in quantity_text and the note, flagged " +
  '`range`; a counting word ("3 sprigs", "2 cloves", "1 bunch", "a knob of") counts in the catalog\'s count unit ' +
  "for the ingredient, else pieces or whole ones, the word kept in the note, and a count of a thing the catalog does " +
  'not count ("12 asparagus spears") is so many pieces; an amount nothing is bought by ("to taste", "1 pinch", ' +
  '"2 drops", "5 dashes", "a handful", "a squeeze", "a few", "some", "1 recipe peanut sauce") makes a line with no ' +
  'amount, the words in the note, which grocery pushes skip; "1 quart" (qt) is 4 cups, "1 gallon" (gal) 16 and ' +
  '"1 dl" 100 ml, exactly (a pint is left as written: US and imperial pints differ); units only through a fixed ' +
  "alias table (tablespoons → tbsp, grams → g, c. → cup); prep states only from a fixed list (chopped, diced, " +
  "minced, sliced, …).\n" +
  '- Names match exactly, never fuzzily: an ingredient\'s name or a listed alias ("plain flour" → all-purpose ' +
  'flour, "garlic cloves" → garlic) after folding case, accents, punctuation and plurals ("Tomatoes" → ' +
  'tomato); tried as read, then without describing words ("large eggs" → eggs, "freshly ground black ' +
  'pepper" → black pepper; a maker such as "King Arthur" or a shop\'s own brand, or where a thing comes from, ' +
  '"Spanish red wine"), which go to the line\'s note; last, by its last words when every word before them ' +
  'describes it and names no ingredient of its own ("neutral vegetable oil" → vegetable oil; never "coconut ' +
  'rice" → rice); last of all, as said in another order or with noise around it ("cheese- feta" → feta cheese, ' +
  '"tomatoes ripe" → tomatoes, "24 oz 3 large chicken breasts" → chicken breast, "small Fresno pepper" → fresno ' +
  'chile, "Oil to deep fry" → oil). A diet\'s version ("vegan fish sauce", "gluten-free ' +
  'flour") is never read as the thing itself. A counted line ("3 eggs", "2 cloves garlic") ' +
  "takes the unit the catalog counts it in (whole, piece). `ready` is false while a line is unmatched.\n" +
  "- Fractions are read (1/2, 1 1/2, ½); quantities are rounded to 3 decimals (1/3 → 0.333, flagged rounded).\n" +
  '- A line with no amount at all ("salt to taste", "oil for frying") is a recipe line as it stands: quantity ' +
  "and unit null, the words in note; it does not keep `ready` false. Its `no_quantity` problem is dropped when " +
  'the line says why ("to taste", "as needed", "optional", "to serve", "for frying", "a pinch", …) and kept, as ' +
  'something to look at, when it says nothing ("flour"). A line whose amount was written but not read as a ' +
  'number ("1/0", a range that does not rise such as "3-2"), or a unit without a number, keeps `ready` false; so ' +
  "does a number without a unit.\n" +
  '- A step of the method or a note listed among the ingredients ("Heat the oil in a large pan…", "Pre-heat oven ' +
  'to 400", "Not included", "For full ingredient list, see Nutrition") is no ingredient line: it goes to ' +
  "`other_lines` after its reason, so it never keeps `ready` false, and the steps become the method when the " +
  'recipe has none. A heading among them ("To serve (optional):", "Yeast Version", "Side") is the section of the ' +
  'lines under it; so is a part the recipe makes, named alone without an amount ("Final Dough", "Apple slaw"), ' +
  "when the catalog sells nothing by that name and measured lines follow it (under a heading of the page's own, " +
  'the section names both: "Sourdough Version: Final Dough").';

const parseTextSummary = `Reads recipe text (title, ingredient lines, method) into a recipe.create draft by fixed
rules, with each ingredient name matched exactly and suggestions for the rest. Saves nothing.`;

export const recipeParseTextDocs = {
  description: "Parse recipe text into a draft for recipe.create: quantities, units, prep states, exact ingredient " +
    "matches and suggestions for unmatched names. Saves nothing.",
  summary: parseTextSummary,
  doc: toolDoc("recipe.parse_text", parseTextSummary, {
    Preconditions: `- text: 1–${recipeTextMaxLength} characters. Headings ("Ingredients", "Method", ` +
      '"Instructions", …) split the sections; without them, each line is read by its shape: one that reads as ' +
      'an ingredient (a quantity first, or a short phrase such as "salt to taste") is one, a numbered step or a ' +
      "sentence is the method. The first line is the title unless it reads as an ingredient.",
    Postconditions: `- Nothing changes. Returns ${draftShape}`,
    Invariants: draftRules,
    "Failure Modes": "- **VALIDATION_ERROR**: blank or too long text; more than 200 ingredient lines.",
    Examples: '### Example 1\n```json\n{ "text": "Rice Bowl\\nIngredients\\n2 cups rice\\n1 tbsp soy sauce\\n' +
      'Method\\nCook the rice." }\n```\nResult: draft.title "Rice Bowl", two lines matched to rice and soy sauce.',
    "Common Mistakes": "- ❌ Passing the draft to recipe.create while `ready` is false: fix the lines whose " +
      "problems are not empty first (pick an ingredient from suggestions, or create it with ingredient.create, " +
      "after asking the user).",
  }),
};

export const ocrLimits = {
  maxImageBytes: 4 * 1024 * 1024,
  maxBase64Characters: Math.ceil((4 * 1024 * 1024) / 3) * 4 + 100,
  maxPixels: 16_000_000,
  maxSide: 8_000,
  /** Width × height × channels × bytes per sample, from the header: 16 megapixels of 8-bit RGBA. */
  maxDecodedBytes: 64 * 1024 * 1024,
  defaultTimeLimitMs: 20_000,
  /** A household's images in flight at once (one being read, the rest waiting their turn). */
  perHousehold: 3,
  /** The media function's body limit: the largest image as base64 and room for the JSON around it. */
  maxBodyBytes: 6 * 1024 * 1024,
} as const;

const ocrImageSummary = `Reads the text in a recipe photo (PNG, JPEG or WebP, base64) with OCR and returns it with
its confidence (0–1) and a recipe.create draft read from it, as recipe.parse_text does. Saves nothing.`;

export const mediaDocs = {
  ocrImage: {
    description: "Extract the text from a recipe image (OCR, English) and read it into a draft for recipe.create. " +
      "Saves nothing.",
    summary: ocrImageSummary,
    doc: toolDoc("media.ocr_image", ocrImageSummary, {
      Preconditions: `- image: base64 of a PNG, JPEG or WebP file (the type is read from its bytes, not a name), ` +
        `at most ${ocrLimits.maxImageBytes} bytes, ${ocrLimits.maxPixels} pixels, ${ocrLimits.maxSide} on a ` +
        `side and ${ocrLimits.maxDecodedBytes} bytes decoded (width × height × channels × bytes per sample, from ` +
        "the header). Printed text on a plain background reads best; handwriting mostly does not.",
      Postconditions: "- Nothing changes. Returns `{ extracted_text, confidence, image: { type, width, height }, " +
        `recipe }\`, where recipe is ${draftShape}`,
      Invariants: `- English only (tesseract.js with the npm package's data; nothing is downloaded).\n${draftRules}`,
      "Failure Modes": "- **VALIDATION_ERROR**: not base64; not a PNG, JPEG or WebP; a truncated or undecodable " +
        "file.\n- **PAYLOAD_TOO_LARGE**: over the byte, pixel or decoded-size limits.\n" +
        `- **RATE_LIMITED** (429, Retry-After): the household already has ${ocrLimits.perHousehold} images being ` +
        "read (one at a time, the others waiting); send the next one " +
        "after the seconds Retry-After gives.\n" +
        `- **UNAVAILABLE**: OCR took longer than its time limit (${ocrLimits.defaultTimeLimitMs} ms by default), ` +
        "or every OCR worker is busy with a long queue; retry, or send a smaller image.",
      Examples: '### Example 1\n```json\n{ "image": "iVBORw0KGgoAAAANSUhEUgAA…" }\n```\n' +
        'Result: extracted_text "2 cups rice\\n…", confidence 0.91, recipe.lines[0] with quantity 2, unit cup.',
      "Common Mistakes": "- ❌ Treating the extracted text as exact: OCR misreads; show the draft to the user.\n" +
        "- ❌ Sending a URL: only the image's bytes are taken.",
    }),
  },
};

const speechToTextSummary = `Transcribes a recording (WAV, MP3, OGG, FLAC, WebM or M4A, base64) through the configured
OpenAI-compatible speech service; returns transcript and confidence (0–1, or null when the service gives none).`;

export const speechLimits = {
  maxAudioBytes: 4 * 1024 * 1024,
  maxBase64Characters: Math.ceil((4 * 1024 * 1024) / 3) * 4 + 100,
} as const;

export const speechToTextDocs = {
  description: "Transcribe a voice recording to text through the configured speech service. Saves nothing.",
  summary: speechToTextSummary,
  doc: toolDoc("media.speech_to_text", speechToTextSummary, {
    Preconditions: `- audio: base64 of a WAV, MP3, OGG, FLAC, WebM or MP4/M4A file (told from its bytes), at most ` +
      `${speechLimits.maxAudioBytes} bytes.\n- The service is configured: SPEECH_TO_TEXT_BASE_URL, ` +
      "SPEECH_TO_TEXT_API_KEY and SPEECH_TO_TEXT_MODEL.",
    Postconditions: "- Nothing changes here (the audio is sent to the speech service). Returns `{ transcript, " +
      "confidence, confidence_source, audio: { type, bytes } }`; confidence_source says where confidence came " +
      'from: "logprobs" (per token), "segments" (per segment), or "none" (then confidence is null).',
    Invariants: "- No retries behind the caller's back; one request to the service per call.\n" +
      "- Pass the transcript to recipe.parse_text to get a recipe draft.",
    "Failure Modes": "- **VALIDATION_ERROR**: not base64; not an audio type listed; the service refused the audio.\n" +
      "- **UNAVAILABLE** (503): not configured (the message names the variables), the service timed out, failed " +
      "or refused the key.\n- **RATE_LIMITED**: the service answered 429.",
    Examples: '### Example 1\n```json\n{ "audio": "UklGRiQAAABXQVZF…", "language": "en" }\n```\n' +
      'Result: `{ "transcript": "two cups of rice", "confidence": 0.91, "confidence_source": "segments", … }`.',
    "Common Mistakes": "- ❌ Reading confidence null as low confidence: it means the service gave none.",
  }),
};
