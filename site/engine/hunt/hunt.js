// The whole Whitechapel hunt as a state machine over one plain JSON object.
//
// Example:
//   let state = newGame({ board, rules: rulesFrom(json), seed: 1 });
//   const r = apply(board, state, { type: 'hideout', circle: 12 });
//   if (r.ok) state = r.state; else console.log(r.reason);
//
// `apply` never changes its argument: it returns a new state or a refusal with a reason.
// Who acts next is `actor(state)` ('jack' | 'police' | null once the game is over).
//
// What each action does is in actions.js; what a state allows (quotas, Jack's moves, searches) in legal.js.

import { HANDLERS, startNight } from './actions.js';
import { seedRng } from '../common/rng.js';
import { listOf, refusal, why } from './reasons.js';
import { rulesFrom } from './rules.js';

export { firstPawn, policeOrder } from './head.js';
export { PAWN_COLOURS } from './letters.js';
export {
  falseCluesAvailable, jackOptions, patrolQuota, pawnLetterSendable, searchable, womenQuota,
} from './legal.js';

export const STATE_FORMAT = 'gaslight-hunt/2';

const JACK_PHASES = new Set(['hideout', 'women', 'letter', 'crime', 'revealPatrol', 'jack', 'falseClue']);

/** Which actions each phase accepts (reasons.js names each phase in refusals: `phase.<name>`). */
export const PHASES = {
  hideout: { actions: ['hideout'] },
  women: { actions: ['women'] },
  patrols: { actions: ['patrols'] },
  letter: { actions: ['letter', 'skip'] },
  letterRelocate: { actions: ['relocate'] },
  crime: { actions: ['kill', 'wait'] },
  moveWomen: { actions: ['moveWoman'] },
  revealPatrol: { actions: ['revealPatrol'] },
  jack: { actions: ['move', 'coach', 'alley'] },
  goulston: { actions: ['goulston'] },
  falseClue: { actions: ['falseClue', 'skip'] },
  policeMove: { actions: ['policeMove'] },
  policeAction: { actions: ['search', 'arrest', 'pass'] },
  over: { actions: [] },
};

/** A new game, waiting for Jack to choose his hideout. */
export function newGame({ board, rules, seed = 0 }) {
  const { parameters, options, features } = rulesFrom(rules);
  const state = {
    format: STATE_FORMAT,
    board: board.id,
    parameters,
    options,
    features,
    rng: seedRng(seed),
    night: 1,
    head: 0,
    headTiles: [],
    phase: 'hideout',
    winner: null,
    reason: '',
    why: null,
    jack: { hideout: null, pos: null, route: [], waits: 0, movesUsed: 0, maxMoves: 0, coaches: 0, alleys: 0,
      letters: [], letterNight: 0, letterDistrict: null, falseCluesUsed: 0 },
    pawns: [],
    patrols: [],
    women: [],
    wretched: [],
    scenes: [],
    clues: [],
    falseClues: [],
    turn: { pawn: 0, searched: [], woman: 0, letterPatrols: [], letterPawn: null, letterPlace: null },
    log: [],
    nights: [],
    stats: { arrestAttempts: 0, searches: 0, cluesFound: 0, letters: 0, falseClues: 0 },
  };
  startNight(state, board);
  state.phase = 'hideout';
  return state;
}

/** 'jack', 'police' or null (game over). */
export function actor(state) {
  if (state.phase === 'over') return null;
  return JACK_PHASES.has(state.phase) ? 'jack' : 'police';
}

/** Apply one action; returns {ok: true, state} or {ok: false, reason}. */
export function apply(board, state, action) {
  if (state.phase === 'over') return refusal(board, why('over', { reason: state.why || state.reason }));
  if (!action || typeof action !== 'object' || typeof action.type !== 'string') return refusal(board, why('badAction'));
  const phase = PHASES[state.phase];
  if (!phase.actions.includes(action.type)) {
    return refusal(board, why('notNow', { type: action.type, phase: why(`phase.${state.phase}`), actions: listOf(phase.actions) }));
  }
  const next = cloneState(state);
  const reason = HANDLERS[action.type](board, next, action);
  return reason ? refusal(board, reason) : { ok: true, state: next };
}

/**
 * A copy of the state that handlers may change freely: the state, Jack's part, the turn and the
 * stats are new objects; every list is shared. Handlers replace a list (`record`, `map`, `filter`,
 * a spread), never change one in place, so an earlier state keeps its own (and the views trim each
 * list once). Copying every list on every action was most of self-play's garbage.
 */
export function cloneState(s) {
  // Every key written out: V8 builds such a literal in one step, where `{ ...state }` copies
  // key by key (three times slower here, and cloning was the largest share of self-play).
  // A test holds the keys to `newGame`'s.
  const j = s.jack;
  const t = s.turn;
  return {
    format: s.format,
    board: s.board,
    parameters: s.parameters,
    options: s.options,
    features: s.features,
    rng: s.rng,
    night: s.night,
    head: s.head,
    headTiles: s.headTiles,
    phase: s.phase,
    winner: s.winner,
    reason: s.reason,
    why: s.why,
    jack: {
      hideout: j.hideout, pos: j.pos, route: j.route, waits: j.waits, movesUsed: j.movesUsed, maxMoves: j.maxMoves,
      coaches: j.coaches, alleys: j.alleys, letters: j.letters, letterNight: j.letterNight,
      letterDistrict: j.letterDistrict, falseCluesUsed: j.falseCluesUsed,
    },
    pawns: s.pawns,
    patrols: s.patrols,
    women: s.women,
    wretched: s.wretched,
    scenes: s.scenes,
    clues: s.clues,
    falseClues: s.falseClues,
    turn: {
      pawn: t.pawn, searched: t.searched, woman: t.woman, letterPatrols: t.letterPatrols,
      letterPawn: t.letterPawn, letterPlace: t.letterPlace,
    },
    log: s.log,
    nights: s.nights,
    stats: {
      arrestAttempts: s.stats.arrestAttempts, searches: s.stats.searches, cluesFound: s.stats.cluesFound,
      letters: s.stats.letters, falseClues: s.stats.falseClues,
    },
  };
}

/** The state with the random generator moved on to `rng` (a bot or a player drew from it). */
export function withRng(state, rng) {
  const next = { ...state };
  next.rng = rng;
  return next;
}
