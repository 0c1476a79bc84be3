// Bounds on how much of a page the readers look at, so that a hostile page (thousands of unclosed lists, or of
// elements named "ingredient") costs milliseconds rather than minutes. Real recipe pages stay far within them.
export const readingLimits = {
  /** Elements whose class or id names the ingredients, tried in turn. */
  containers: 40,
  /** Lists tried by a reading that goes through the page's lists. */
  lists: 200,
  /** Items read of one list: as many as a recipe takes lines (limits.maxRecipeLines). */
  items: 200,
  /** Elements that each mark one ingredient, or carry a microdata property. */
  elements: 1000,
  /** Characters of one list's markup. */
  listMarkup: 50_000,
};
