// Prose for recipe.import_url.
import { toolDoc } from "../docs/tool-doc.ts";

const importSummary = `Reads a recipe page (its schema.org Recipe, or else its own unambiguous ingredient list) into
a recipe.create draft through the same parser and matching as recipe.parse_text. Public pages only. Saves nothing.`;

export const recipeImportDocs = {
  description: "Read a recipe web page (its schema.org Recipe) into a draft for recipe.create. Saves nothing.",
  summary: importSummary,
  doc: toolDoc("recipe.import_url", importSummary, {
    Preconditions: "- url is an absolute http or https URL of a public page (8 MiB at most, answering within 4 s, " +
      "at most 5 redirects) that carries a schema.org Recipe with ingredients, or an ingredient list in its markup.",
    Postconditions: "- Nothing changes. Returns recipe.parse_text's `{ draft, ready, lines, other_lines }` and " +
      "`source_url`, the page finally read.",
    Invariants: "- Only global unicast addresses are read: loopback, private, link-local (cloud metadata), " +
      "unique-local, carrier-grade NAT, multicast, unspecified and reserved ones are refused, and so are IPv4-mapped " +
      "and NAT64 forms of them, 6to4 and Teredo; every address a name resolves to is checked, at every redirect, " +
      "before a connection opens, and the connection goes to the address checked.\n- Names are matched exactly, " +
      "never guessed; unmatched ones come with suggestions.\n- JSON-LD is read leniently (raw control characters, " +
      "trailing commas, CDATA, or in a meta tag); microdata too, and a recipeIngredient list in the data a site " +
      "framework embeds for its scripts (JSON only, never evaluated); without any, the page's own markup: the " +
      "elements whose class names the ingredients, every list under its Ingredients heading, or else its first " +
      "list, table or paragraph of measured ingredients; failing all, the first of its lists of which three lines in " +
      "five name catalog ingredients. Entities are decoded, an entry holding several lines is split, headings and " +
      'sub-headings ("For the sauce:", "FOR THE MARINADE", "To serve (optional):", or a part named alone: "Sauce", ' +
      '"DRESSING") become each line\'s section, and steps and notes listed among the ingredients ("Pre-heat oven to ' +
      '400", "Not included") leave them for other_lines, after their reason, as recipe.parse_text says.',
    "Failure Modes": "- **VALIDATION_ERROR** (field url, not retryable): not http(s), a private address or a " +
      "name with no public one, no recipe found on the page (the message says so: paste the text into " +
      "recipe.parse_text instead), a status other than 2xx, too many redirects; and, in one message whatever the " +
      "cause, a server that refused or dropped the connection, did not answer within 4 s or does not speak " +
      "http(s).\n- **PAYLOAD_TOO_LARGE** (field url): the page is over 8 MiB.",
    Examples: '### Example 1\n```json\n{ "url": "https://example.com/recipes/pancakes" }\n```',
    "Common Mistakes": "- ❌ Saving the draft without showing it to the person: pass it to recipe.create after review.",
  }),
};
