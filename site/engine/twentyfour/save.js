// Saved games of 24: the setup, who sat where and the actions, sealed by the card games' one save codec
// (../common/cardsave.js) and replayed through `apply` when loaded.
//
// Example:
//   const text = await save(game, state.setup, actions);   // "gaslight-24-save/2.sealed.q3Jx…"
//   const { state, actions } = await load(game, text);     // or a SaveError naming what is wrong
//
// A game is its setup (seed, detectives, stand-in) and its actions: loading replays every action through the
// same `apply` as play, so a loaded game is a legal one, and an action the engine refuses is named by its move
// number. The text is sealed (it holds the seed and every hidden choice) and carries the game data's
// fingerprint, so a text that was cut, edited or made for other rules is refused whole. Size, moves and
// nesting are bounded.

import { cardSaves, fnv1a, SaveError } from '../common/cardsave.js';
import { STRENGTHS } from './bots.js';
import { apply, newGame } from './engine.js';

export { SaveError } from '../common/cardsave.js';

export const SAVE_PREFIX = 'gaslight-24-save/2';
export const MAX_SAVE_CHARS = 400000;
/** Far more than a game needs (about 150 actions); a save with more is refused before any replay. */
export const MAX_MOVES = 5000;
/** The record, its actions (or its setup), an action (or the detectives), a list in an action. */
export const MAX_DEPTH = 4;

const PRINTS = new WeakMap();

/** The game data's fingerprint: a save opens only with the rules and deck it was played with. */
export function fingerprint(game) {
  if (!PRINTS.has(game)) PRINTS.set(game, fnv1a(JSON.stringify(game.data)));
  return PRINTS.get(game);
}

const rulesName = (game) => `ruleset ${game.data.ruleset || '?'}${game.data.variant ? `, variant ${game.data.variant}` : ''}`;

function replay(game, setup, actions) {
  let state;
  try {
    state = newGame(game, { seed: setup.seed, detectives: setup.detectives, npc: setup.npc });
  } catch (err) {
    throw new SaveError(`its setup cannot be played (${err.message})`);
  }
  actions.forEach((action, n) => {
    const r = apply(game, state, action);
    if (!r.ok) throw new SaveError(`move ${n + 1} is refused: ${r.reason}`);
    state = r.state;
  });
  return state;
}

const codec = cardSaves({
  prefix: SAVE_PREFIX,
  limits: { characters: MAX_SAVE_CHARS, moves: MAX_MOVES, depth: MAX_DEPTH },
  fingerprint,
  rulesName,
  replay,
  seatCount: (game, setup) => (Array.isArray(setup.detectives) ? setup.detectives.length : null),
  strengths: STRENGTHS,
});

/** The sealed text of a game (async): its setup, `seats` (who plays each seat) and every action so far. */
export const save = (game, setup, actions, options = {}) => codec.save(game,
  { seed: setup.seed, detectives: setup.detectives, npc: setup.npc }, actions, options);

/** {state, setup, seats, actions} from `save`'s text, every action replayed (async); a SaveError. */
export const load = (game, text, options = {}) => codec.load(game, text, options);
