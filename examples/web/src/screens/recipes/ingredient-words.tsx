/// <reference lib="dom" />
// One ingredient line in words: "2 cloves garlic, minced (fresh)" with the amount in bold, or "salt, to taste" for a
// line without an amount. The recipe view and cook mode both show lines this way.
import type { RecipeGetOutput } from "@meal-planner/client/tools-client.generated.ts";
import { amountParts } from "@meal-planner/client/amounts.ts";
import { unquantifiedWords } from "./draft.ts";

export type IngredientLine = RecipeGetOutput["recipe"]["ingredients"][number];

export function IngredientWords({ line }: { line: IngredientLine }) {
  if (line.quantity === null || line.unit === null) {
    return <>{unquantifiedWords({ name: line.ingredient_name, prepState: line.prep_state, note: line.note })}</>;
  }
  const said = amountParts({ quantity: line.quantity, unit: line.unit, name: line.ingredient_name });
  return (
    <>
      <span class="amount">{said.measure}</span> {said.name}
      {line.prep_state ? `, ${line.prep_state}` : ""}
      {line.note ? <span class="hint">({line.note})</span> : null}
    </>
  );
}
