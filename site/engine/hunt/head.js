// The head of investigation (seeds 000 and 003): each night's head is the top of a shuffled stack
// of tiles, one per police pawn; the police move and act clockwise from the head, and pawns sit
// clockwise in colour order (yellow, red, green, blue, brown).
//
// Example:
//   policeOrder({ head: 3, pawns: ['a', 'b', 'c', 'd', 'e'] })   // → [3, 4, 0, 1, 2]

// drawHead and nextPawn change the state they are given: the engine's handlers call them on their copy.

import { pick } from '../common/rng.js';

/**
 * Turn over the top head-of-investigation tile: one tile per police pawn in play (``pawns``: fewer than
 * five on a board with fewer yellow crossings), shuffled; the stack is shuffled again when every tile
 * has been turned.
 */
export function drawHead(state, pawns) {
  if (state.headTiles.length === 0) state.headTiles = [...Array(pawns).keys()];
  let tile;
  [tile, state.rng] = pick(state.rng, state.headTiles);
  state.headTiles = state.headTiles.filter((t) => t !== tile);
  state.head = tile;
}

/** The pawn that moves and acts first: the head of investigation's (pawn 0 if that pawn is not in play). */
export function firstPawn(state) {
  return state.head < state.pawns.length ? state.head : 0;
}

/** The pawns in the order they move and act: from the head of investigation, clockwise. */
export function policeOrder(state) {
  const n = state.pawns.length;
  return [...Array(n).keys()].map((i) => (firstPawn(state) + i) % n);
}

/** Pass the turn to the next pawn clockwise; false once every pawn has had it. */
export function nextPawn(state) {
  state.turn.pawn = (state.turn.pawn + 1) % state.pawns.length;
  return state.turn.pawn !== firstPawn(state);
}
