// A proposed write in words. The API's describer sentence (`summary`) is what the person confirms; an action made
// before describers existed falls back to the tool's name and its plain values, still never JSON or an id.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function actionSentence(
  action: { tool: string; input: unknown; summary?: string | null; description?: string | null },
): string {
  const given = action.description?.trim() || action.summary?.trim();
  if (given) return given;
  const [group, name] = action.tool.split(".");
  const verb = (name ?? group).replaceAll("_", " ");
  const values = Object.values(typeof action.input === "object" && action.input ? action.input : {})
    .filter((value) => (typeof value === "string" && !uuid.test(value)) || typeof value === "number")
    .map(String);
  const phrase = `${verb.charAt(0).toUpperCase()}${verb.slice(1)} (${group})`;
  return values.length ? `${phrase}: ${values.join(", ")}` : phrase;
}
