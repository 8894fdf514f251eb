// What a hunt state allows right now, without changing it: the women and patrol tokens to place
// tonight, Jack's legal moves, whether a letter or a false clue may go out, the circles a pawn may
// still search. The engine (hunt.js, actions.js) checks actions against these; the bots and the play
// page offer what they list.
//
// Example:
//   jackOptions(board, state)   // → {normal: [13, 27], coach: [[14, 40]], alley: []}
//   womenQuota(board, state)    // → {free: [1, 4, …], total: 8, marked: 5}

import { perNight } from './rules.js';

/** A per-night parameter's value tonight. */
export const tonight = (state, name) => perNight(state.parameters[name], state.night);

/** The circles of every crime so far. */
export const sceneCircles = (state) => state.scenes.map((s) => s.circle);

/** Where Jack may not walk: the police pawns' crossings. */
export const jackBlocked = (state) => new Set(state.pawns);

/** Red circles women tokens may go on tonight, and how many tokens (all, marked). */
export function womenQuota(board, state) {
  const crime = new Set(sceneCircles(state));
  const free = board.red.filter((c) => !crime.has(c));
  const total = Math.min(tonight(state, 'women_per_night'), free.length);
  return { free, total, marked: Math.min(tonight(state, 'marked_women_per_night'), total) };
}

/** Patrol token counts and where the tokens must go tonight. */
export function patrolQuota(board, state) {
  const yellow = board.yellow;
  if (state.night === 1 || state.pawns.length === 0) {
    const total = Math.min(state.parameters.police_count + state.parameters.fake_patrols, yellow.length);
    const real = Math.min(state.parameters.police_count, total);
    return { real, fake: total - real, fixed: [], others: yellow };
  }
  const fixed = board.sortCrossings(state.pawns);
  const others = yellow.filter((k) => !fixed.includes(k));
  return { real: state.pawns.length, fake: Math.min(state.parameters.fake_patrols, others.length), fixed, others };
}

/** Every legal Jack move right now: {normal, coach: [[via, to]], alley}. */
export function jackOptions(board, state) {
  const { pos, hideout, coaches, alleys, movesUsed, maxMoves } = state.jack;
  const strict = state.options.no_special_move_onto_hideout;
  const normal = board.jackNormal(pos, jackBlocked(state));
  const coach = [];
  if (coaches > 0 && maxMoves - movesUsed >= 2) {
    // Indexed loops: self-play compiles without inlining, where a for-of makes an iterator per loop.
    const routes = board.coachList(pos);
    for (let i = 0; i < routes.length; i += 1) {
      const to = routes[i][0];
      const vias = routes[i][1];
      if (strict && to === hideout) continue;
      for (let k = 0; k < vias.length; k += 1) if (!(strict && vias[k] === hideout)) coach.push([vias[k], to]);
    }
  }
  const alley = alleys > 0 ? board.alleysOf(pos).filter((c) => !(strict && c === hideout)) : [];
  return { normal, coach, alley };
}

/** Whether `jackOptions` would offer any move (without listing them: asked after every police round). */
export function jackCanMove(board, state) {
  const { pos, hideout, coaches, alleys, movesUsed, maxMoves } = state.jack;
  const strict = state.options.no_special_move_onto_hideout;
  if (alleys > 0 && board.alleysOf(pos).some((c) => !(strict && c === hideout))) return true;
  if (coaches > 0 && maxMoves - movesUsed >= 2) {
    const routes = board.coachList(pos);
    for (let i = 0; i < routes.length; i += 1) {
      const to = routes[i][0];
      const vias = routes[i][1];
      if (!strict || (to !== hideout && vias.some((via) => via !== hideout))) return true;
    }
  }
  return board.jackNormal(pos, jackBlocked(state)).length > 0;
}

/** Whether Jack may send a letter tonight (a letter night, none sent yet tonight, one of the four left). */
export function letterAvailable(board, state) {
  return state.options.letters && state.parameters.letters_nights.includes(state.night)
    && state.jack.letterNight !== state.night && state.jack.letters.length < 4;
}

/** Whether Jack may send the pawn letter with tonight's move (a letter night, no letter sent yet tonight). */
export function pawnLetterSendable(board, state) {
  return letterAvailable(board, state) && !state.jack.letters.includes(4);
}

/** How many false clues Jack may still lay tonight. */
export function falseCluesAvailable(state) {
  if (!state.options.false_clues) return 0;
  return Math.floor(state.clues.length / state.parameters.clues_per_false_clue) - state.jack.falseCluesUsed;
}

/** Circles the current pawn may still search (excluding false clues, clues and circles already named). */
export function searchable(board, state) {
  const at = state.pawns[state.turn.pawn];
  const near = board.searchOf(at);
  const out = [];
  for (let i = 0; i < near.length; i += 1) {
    const c = near[i];
    if (!state.falseClues.includes(c) && !state.clues.includes(c) && !state.turn.searched.includes(c)) out.push(c);
  }
  return out;
}
