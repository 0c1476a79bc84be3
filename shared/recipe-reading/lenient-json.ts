// JSON as pages really write it in their ld+json blocks: strict JSON.parse first; failing that, one pass that
// drops a CDATA or comment wrapper, escapes raw control characters inside strings, reads `\'` as `'` and drops
// trailing commas, then strict JSON.parse again. Nothing is evaluated; what is still not JSON is undefined.

function repaired(text: string): string {
  const unwrapped = text.trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>$/g, "")
    .replace(/^<!--|-->$/g, "")
    .replace(/;\s*$/, "");
  let result = "";
  let inString = false;
  for (let index = 0; index < unwrapped.length; index++) {
    const character = unwrapped[index];
    if (inString) {
      if (character === "\\") {
        const next = unwrapped[index + 1];
        result += next === "'" ? "'" : character + (next ?? "");
        index += 1;
      } else if (character === '"') {
        inString = false;
        result += character;
      } else if (character < " ") {
        result += character === "\n" ? "\\n" : character === "\t" ? " " : character === "\r" ? "" : " ";
      } else {
        result += character;
      }
    } else if (character === '"') {
      inString = true;
      result += character;
    } else if (character === ",") {
      // A comma followed only by space before } or ] is a trailing comma.
      const rest = /^\s*[}\]]/.exec(unwrapped.slice(index + 1));
      if (!rest) result += character;
    } else {
      result += character;
    }
  }
  return result;
}

export function parseLenientJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(repaired(text));
    } catch {
      return undefined;
    }
  }
}
