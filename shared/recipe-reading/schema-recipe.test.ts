// Each form below was written for this test to reproduce what real recipe pages carry; none is copied
// from a page.
import assert from "node:assert/strict";
import { schemaRecipeOf } from "./schema-recipe.ts";

const ld = (json: string) =>
  `<html><head><script type="application/ld+json">${json}</script></head><body></body></html>`;
const lines = (html: string) => schemaRecipeOf(html)?.ingredients.map((entry) => entry.line);

Deno.test("JSON-LD that strict JSON.parse refuses is still read: raw control characters, trailing commas, CDATA, \\'", () => {
  const broken = `//<![CDATA[
{"@context": "https://schema.org", "@type": "Recipe", "name": "Baker\\'s
bread",
 "recipeIngredient": ["2 cups flour", "1 tsp\tsalt",],
 "recipeInstructions": "Mix.",
}
//]]>`;
  assert.throws(() => JSON.parse(broken));
  const recipe = schemaRecipeOf(ld(broken));
  assert.equal(recipe?.name, "Baker's bread");
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), ["2 cups flour", "1 tsp salt"]);
});

Deno.test("recipeIngredient given as one string, and the old ingredients property, become lines", () => {
  assert.deepEqual(
    lines(ld(JSON.stringify({ "@type": "Recipe", name: "A", recipeIngredient: "1 cup rice\n2 cups water" }))),
    ["1 cup rice", "2 cups water"],
  );
  assert.deepEqual(lines(ld(JSON.stringify({ "@type": "Recipe", name: "B", ingredients: ["3 eggs"] }))), ["3 eggs"]);
});

Deno.test("the first Recipe with ingredients is read when an earlier one is empty", () => {
  const page = ld(JSON.stringify({ "@type": "Recipe", name: "Teaser" })) +
    ld(JSON.stringify({ "@graph": [{ "@type": "Recipe", name: "Soup", recipeIngredient: ["1 l stock"] }] }));
  assert.deepEqual(schemaRecipeOf(page)?.name, "Soup");
  assert.deepEqual(lines(page), ["1 l stock"]);
});

Deno.test("entities are decoded in lines and title; a multi-line entry is split; headings become sections", () => {
  const recipe = schemaRecipeOf(ld(JSON.stringify({
    "@type": "Recipe",
    name: "Mom&#39;s cake &amp; icing",
    recipeIngredient: [
      "FOR THE MARINADE",
      "2 tbsp soy sauce\n1 tsp honey",
      "## SAUCE",
      "1 cup confectioners&#39; sugar",
      "For the topping:",
      "1/2 cup cream",
    ],
  })));
  assert.equal(recipe?.name, "Mom's cake & icing");
  assert.deepEqual(recipe?.ingredients, [
    { line: "2 tbsp soy sauce", section: "FOR THE MARINADE" },
    { line: "1 tsp honey", section: "FOR THE MARINADE" },
    { line: "1 cup confectioners' sugar", section: "SAUCE" },
    { line: "1/2 cup cream", section: "For the topping" },
  ]);
});

Deno.test("microdata: several names in one itemprop, and a meta whose content comes before itemprop", () => {
  const page = `<div itemscope itemtype="http://schema.org/Recipe">
    <meta content="Garlic &amp; rice" itemprop="name">
    <li itemprop="ingredients recipeIngredient">1 cup white rice</li>
    <meta content="2 cloves garlic" itemprop="recipeIngredient">
  </div>`;
  const recipe = schemaRecipeOf(page);
  assert.equal(recipe?.name, "Garlic & rice");
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), ["1 cup white rice", "2 cloves garlic"]);
  assert.equal(recipe?.source, "microdata");
});

Deno.test("without schema.org data, the page's own ingredient list is read, and nothing else", () => {
  const page = `<html><head><meta property="og:title" content="Lemon bars"></head><body>
    <nav><ul><li>Home</li><li>Recipes</li></ul></nav>
    <div class="recipe-ingredients"><h3>Ingredients</h3><ul><li>1 cup flour</li><li>2 lemons</li></ul></div>
    <ol class="steps"><li>Bake.</li></ol></body></html>`;
  const recipe = schemaRecipeOf(page);
  assert.equal(recipe?.name, "Lemon bars");
  assert.equal(recipe?.source, "markup");
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), ["1 cup flour", "2 lemons"]);
  const afterHeading = `<h1>Toast</h1><h2>Ingredients</h2><ul><li>2 slices bread</li><li>butter</li></ul>`;
  assert.deepEqual(lines(afterHeading), ["2 slices bread", "butter"]);
  assert.equal(
    schemaRecipeOf("<html><body><h1>Blog</h1><ul><li>Home</li><li>About</li></ul></body></html>"),
    undefined,
  );
});

