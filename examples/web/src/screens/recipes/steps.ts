// A recipe's method as steps, for cook mode. recipe.get gives `instructions` as one text: typed by hand, imported
// (one step a line), or one paragraph. Each non-empty line is a step, with any numbering ("1.", "2)", "Step 3:",
// "-", "•") taken off; a single paragraph of several sentences is a step a sentence, split only where a sentence
// ends and a capital begins (so "1.5 cups" and "approx. 5 minutes" stay whole).

const numbering = /^\s*(?:step\s*\d+\s*[:.)-]?|\d+\s*[.):]|[-•*])\s*/i;

export function recipeSteps(instructions: string | null | undefined): string[] {
  if (!instructions) return [];
  const lines = instructions.split(/\r?\n/).map((line) => line.replace(numbering, "").trim()).filter(Boolean);
  if (lines.length !== 1) return lines;
  // One line: numbered inline ("1. Fry. 2. Add.") or sentences.
  const numbered = lines[0].split(/\s+(?=\d+[.)]\s)/).map((part) => part.replace(numbering, "").trim());
  if (numbered.length > 1) return numbered.filter(Boolean);
  return lines[0].split(/(?<=[.!?])\s+(?=[A-Z])/).map((sentence) => sentence.trim()).filter(Boolean);
}
