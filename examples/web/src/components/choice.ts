/** What a <select> holds, as one of the values its options were made from; a value not among them is none. */
export function chosen<Value extends string>(values: readonly Value[], picked: string): Value | undefined {
  return values.find((value) => value === picked);
}
