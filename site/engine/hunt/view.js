// Per-role views of the game state: what each side may see, and nothing more.
//
// Example:
//   const seen = view(state, 'police');
//   seen.jack.pos === undefined   // always: the police never hold Jack's position in memory
//
// The police never see Jack's position, hideout or route (tonight's or an earlier night's), nor which women tokens are marked;
// no view says which face-down patrol tokens are real (the head of investigation placed them
// without showing anyone) until they are revealed. Neither side sees the
// random generator's state. Once the game is over both sides see everything but the generator.

/** What the police see of Jack: his track, his special-move tokens and his letters, nothing of where he is. */
function publicJack(j) {
  return {
    waits: j.waits, movesUsed: j.movesUsed, maxMoves: j.maxMoves, coaches: j.coaches, alleys: j.alleys,
    letters: j.letters, letterNight: j.letterNight, letterDistrict: j.letterDistrict, falseCluesUsed: j.falseCluesUsed,
  };
}

// A state's list → its trimmed copy for the views. Those lists are replaced, never changed in
// place (see cloneState), so each is trimmed once however many views are made of the state.
const TRIMMED = { patrols: new WeakMap(), nights: new WeakMap(), women: new WeakMap() };

function trimmed(kind, list, trim) {
  let out = TRIMMED[kind].get(list);
  if (!out) { out = list.map(trim); TRIMMED[kind].set(list, out); }
  return out;
}

/**
 * `state` trimmed for `role` ('jack' or 'police'). Its lists are the state's own (or trimmed
 * copies): treat a view as read-only.
 */
export function view(state, role) {
  if (role !== 'jack' && role !== 'police') throw new Error(`unknown role ${JSON.stringify(role)}: use 'jack' or 'police'`);
  // Shallow: the view shares the state's lists (apply never changes a state), and replaces the ones it trims.
  // The generator is blanked, not left out: `{ rng, ...copy }` made V8 copy key by key, a third
  // of the engine's time in self-play; `rng: undefined` holds nothing and JSON drops it.
  const copy = { ...state };
  copy.rng = undefined;
  if (state.phase === 'over') return copy;
  // Which face-down patrol tokens are real stays with the head of investigation's hand:
  // neither view carries it until a token is turned over.
  copy.patrols = trimmed('patrols', copy.patrols, (p) => (p.revealed ? { at: p.at, revealed: true, pawn: p.pawn } : { at: p.at, revealed: false }));
  if (role === 'police') {
    copy.jack = publicJack(copy.jack);
    copy.nights = trimmed('nights', copy.nights, ({ route, ...night }) => night);
    copy.women = trimmed('women', copy.women, (w) => ({ at: w.at }));
  }
  return copy;
}
