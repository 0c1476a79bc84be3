/** `group.action`: lower-case words joined by single underscores, so "__" never occurs inside a name. */
export const toolNamePattern = /^[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*$/;

/** What Anthropic and OpenAI accept as a tool or function name. */
export const providerNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

const separator = "__";

/** `planner.add_meal` → `planner__add_meal`. */
export function toProviderName(toolName: string): string {
  return toolName.replace(".", separator);
}

/** `planner__add_meal` → `planner.add_meal`; undefined when the name is not one of ours. */
export function fromProviderName(providerName: string): string | undefined {
  const index = providerName.indexOf(separator);
  if (index < 0) return undefined;
  const toolName = `${providerName.slice(0, index)}.${providerName.slice(index + separator.length)}`;
  return toolNamePattern.test(toolName) ? toolName : undefined;
}

/** `grocery.push_ingredients` → `app.grocery_push_ingredients`: the SQL function a tool runs unless it says otherwise. */
export function sqlFunctionName(toolName: string): string {
  return `app.${toolName.replace(".", "_")}`;
}

/** `grocery.add_item` → `grocery`. */
export function groupOf(toolName: string): string {
  return toolName.slice(0, toolName.indexOf("."));
}

/** `grocery.add_item` → `add_item`. */
export function actionOf(toolName: string): string {
  return toolName.slice(toolName.indexOf(".") + 1);
}
