// How a quick-add line shows while it waits to be sent: "2 l milk" as 2 l of "milk", "onions" as 1 of "onions".
// Only a preview: grocery.add_text reads the lines on the server (shared/ingredient-grammar and the catalog), and
// the list shows what it made once a pull brings it.
import { type Unit, units } from "@meal-planner/client/tools-client.generated.ts";

export interface TypedPreview {
  quantity: number;
  unit: Unit;
  name: string;
}

/** The lines as grocery.add_text cuts them: at newlines, semicolons and commas not between digits or in brackets. */
export function typedParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let at = 0; at < text.length; at++) {
    const character = text[at];
    if (character === "(") depth += 1;
    if (character === ")") depth = Math.max(0, depth - 1);
    const decimal = character === "," && /\d/.test(text[at - 1] ?? "") && /\d/.test(text[at + 1] ?? "");
    if (character === "\n" || (depth === 0 && (character === ";" || (character === "," && !decimal)))) {
      parts.push(current);
      current = "";
    } else {
      current += decimal ? "." : character;
    }
  }
  return [...parts, current].map((part) => part.trim()).filter((part) => part !== "");
}

const leadingAmount = /^(\d+(?:\.\d+)?)\s*([a-z]+(?: oz)?)?\s+(.+)$/i;

export function typedPreview(line: string): TypedPreview {
  const match = leadingAmount.exec(line);
  if (!match) return { quantity: 1, unit: "whole", name: line };
  const unit = units.find((known) => known === match[2]?.toLowerCase());
  const quantity = Number(match[1]) > 0 ? Number(match[1]) : 1;
  if (unit) return { quantity, unit, name: match[3] };
  return { quantity, unit: "whole", name: match[2] ? `${match[2]} ${match[3]}` : match[3] };
}
