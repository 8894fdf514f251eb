// Saved Ripper rummy games: the setup (players, seed), who sat where and the list of actions, sealed by the card
// games' one save codec (../common/cardsave.js) and replayed through `apply` on load, so a saved game can only ever reach
// states the rules allow.
//
// Example:
//   const text = await save(game, { players: 3, seed: 7 }, actions);   // "gaslight-rummy-save/2.sealed.q3Jx…"
//   const { state } = await load(game, text);   // a SaveError naming what is wrong, or the move that is refused
//
// The text holds the seed, which decides every shuffle, so it is sealed (see seal.js): nobody reads the deck or
// another seat's hand off it. A text cut short or edited does not open. Its size, moves and nesting are bounded.

import { cardSaves, fnv1a, SaveError } from '../common/cardsave.js';
import { STRENGTHS } from './bots.js';
import { apply, newGame } from './engine.js';
import { shown } from './rules.js';

export { SaveError } from '../common/cardsave.js';

export const SAVE_PREFIX = 'gaslight-rummy-save/2';
/** Bounds on what a save text may hold (a long game is a few thousand actions). */
export const MAX_SAVE_CHARS = 2_000_000;
export const MAX_ACTIONS = 100_000;
/** The record, its actions, an action, the card list of a meld. */
export const MAX_DEPTH = 4;

const PRINTS = new WeakMap();

/** A short digest of everything in the game data that changes play (cards, numbers, options). */
export function fingerprint(game) {
  if (!PRINTS.has(game)) {
    const cards = game.deck.map((id) => { const c = game.cards[id]; return [id, c.kind, c.suit, c.also, c.points]; });
    PRINTS.set(game, fnv1a(JSON.stringify([game.id, game.parameters, game.options, game.suspects, game.victims, cards])));
  }
  return PRINTS.get(game);
}

const rulesName = (game) => `deck ${game.id}${game.variant ? `, variant ${game.variant}` : ''}`;

function replay(game, setup, actions) {
  const { players, seed } = setup;
  if (!Number.isInteger(seed)) throw new SaveError('its seed is not a whole number');
  if (!game.playerCounts.includes(players)) throw new SaveError(`its ${shown(players)} players do not fit this game`);
  let state = newGame(game, { players, seed });
  actions.forEach((action, i) => {
    const result = apply(game, state, action);
    if (!result.ok) throw new SaveError(`move ${i + 1} (${shown(action.type)} by seat ${shown(action.seat)}) is refused: ${result.reason}`);
    state = result.state;
  });
  return state;
}

const codec = cardSaves({
  prefix: SAVE_PREFIX,
  limits: { characters: MAX_SAVE_CHARS, moves: MAX_ACTIONS, depth: MAX_DEPTH },
  fingerprint,
  rulesName,
  replay,
  seatCount: (game, setup) => (Number.isInteger(setup.players) ? setup.players : null),
  strengths: STRENGTHS,
});

/** The game as one line of sealed text (async): its setup, `seats` (who plays each seat) and its actions. */
export const save = (game, { players, seed }, actions, options = {}) => codec.save(game, { players, seed }, actions, options);

/** {setup, seats, actions, state} from `save`'s text, replayed through the engine (async); a SaveError. */
export const load = (game, text, options = {}) => codec.load(game, text, options);
