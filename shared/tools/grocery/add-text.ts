// grocery.add_text: the quick add. What a person typed is cut into lines (typed-lines.ts), each read as a recipe
// line is read (shared/ingredient-grammar), and sent in one call to app.grocery_add_text, which looks the names up
// as recipe.parse_text does and merges every line as grocery.push_ingredients and grocery.add_item do.
import * as z from "zod";
import { AppError } from "../../errors.ts";
import { foldIngredientName } from "../../ingredient-grammar/fold-name.ts";
import { parseIngredientLine } from "../../ingredient-grammar/ingredient-line.ts";
import { nameCandidates } from "../../ingredient-grammar/ingredient-name.ts";
import { defineTool } from "../define-tool.ts";
import { limits, textField } from "../fields.ts";
import { listFirstWords } from "../describe/wording.ts";
import { addTextMaxLength, addTextMaxLineLength, addTextMaxLines, groceryAddTextDocs } from "./docs-add-text.ts";
import { GroceryAddTextResult } from "./results.ts";
import { groceryListId } from "./tools.ts";
import { typedLines } from "./typed-lines.ts";

/** One typed line as app.grocery_add_text takes it: unit null lets the catalog's count unit (or whole) decide. */
export interface AddTextLine {
  text: string;
  name: string;
  folded: string[];
  quantity: number;
  unit: string | null;
  prep_state: string | null;
  note: string | null;
}

function refuse(message: string): never {
  throw new AppError("VALIDATION_ERROR", message, { field: "text" });
}

/** The text's lines read, or a refusal naming the first line that cannot be added. */
export function readTypedText(text: string): AddTextLine[] {
  const lines = typedLines(text);
  if (lines.length === 0) refuse("names nothing to add");
  if (lines.length > addTextMaxLines) {
    refuse(`has ${lines.length} lines; add at most ${addTextMaxLines} at a time`);
  }
  return lines.map((line, index) => {
    const where = `line ${index + 1} ("${line.length > 40 ? `${line.slice(0, 40)}…` : line}")`;
    if (line.length > addTextMaxLineLength) refuse(`${where} is longer than ${addTextMaxLineLength} characters`);
    const parsed = parseIngredientLine(line);
    if (parsed.name === "") refuse(`${where} names nothing to buy`);
    if (parsed.quantity === null && parsed.quantity_text !== null) {
      refuse(`${where}: the amount "${parsed.quantity_text}" is not a number above 0`);
    }
    if (parsed.quantity !== null && (parsed.quantity <= 0 || parsed.quantity > limits.maxQuantity)) {
      refuse(`${where}: the amount must be above 0 and at most 1,000,000`);
    }
    return {
      text: line,
      name: parsed.name,
      folded: nameCandidates(parsed.name).map((candidate) => foldIngredientName(candidate.name)),
      quantity: parsed.quantity ?? 1,
      unit: parsed.unit,
      prep_state: parsed.prep_state,
      note: parsed.note,
    };
  });
}

export const addText = defineTool({
  name: "grocery.add_text",
  ...groceryAddTextDocs,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    grocery_list_id: groceryListId,
    text: textField(
      addTextMaxLength,
      `What the person typed, at most ${addTextMaxLength} characters: one thing to buy a line ("2 l milk"), lines ` +
        'split at newlines, semicolons and commas ("onions, 3 tomatoes"; "1,5 kg" is a decimal comma).',
    ),
  }),
  describe: (input, names) =>
    `Add ${listFirstWords(typedLines(input.text), 3)} to ${names.list(input.grocery_list_id)}`,
  outputSchema: GroceryAddTextResult,
  execute: (input, context) => context.invoke("app.grocery_add_text", { ...input, lines: readTypedText(input.text) }),
});

export const groceryAddTextTools = [addText];
