// The ladder fixture's game at known points, for the engine tests (see helpers.mjs for the board).
import { apply, newGame } from '../../site/engine/hunt/hunt.js';
import { ladder, LADDER_RULES, refusal, run } from './helpers.mjs';

// Night 1 up to the crime: hideout 4, wretched on 1 and 6; patrols real a (pawn 0), e (pawn 1), fake b.
export const SETUP = [
  { type: 'hideout', circle: 4 },
  { type: 'women', marked: [1, 6], unmarked: [3] },
  { type: 'patrols', real: ['a', 'e'], fake: ['b'] },
];
// Jack waits once (women go 1→4, 6→5), reveals the fake on b, kills on 5.
export const WAIT_AND_KILL = [
  { type: 'wait' }, { type: 'moveWoman', to: 4 }, { type: 'moveWoman', to: 5 },
  { type: 'revealPatrol', at: 'b' }, { type: 'kill', victims: [5] },
];

/**
 * Helpers bound to one board: `go` applies actions (throwing on a refusal), `no` returns a refusal,
 * and `start(rules)` begins a game; `fresh`, `atCrime`, `atHunt` reach the points above. The head-of-investigation tiles are
 * pinned: the yellow pawn (0) leads night 1, the red pawn (1) night 2.
 */
export function ladderGame(board = ladder(), parameters = {}) {
  const go = (state, actions) => run(apply, board, state, actions);
  const no = (state, action) => refusal(apply, board, state, action);
  const start = (rules) => ({ ...newGame({ board, rules, seed: 3 }), head: 0, headTiles: [1] });
  const fresh = (options = {}) => start({ parameters: { ...LADDER_RULES.parameters, ...parameters }, options });
  const atCrime = (options) => go(fresh(options), SETUP);
  const atHunt = (options) => go(atCrime(options), WAIT_AND_KILL);
  return { board, go, no, start, fresh, atCrime, atHunt };
}
