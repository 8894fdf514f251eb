// What a seat of 24 may do now, as the play page offers it, and the page's own draft of a round of cards.
// Pure: the page keeps a draft (one slot per incident) while the person taps cards, and sends one 'place' action.
//
// Example:
//   let draft = emptyDraft(5);                 // [null, null, null, null, null]
//   draft = assign(draft, 'kestrel-3h.1');     // the card goes on the first empty incident
//   draft = unassign(draft, 0);                // and back to the hand
//   odds(game, 3, 'green')                     // {success: 0.5, great: 0.125, …}: a roll above the incident's number

/** A draft with `n` empty incidents. */
export const emptyDraft = (n) => Array(n).fill(null);

/** The draft with `id` on its first empty incident (or on `at` when given); unchanged when full or already placed. */
export function assign(draft, id, at = null) {
  if (draft.includes(id)) return draft;
  const slot = at === null ? draft.indexOf(null) : at;
  if (slot < 0 || slot >= draft.length) return draft;
  const next = draft.slice();
  next[slot] = id;
  return next;
}

/** The draft with incident `at` emptied. */
export function unassign(draft, at) {
  const next = draft.slice();
  next[at] = null;
  return next;
}

/** The cards of the hand not yet on the draft (a card held twice is counted twice). */
export function unplaced(hand, draft) {
  const left = hand.slice();
  for (const id of draft) {
    const i = id === null ? -1 : left.indexOf(id);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** The chances of one die on incident `k`: a roll above k succeeds, its top face is a great success. */
export function odds(game, k, dieId) {
  const die = game.dice.find((d) => d.id === dieId);
  const succeed = Math.max(0, die.faces - k);
  return { success: succeed / die.faces, great: succeed > 0 ? 1 / die.faces : 0, bonus: die.success, greatBonus: die.great,
    damage: die.damage };
}