Deno.test("without a container or heading, the first list of measured ingredients is read, with its sub-lists", () => {
  const page = `<html><head><meta property="og:title" content="Chicken salad"></head><body>
    <nav><ul><li><a href="/">Home</a></li><li><a href="/r">Recipes</a></li></ul></nav>
    <h1>Chicken salad</h1><p><strong></strong></p>
    <ul><li>6 cups rotisserie chicken, shredded</li><li>3 cups red grapes, halved</li><li>2 celery ribs</li></ul>
    <p>Dressing</p><ul><li>2 cups mayonnaise</li><li>salt, to taste</li></ul>
    <ol><li>Mix everything.</li><li>Chill for 1 hour.</li></ol></body></html>`;
  const recipe = schemaRecipeOf(page);
  assert.equal(recipe?.source, "markup");
  assert.deepEqual(recipe?.ingredients, [
    { line: "6 cups rotisserie chicken, shredded", section: null },
    { line: "3 cups red grapes, halved", section: null },
    { line: "2 celery ribs", section: null },
    { line: "2 cups mayonnaise", section: "Dressing" },
    { line: "salt, to taste", section: "Dressing" },
  ]);
  // A list of a few measured things among others ("10 best…", steps that start with a number) is no ingredient list.
  const blog = `<html><body><h1>Our week</h1><ul><li>3 walks in the park</li><li>A new bike</li>
    <li>Visiting grandma</li><li>2 films</li></ul></body></html>`;
  assert.equal(schemaRecipeOf(blog), undefined);
  const numbered = `<html><body><h1>Steps</h1><ul><li>1. Wash the car</li><li>2. Dry it</li><li>3. Wax it</li>
    </ul></body></html>`;
  assert.equal(schemaRecipeOf(numbered), undefined);
  const short = `<html><body><h1>Notes</h1><ul><li>2 cups</li><li>1 tsp</li></ul></body></html>`;
  assert.equal(schemaRecipeOf(short), undefined);
});

Deno.test("a wider Ingredients heading is read, after the plain one and after a list of measured lines", () => {
  const page = (heading: string, before = "") =>
    `<html><body><h1>Toast</h1>${before}<h2>${heading}</h2><ul><li>2 slices bread</li><li>butter</li></ul>
    <h2>Method</h2><p>Toast the bread.</p></body></html>`;
  for (const heading of ["Recipe Ingredients", "Cake ingredients:", "Ingredients for 4", "You’ll need"]) {
    assert.deepEqual(lines(page(heading)), ["2 slices bread", "butter"], heading);
  }
  // A menu's "Baking Ingredients" with its list comes first on the page: the plain heading is read.
  const menu = `<nav><p>Baking Ingredients</p><ul><li>Flours</li><li>Sugars</li></ul></nav>`;
  assert.deepEqual(lines(page("Ingredients", menu)), ["2 slices bread", "butter"]);
  // A heading of five words before "ingredients" is a sentence, not a heading.
  assert.equal(schemaRecipeOf(page("A few notes on the ingredients")), undefined);
});

Deno.test("several lists under one Ingredients heading, each after a short sub-heading, are all read", () => {
  const page = `<html><body><h1>Burrito bowl</h1>
    <p><span>INGREDIENTS:</span></p>
    <p>Tortillas</p><ul><li><p>2 cups flour</p></li><li><p>1 tsp salt</p></li></ul>
    <p><strong>Rice</strong></p><ul><li>1 cup rice</li><li>Salt to taste</li></ul>
    <h2>Glaze</h2><p> </p><ul><ul><li>1/3 cup sugar</li><li>1/2 cup hot water</li></ul></ul>
    <h2>Tools you'll need</h2><ul><li>Skillet</li><li>Rice cooker</li></ul>
    <p>INSTRUCTIONS:</p><ol><li>Mix the flour and the salt.</li><li>Cook the rice.</li></ol></body></html>`;
  assert.deepEqual(schemaRecipeOf(page)?.ingredients, [
    { line: "2 cups flour", section: "Tortillas" },
    { line: "1 tsp salt", section: "Tortillas" },
    { line: "1 cup rice", section: "Rice" },
    { line: "Salt to taste", section: "Rice" },
    { line: "1/3 cup sugar", section: "Glaze" },
    { line: "1/2 cup hot water", section: "Glaze" },
  ]);
  const method = `<h2>Ingredients</h2><ul><li>2 eggs</li><li>1 cup milk</li></ul>
    <h4>Recipe</h4><ol><li>Whisk.</li><li>Fry.</li></ol>`;
  assert.deepEqual(lines(method), ["2 eggs", "1 cup milk"]);
  // What follows that is no part of the ingredients: a list of links, a list under "You may also like".
  const nextToLinks = `<h2>Ingredients</h2><ul><li>2 eggs</li><li>1 cup milk</li></ul>
    <h3>Pancakes</h3><ul><li><a href="/crepes">Crêpes</a></li><li><a href="/waffles">Waffles</a></li></ul>`;
  assert.deepEqual(lines(nextToLinks), ["2 eggs", "1 cup milk"]);
  const nextToOthers = `<h2>Ingredients</h2><ul><li>2 eggs</li><li>1 cup milk</li></ul>
    <h3>You may also like</h3><ul><li>Crêpes, thin and easy</li><li>Waffles</li></ul>`;
  assert.deepEqual(lines(nextToOthers), ["2 eggs", "1 cup milk"]);
});

