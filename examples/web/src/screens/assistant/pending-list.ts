// The pending actions shown on the assistant screen come from two places: the list read when the screen opens, and
// the proposals streamed in by a turn. The list read may be answered after a proposal has streamed in, or after the
// person decided one here (a slow reply, or requests answered out of order on a busy server), so its answer adds
// what the screen does not show yet and never takes away a newer proposal or brings back a decided action.
interface HasId {
  id: string;
}

export function withListed<Action extends HasId>(
  shown: Action[],
  listed: Action[],
  decidedHere: ReadonlySet<string>,
): Action[] {
  const ids = new Set(shown.map((action) => action.id));
  return [...shown, ...listed.filter((action) => !ids.has(action.id) && !decidedHere.has(action.id))];
}
