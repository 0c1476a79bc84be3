/** The text with single spaces and without punctuation at either end. */
export function tidy(text: string): string {
  return text.replace(/\s+/g, " ").replace(/^[\s,;:.-]+|[\s,;:-]+$/g, "").trim();
}
