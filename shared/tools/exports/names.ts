const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `grocery.push_ingredients` → `GroceryPushIngredients`: the stem of its schema and type names. */
export function typeName(toolName: string): string {
  return toolName.split(/[._]/).map(capitalized).join("");
}

/** `push_ingredients` → `pushIngredients`: the typed client's method for an action. */
export function methodName(action: string): string {
  const [first, ...rest] = action.split("_");
  return first + rest.map(capitalized).join("");
}