Deno.test("microdata: one recipeIngredient element wrapping every ingredient, each in its own block", () => {
  const page = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Sliders</h1>
    <div itemprop="ingredients recipeIngredient">
      <div class="ingredient"><div><span></span></div><div><p><strong><em>Onions:</em></strong></p></div></div>
      <div class="ingredient"><div><span></span></div><div><p>2 Large Sweet Onions, thinly sliced</p></div></div>
      <div class="ingredient">250g&nbsp;<a href="/tuna">Lean tuna</a></div>
    </div>
    <ul><li itemprop="recipeIngredient"><div class="icon"><svg><title>Info</title><path d="M1"></path></svg></div>
      <span>6</span> <span>oz.</span> Linguine</li>
      <li itemprop="recipeIngredient"><div class="amount">1 cup</div><div class="name">flour</div><div>sifted</div></li>
    </ul></div>`;
  assert.deepEqual(schemaRecipeOf(page)?.ingredients, [
    { line: "2 Large Sweet Onions, thinly sliced", section: "Onions" },
    { line: "250g Lean tuna", section: "Onions" },
    { line: "6 oz. Linguine", section: "Onions" },
    { line: "1 cup flour sifted", section: "Onions" },
  ]);
});

Deno.test("a quantity alone on its line belongs to the line after it; measured items run together with commas split", () => {
  const recipe = ld(JSON.stringify({
    "@type": "Recipe",
    name: "Stew",
    recipeIngredient: ["2  \r\nbay leaves", "1/2 teaspoon \r\nground cinnamon", "2 onions, chopped", "1 egg, beaten"],
  }));
  assert.deepEqual(lines(recipe), [
    "2 bay leaves",
    "1/2 teaspoon ground cinnamon",
    "2 onions, chopped",
    "1 egg, beaten",
  ]);
  const meta = `<div itemscope itemtype="http://schema.org/Recipe"><meta itemprop="name" content="Cake">
    <meta itemprop="recipeIngredient" content="125ml milk, 1 tsp vinegar, 60ml olive oil, 100g caster sugar"></div>`;
  assert.deepEqual(lines(meta), ["125ml milk", "1 tsp vinegar", "60ml olive oil", "100g caster sugar"]);
});

Deno.test("JSON-LD that runs every ingredient together in one entry gives way to the page's list of the same words", () => {
  const runTogether = "3 tablespoons red pepper powder 2 tablespoons sesame oil2 small onions, chopped.3 cloves of " +
    "garlic, minced.Red pepper flakes1 egg.";
  const page = `<html><head><script type="application/ld+json">${
    JSON.stringify({ "@type": "Recipe", name: "Stew", recipeIngredient: runTogether })
  }</script></head><body><div class="recipe-ingredients"><ul><li>3 tablespoons red pepper powder <br /></li>
    <li>2 tablespoons sesame oil</li><li>2 small onions, chopped.</li><li>3 cloves of garlic, minced.</li>
    <li>Red pepper flakes</li><li>1 egg.</li></ul></div></body></html>`;
  const recipe = schemaRecipeOf(page);
  assert.equal(recipe?.name, "Stew");
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), [
    "3 tablespoons red pepper powder",
    "2 tablespoons sesame oil",
    "2 small onions, chopped.",
    "3 cloves of garlic, minced.",
    "Red pepper flakes",
    "1 egg.",
  ]);
  // A list that says something else is not taken for the entry's lines.
  const other = page.replace("<li>1 egg.</li>", "<li>2 eggs</li>");
  assert.deepEqual(schemaRecipeOf(other)?.ingredients.map((entry) => entry.line), [runTogether]);
});

Deno.test("JSON-LD in a meta tag's content is read as JSON-LD", () => {
  const json = JSON.stringify({
    "@type": "Recipe",
    name: "Red sauce",
    recipeIngredient: ["3 cups water", "1 tbsp paste"],
  });
  const page = `<html><head><meta name="application/ld+json" content="${
    json.replaceAll("&", "&amp;").replaceAll('"', "&quot;")
  }"/></head><body></body></html>`;
  const recipe = schemaRecipeOf(page);
  assert.equal(recipe?.source, "json-ld");
  assert.equal(recipe?.name, "Red sauce");
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), ["3 cups water", "1 tbsp paste"]);
});

