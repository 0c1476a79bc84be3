import { prepAdverbs, prepStateSet } from "./prep-words.ts";

/** Prep words found in a text, in order, and what is left of the text. */
export type PrepWordsTaken = { preps: string[]; rest: string };

/** Removes the prep words (and the adverbs before them) from the text; returns them in order. */
export function takePrepWords(text: string): PrepWordsTaken {
  const words = text.split(/\s+/).filter(Boolean);
  const preps: string[] = [];
  const kept: string[] = [];
  for (const word of words) {
    const bare = word.toLowerCase().replace(/[.,;:]+$/, "");
    if (prepStateSet.has(bare)) {
      preps.push(bare);
      while (kept.length > 0 && prepAdverbs.has(kept[kept.length - 1].toLowerCase())) kept.pop();
    } else {
      kept.push(word);
    }
  }
  return { preps, rest: kept.join(" ") };
}

/** Prep words at the start of the name only ("finely chopped onion"); a prep word later stays in the name. */
export function takeLeadingPrep(head: string): PrepWordsTaken {
  const words = head.trim().split(/\s+/);
  let index = 0;
  const preps: string[] = [];
  while (index < words.length) {
    const bare = words[index].toLowerCase().replace(/,$/, "");
    if (prepAdverbs.has(bare) && index + 1 < words.length && prepStateSet.has(words[index + 1].toLowerCase())) {
      index += 1;
    } else if (prepStateSet.has(bare)) {
      preps.push(bare);
      index += 1;
      // "chopped and cooled", "chopped or shredded": both say how it is prepared.
      if (/^(?:and|or|&)$/i.test(words[index] ?? "")) index += 1;
    } else {
      break;
    }
  }
  return { preps, rest: words.slice(index).join(" ") };
}

/** Prep words at the end of the name without a comma ("onion finely chopped", "1 lemon juiced"). */
export function takeTrailingPrep(found: PrepWordsTaken): PrepWordsTaken {
  const words = found.rest.split(/\s+/).filter(Boolean);
  const preps: string[] = [];
  // ("4 carrots peeled and cut into rounds": what the "and" led to is already a remark; the "and" is left alone.)
  if (words.length > 2 && /^(?:and|or|&)$/i.test(words.at(-1)!) && prepStateSet.has(words.at(-2)!.toLowerCase())) {
    words.pop();
  }
  while (words.length > 1 && prepStateSet.has(words[words.length - 1].toLowerCase())) {
    preps.unshift(words.pop()!.toLowerCase());
    while (words.length > 1 && prepAdverbs.has(words[words.length - 1].toLowerCase())) words.pop();
    if (words.length > 1 && /^(?:and|&)$/i.test(words[words.length - 1])) words.pop();
  }
  return { preps: [...found.preps, ...preps], rest: words.join(" ") };
}
