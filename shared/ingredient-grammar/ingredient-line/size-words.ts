// Sizes said with the amount: of each thing, of a piece of a root, of what holds it.

// A size before the unit ("1 14-ounce can", "1 14 1/2-ounce can", "2 x 400 g / 14 oz cans", "1 heaping cup", "1 15-
// to 16-ounce box", "One 8-10-oz. bag"): kept in the note.
export const sizeBeforeUnit =
  /^((?:\d+(?:[.,]\d+|\/\d+|\s+\d+\/\d+)?\s*-?\s*(?:to|or)(?:\s+|-))?\d+(?:[.,]\d+|\/\d+|\s+\d+\/\d+)?(?:[-–]\d+(?:[.,]\d+)?(?=-))?(?:\s*-\s*|\s*)(?:fl\.?\s*oz|fluid ounces?|ounces?|oz|grams?|g|ml|millilit(?:er|re)s?|cl|centilit(?:er|re)s?|lit(?:er|re)s?|lbs?|pounds?|inch(?:es)?|in|cm)\.?(?:\s*\/\s*\d+(?:[.,]\d+|\s+\d+\/\d+|\/\d+)?\s*(?:fl\.?\s*oz|ounces?|oz|grams?|g|ml|lbs?|pounds?)\.?)?|heaping|heaped|scant|level|rounded|generous|good|large|small|medium|big|(?:lightly |firmly |loosely |tightly )?packed)\s+/i;

// A piece of a root measured by its length or likened to a thumb ("2-inch piece ginger", "10cm piece ginger", "1
// thumb-sized piece of ginger", "2 thumbs ginger", "1 knob ginger"; "2.5cm/1in piece ginger" with the length said
// twice): counted in pieces, the size kept in the note. A
// length right after the number ("2 inch ginger", "1 1/2-inch knob ginger") is the size of one piece.
export const lengthOfPiece =
  /^-?\s*(inch(?:es)?|in\.|in(?=\s*\/\s*\d|\s+(?:pieces?|knobs?|chunks?|lengths?|sticks?|cubes?)\b)|cm|centimet(?:er|re)s?)(?:\s*\/\s*\d+(?:[.,]\d+|\s*\d*\/\d+)?\s*(?:inch(?:es)?|in\.?|cm)\b)?(?:\s*-?\s*(pieces?|knobs?|chunks?|lengths?|sticks?|cubes?|stalks?|strips?))?\s+(?:of\s+)?(?=[a-zA-Z])/i;
export const thumbOfPiece =
  /^((?:thumbs?|finger)(?:\s*-?\s*(?:sized?))?(?:\s*-?\s*(?:pieces?|knobs?|chunks?|lengths?))?)\s+(?:of\s+)?(?=[a-zA-Z])/i;
export const rootsByLength =
  /^(?:fresh\s+)?(?:root\s+)?(?:ginger|turmeric|galangal|horseradish|cinnamon|lemongrass|kombu)\b/i;

// The size of each one before the name ("8 8-inch flour tortillas", "4 x 200g/7oz salmon fillets", "1 x 1.5kg/3lb
// 5oz chicken", "1 3- to 4-lb rabbit", "A 3½-to-4-pound chicken", "One 12-15-pound turkey", "2 x 250-300g/9-10½oz
// sea bass fillets", "2 x 150–200g/5½–7oz sea bass fillets" with dashes typed either way, "1 x 1.5-2kg/3lb 5oz-4lb
// 6oz chicken", "4 1-inch-thick slices", "Two 7- to 8-bone racks of lamb", "1 whole 10- to 15-lb/5 to 7.5 kg ham"):
// said twice, by weight and by its old measure, both go to the note.
export const sizeBeforeName =
  /^((?:\d+(?:[.,]\d+|\/\d+|\s+\d+\/\d+)?\s*-?\s*(?:to|or)(?:\s+|-))?\d+(?:[.,]\d+|\/\d+|\s+\d+\/\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+|\s+\d+\/\d+)?(?=\s*[-–]?\s*[a-z]))?\s*[-–]?\s*(?:inch(?:es)?|in\.|cm|ounces?|oz|grams?|g|kg|ml|lbs?|pounds?|bone|rib)\.?(?:-(?:thick|long|wide))?(?:\s*\/\s*\d+(?:[.,]\d+|\s+\d+\/\d+)?(?:(?:\s*[-–]\s*|\s+to\s+)\d+(?:[.,]\d+|\s+\d+\/\d+)?)?\s*-?\s*(?:oz|lbs?|fl\.?\s*oz|in|kg|kilograms?)\.?(?:\s+\d+(?:[.,]\d+|\s+\d+\/\d+)?\s*oz)?(?:\s*[-–]\s*\d+(?:[.,]\d+|\s+\d+\/\d+)?\s*(?:oz|lbs?)\.?(?:\s+\d+(?:[.,]\d+|\s+\d+\/\d+)?\s*oz)?)?)?)\s+(?=[a-zA-Z])/i;

export const containerAfterMeasure =
  /^(cans?|tins?|jars?|packages?|pkgs?|packets?|packs?|pots?|tubs?|cartons?|bottles?|box(?:es)?|bags?|blocks?|containers?|sachets?|pouch(?:es)?)\s+(?:of\s+)?(?=[a-zA-Z])/i;