Deno.test("a sub-heading between the Ingredients heading and its first list is the list's section", () => {
  const page = `<h2>Why I love it</h2><ul><li>One pan.</li><li>Crispy.</li></ul>
    <h2>What You&rsquo;ll Need</h2><h3>For the Chicken:</h3><ul><li>1 red onion</li><li>2 tbsp olive oil</li></ul>
    <h3>For the Slaw:</h3><ul><li>2 cups cabbage</li><li>1 cup carrots</li></ul>
    <h2>Instructions</h2><ol><li>Roast.</li><li>Toss.</li></ol>`;
  assert.deepEqual(schemaRecipeOf(page)?.ingredients, [
    { line: "1 red onion", section: "For the Chicken" },
    { line: "2 tbsp olive oil", section: "For the Chicken" },
    { line: "2 cups cabbage", section: "For the Slaw" },
    { line: "1 cup carrots", section: "For the Slaw" },
  ]);
});

Deno.test("ingredients written as bulleted paragraphs: the bulleted ones, up to the method", () => {
  const page = `<h3>Apple tart</h3><p><strong>Serves: 4</strong></p><p><strong>Ingredients:</strong></p>
    <p>- 250g shortcrust pastry</p><p>- 50g ground almonds</p>
    <div class="newsletter"><p>Sign up to our newsletter!</p>Subscribe</div>
    <p>- 3 egg yolks</p><p>- Dash of whiskey</p>
    <p><strong>Method:</strong></p><p>Set the oven to 200°C.</p><p>Line 4 tins with the pastry.</p>`;
  assert.deepEqual(lines(page), ["250g shortcrust pastry", "50g ground almonds", "3 egg yolks", "Dash of whiskey"]);
});

Deno.test("a line naming a list of ingredients, or capitals with an aside, is a heading; one capital word is not", () => {
  const recipe = schemaRecipeOf(ld(JSON.stringify({
    "@type": "Recipe",
    name: "Brownies",
    recipeIngredient: [
      "Standard Ingredients",
      "1 cup sugar",
      "Dairy-free ingredients",
      "1/2 cup coconut oil",
      "SPICE RUB (mix ahead)",
      "1 tsp paprika",
      "SALT (to taste)",
      "Ingredients for the glaze",
      "2 tbsp honey",
    ],
  })));
  assert.deepEqual(recipe?.ingredients, [
    { line: "1 cup sugar", section: "Standard Ingredients" },
    { line: "1/2 cup coconut oil", section: "Dairy-free ingredients" },
    { line: "1 tsp paprika", section: "SPICE RUB" },
    { line: "SALT (to taste)", section: "SPICE RUB" },
    { line: "2 tbsp honey", section: "Ingredients for the glaze" },
  ]);
});

Deno.test("a JSON escape whose backslash a site stripped ('Salt u0026 pepper') is read as what it stood for", () => {
  const recipe = schemaRecipeOf(ld(JSON.stringify({
    "@type": "Recipe",
    name: "Fries",
    recipeIngredient: ["Salt u0026 black pepper", "2 lbs potatoes", "1 menu0026 item"],
  })));
  // Only a whole escape: one run into other letters is left as written.
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), [
    "Salt & black pepper",
    "2 lbs potatoes",
    "1 menu0026 item",
  ]);
});

const withList = (json: object, items: string[], extra = "") =>
  `<html><head><script type="application/ld+json">${JSON.stringify(json)}</script></head><body>
    <h2>Ingredients</h2><ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>${extra}</body></html>`;

