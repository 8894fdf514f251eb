// Ripper rummy self-play: states are never changed in place, a hand that goes round in circles stops with a
// clear message, and the summary counts what happened.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { botMove } from '../../site/engine/rummy/bots.js';
import { apply, newGame, toMove } from '../../site/engine/rummy/engine.js';
import { MAX_HAND_MOVES, playGame, selfPlay } from '../../site/engine/rummy/selfplay.mjs';
import { view } from '../../site/engine/rummy/view.js';
import { GAME } from './rummy_helpers.mjs';

function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze(value[key]);
  }
  return value;
}

test('apply never changes the state it is given (every state frozen through whole games)', () => {
  for (const players of [2, 3, 4]) {
    let s = deepFreeze(newGame(GAME, { players, seed: players }));
    let moves = 0;
    while (s.phase !== 'over') {
      const seat = toMove(s);
      const r = apply(GAME, s, botMove(GAME, view(s, seat), 'sharp'));
      assert.ok(r.ok, r.reason);
      s = deepFreeze(r.state);
      moves += 1;
    }
    assert.ok(moves > 50);
  }
});

test('a hand that does not end within the move cap stops its game with a clear message', () => {
  // Players who only ever take Scotland Yard's top card and throw it back never run the case file down.
  const circle = (game, v) => (v.phase === 'draw' ? { type: 'draw', seat: v.you, from: 'yard' }
    : { type: 'discard', seat: v.you, card: v.hand[v.hand.length - 1] });
  const played = playGame(GAME, { players: 2, seed: 3, bots: ['sharp', 'sharp'], choose: circle });
  assert.equal(played.stalled, `hand 1 of game 3 did not end within ${MAX_HAND_MOVES} moves`);
  assert.equal(played.illegal, null);
});

test('a refused bot move is counted as illegal and ends its game', () => {
  const wrong = (game, v) => ({ type: 'discard', seat: v.you, card: 'no-such-card' });
  const played = playGame(GAME, { players: 2, seed: 3, bots: ['sharp', 'sharp'], choose: wrong });
  assert.deepEqual(played.illegal.reason, '"discard" is not possible now: this is the start of a turn (vote, draw, escape)');
});

test('the summary counts games, hands, endings and wins', () => {
  const run = selfPlay(GAME, { players: 3, bots: ['sharp', 'easy', 'easy'], games: 20, seed: 1 });
  assert.equal(run.games, 20);
  assert.equal(Object.values(run.endings).reduce((a, b) => a + b, 0), run.hands);
  assert.equal(Object.values(run.handsPerGame).reduce((a, b) => a + b, 0), 20);
  assert.equal(run.winsByStrength.sharp + run.winsByStrength.easy, 20);
  const counted = selfPlay(GAME, { players: 2, hands: 7, seed: 1 });
  assert.equal(counted.hands, 7);
});
