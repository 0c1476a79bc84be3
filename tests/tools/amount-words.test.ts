// The SQL says amounts in the shared formatter's words: private.amount_words (supabase/schemas/13_describers.sql)
// against formatAmount (shared/client/amounts.ts) on every unit, with quantities and names that reach each rule
// (fractions, metric scaling, plurals regular and not, names never counted, heads and cloves, containers).
import assert from "node:assert/strict";
import { formatAmount, pieceWords, wholeWords } from "../../shared/client/amounts.ts";
import { units } from "../../shared/client/tools-client.generated.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();

const quantities = [0.125, 0.25, 0.3, 0.333, 0.5, 0.667, 0.75, 1, 1.001, 1.25, 1.5, 2, 2.125, 3, 12.5, 999, 1000, 1234];
const moreQuantities = [1250, 1500, 2500.5, 10000, 0.001];
const names = [
  "onion",
  "Onion",
  "onions",
  "tomato",
  "tomatoes",
  "potato",
  "mango",
  "radish",
  "leaf",
  "loaf",
  "half",
  "knife",
  "bay leaves",
  "bagels",
  "anchovies",
  "berry",
  "day",
  "peach",
  "box",
  "dish",
  "dishes",
  "bus",
  "hummus",
  "chicken thigh",
  "head of garlic",
  "salt, coarse",
  "pepper (red)",
  "crème fraîche",
  "pâté",
  "7up",
  "canned tomatoes",
  "Tinned beans",
  "canned",
  "packaged noodles",
  "packet soup",
  "pack of crisps",
  "ginger",
  "rice",
  "milk",
  "flour",
  "water",
  "butter",
  "sugar",
  "salt",
  "oil",
  "garlic",
  "Garlic",
  "bread",
  "cheese",
  "cream",
  "yogurt",
  "honey",
  "celery",
  "lettuce",
  "broccoli",
  "cauliflower",
  "spinach",
  "basil",
  "parsley",
  "fish",
  "corn",
  "bacon",
  "sandwich bread",
  ...Object.keys(pieceWords),
  ...Object.keys(wholeWords),
  "",
];

Deno.test("private.amount_words says every unit, quantity and name as formatAmount does", async () => {
  const cases = units.flatMap((unit) =>
    [...quantities, ...moreQuantities].flatMap((quantity) => names.map((name) => ({ quantity, unit, name })))
  );
  const rows = await sql<{ words: string }[]>`
    select private.amount_words(c.quantity, c.unit, c.name) as words
    from unnest(${cases.map((one) => String(one.quantity))}::numeric[], ${cases.map((one) => one.unit)}::text[],
      ${cases.map((one) => one.name)}::text[]) with ordinality as c(quantity, unit, name, position)
    order by c.position`;
  const disagreements = cases
    .map((one, index) => ({ ...one, sql: rows[index].words, typescript: formatAmount(one) }))
    .filter((one) => one.sql !== one.typescript);
  assert.equal(rows.length, cases.length);
  assert.deepEqual(disagreements.slice(0, 10), [], `${disagreements.length} of ${cases.length} disagree`);
});

Deno.test("private.amount_words: the words people say, never whole", async () => {
  const table: [number, string, string, string][] = [
    [2, "whole", "onion", "2 onions"],
    [1, "whole", "onion", "1 onion"],
    [0.5, "whole", "lemon", "½ lemon"],
    [2, "piece", "garlic", "2 cloves garlic"],
    [1, "whole", "garlic", "1 head garlic"],
    [1, "can", "canned chopped tomatoes", "1 can chopped tomatoes"],
    [1250, "g", "potatoes", "1.25 kg potatoes"],
    [0.5, "cup", "flour", "½ cup flour"],
    [2, "l", "milk", "2 l milk"],
    [2, "piece", "ginger", "2 pieces ginger"],
    [3, "whole", "", "3"],
  ];
  for (const [quantity, unit, name, words] of table) {
    const [row] = await sql<{ words: string }[]>`select private.amount_words(${quantity}, ${unit}, ${name}) as words`;
    assert.equal(row.words, words);
  }
});

Deno.test.afterAll(() => sql.end());