Deno.test("JSON-LD with names only, or only some lines, gives way to the page's own list of the same ingredients", () => {
  const namesOnly = withList({ "@type": "Recipe", name: "Scones", recipeIngredient: ["flour", "butter", "milk"] }, [
    "2 <span>cups</span> all-purpose flour",
    "<b>1 stick</b> butter</span>, cold",
    "3/4 cup milk",
  ]);
  assert.deepEqual(lines(namesOnly), ["2 cups all-purpose flour", "1 stick butter, cold", "3/4 cup milk"]);
  const partial = withList({ "@type": "Recipe", name: "Brownies", recipeIngredient: ["75 g cocoa", "250 g flour"] }, [
    "250 g flour",
    "75 g cocoa",
    "300 g caster sugar",
    "For the icing:",
    "100 g icing sugar",
  ]);
  assert.deepEqual(lines(partial), ["250 g flour", "75 g cocoa", "300 g caster sugar", "100 g icing sugar"]);
  assert.equal(schemaRecipeOf(partial)?.ingredients.at(-1)?.section, "For the icing");
});

Deno.test("JSON-LD keeps its lines when the page's list holds anything else, or says no more", () => {
  const recipe = { "@type": "Recipe", name: "Cake", recipeIngredient: ["2 cups sugar", "1 cup milk"] };
  // A line that is no ingredient ("Choose an option"), or two entries run together in one line.
  for (
    const items of [
      ["Choose an option", "2 cups sugar", "1 cup milk"],
      ["2 cups sugar 1 cup milk", "2 cups sugar", "1 cup milk"],
      ["2 cups sugar", "1 cup milk"],
    ]
  ) {
    assert.deepEqual(lines(withList(recipe, items)), ["2 cups sugar", "1 cup milk"], items.join(" | "));
  }
  // Names only, but the list is of other things.
  const names = { "@type": "Recipe", name: "Soup", recipeIngredient: ["leeks", "stock"] };
  assert.deepEqual(lines(withList(names, ["Jump to recipe", "Print", "Pin"])), ["leeks", "stock"]);
});

Deno.test("JSON-LD lines that lost their amount, or its first digits, get it back from the page's own list", () => {
  const recipe = {
    "@type": "Recipe",
    name: "Dal",
    recipeIngredient: ["3 Tbsp olive oil\n5 tsp grated ginger", "5 c red lentils", "dijon mustard", "salt"],
  };
  const page = withList(recipe, [
    "Scale",
    "1x 2x 3x",
    "3 Tbsp olive oil",
    "1.5 tsp grated ginger",
    "1.5 c red lentils",
    "2 tsp (10ml) dijon mustard",
    "1 tsp kosher salt",
  ]);
  // ("salt" is too short a name to say which line it ended: it stays.)
  assert.deepEqual(lines(page), [
    "3 Tbsp olive oil",
    "1.5 tsp grated ginger",
    "1.5 c red lentils",
    "2 tsp (10ml) dijon mustard",
    "salt",
  ]);
  // A page that says its amount twice ("6 6 boneless chicken breasts") lost nothing.
  const twice = { ...recipe, recipeIngredient: ["6 boneless chicken breasts", "2 cups chicken stock"] };
  assert.deepEqual(lines(withList(twice, ["6 6 boneless chicken breasts", "2 2 cups chicken stock"])), [
    "6 boneless chicken breasts",
    "2 cups chicken stock",
  ]);
  // A list of another recipe's amounts is not taken for the same recipe's.
  const other = withList(recipe, ["1 tsp cumin", "2 tsp (10ml) dijon mustard", "1 cup rice", "2 cups stock"]);
  assert.deepEqual(lines(other), [
    "3 Tbsp olive oil",
    "5 tsp grated ginger",
    "5 c red lentils",
    "dijon mustard",
    "salt",
  ]);
});

Deno.test("an ingredient table under the Ingredients heading is read a row to a line, header rows left out", () => {
  const page = `<html><head><meta property="og:title" content="Pretzel cookies"></head><body>
    <h2>Ingredients</h2>
    <table><thead><tr><th>Amount</th><th>Measure</th><th>Ingredient</th></tr></thead><tbody>
    <tr><td>1 ½</td>
    <td>cups</td>
    <td><a href="/flour">all-purpose flour</a><br><small></small></td></tr>
    <tr><td>1</td><td>stick</td><td>butter<br><small>room temp.</small></td></tr>
    <tr><td>2</td><td></td><td>eggs</td></tr>
    </tbody></table>
    <h2>Directions</h2><p>Mix 2 cups of it.</p></body></html>`;
  assert.deepEqual(lines(page), ["1 ½ cups all-purpose flour", "1 stick butter room temp.", "2 eggs"]);
});
