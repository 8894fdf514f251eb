// The 24 bots: they decide from their own view only (a state with everything hidden from them redrawn
// gives the same move), play only legal moves, end every game, and the sharp bot outscores the casual one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actor, apply, newGame } from '../../site/engine/twentyfour/engine.js';
import { STRENGTHS, TwentyFourBot } from '../../site/engine/twentyfour/bots.js';
import { SKILLS, skillOf } from '../../site/engine/twentyfour/rules.js';
import { MAX_ACTIONS, playGame, selfPlay } from '../../site/engine/twentyfour/selfplay.mjs';
import { view } from '../../site/engine/twentyfour/view.js';
import { GAME, twin } from './twentyfour_game.mjs';

for (const strength of STRENGTHS) {
  test(`the ${strength} bot makes the same move when everything hidden from it is redrawn`, () => {
    let decisions = 0;
    for (const [n, seed] of [21, 22, 23, 24].entries()) {
      let state = newGame(GAME, { seed, players: 3 + (n % 3) });
      while (state.phase !== 'over') {
        const seat = actor(state);
        const sees = skillOf(GAME, state.seats[seat], state.season) === SKILLS.sharpEyes;
        const mine = new TwentyFourBot({ strength, seed: seed + seat }).act(GAME, view(GAME, state, seat));
        const theirs = new TwentyFourBot({ strength, seed: seed + seat }).act(GAME, view(GAME, twin(GAME, state, seat, sees, decisions), seat));
        assert.deepEqual(theirs, mine, `seat ${seat} in ${state.phase}, season ${state.season}`);
        const r = apply(GAME, state, mine);
        assert.ok(r.ok, r.reason);
        state = r.state;
        decisions += 1;
      }
    }
    assert.ok(decisions > 200);
  });
}

test('bots of both strengths play hundreds of games legally to the end', () => {
  for (const strengths of ['casual', 'sharp', ['sharp', 'casual', 'casual']]) {
    const s = selfPlay(GAME, { games: 60, seed: 100, players: [3, 4, 5], strengths });
    assert.deepEqual([s.illegal, s.finished], [0, 60], JSON.stringify(s.illegalExamples));
    assert.ok(s.actions / s.games < MAX_ACTIONS / 10);
  }
});

test('the sharp bot outscores the casual bot', () => {
  const s = selfPlay(GAME, { games: 120, seed: 500, players: [3, 4, 5], strengths: ['sharp', 'casual'] });
  const mean = (k) => s.byStrength[k].points / s.byStrength[k].seats;
  assert.ok(mean('sharp') > mean('casual') + 5, `sharp ${mean('sharp')} against casual ${mean('casual')}`);
  assert.ok(s.byStrength.sharp.wins / s.byStrength.sharp.seats > 2 * (s.byStrength.casual.wins / s.byStrength.casual.seats));
});

test('a bot asked out of turn, or of an unknown strength, says so', () => {
  const state = newGame(GAME, { seed: 1, players: 3 });
  assert.throws(() => new TwentyFourBot().act(GAME, view(GAME, state, 1)), { message: 'it is not seat 2\'s turn' });
  assert.throws(() => new TwentyFourBot({ strength: 'grandmaster' }), { message: 'unknown bot strength "grandmaster" (use casual or sharp)' });
});

test('a game that runs past its cap of actions is stopped with a clear error', () => {
  const { actions } = playGame(GAME, { seed: 1, players: 3 });
  assert.ok(actions > 50 && actions < MAX_ACTIONS / 10);
  assert.equal(playGame(GAME, { seed: 1, players: 3, maxActions: actions }).state.phase, 'over');
  assert.throws(() => playGame(GAME, { seed: 1, players: 3, maxActions: actions - 1 }),
    { message: `24 game with seed 1 did not end within ${actions - 1} actions` });
});
