// Ripper rummy bots: they decide from their seat's view alone (the same move whatever the hidden cards are),
// they finish games legally at both strengths, and the sharp bot is the stronger.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Rng, seedRng } from '../../site/engine/common/rng.js';
import { botMove, STRENGTHS } from '../../site/engine/rummy/bots.js';
import { view } from '../../site/engine/rummy/view.js';
import { selfPlay } from '../../site/engine/rummy/selfplay.mjs';
import { botGame, E, GAME, rig, shuffleHidden, V } from './rummy_helpers.mjs';

test('a bot makes the same move when the cards it cannot see are dealt differently', () => {
  const rng = new Rng(seedRng(4));
  const phases = new Set();
  for (const strength of STRENGTHS) {
    for (const players of [2, 3, 4]) {
      botGame({ players, seed: 40 + players, strengths: new Array(players).fill(strength), visit: (s, seat, action) => {
        for (let k = 0; k < 2; k += 1) {
          const other = shuffleHidden(s, seat, rng);
          assert.notDeepEqual(other.file.concat(other.held.flat()), s.file.concat(s.held.flat()), 'the hidden cards moved');
          assert.deepEqual(botMove(GAME, view(other, seat), strength), action);
        }
        phases.add(s.phase);
      } });
    }
  }
  assert.deepEqual([...phases].sort(), ['draw', 'play', 'scene', 'sceneGavel', 'voting', 'window']);
});

test('both strengths finish every game legally at every table size', () => {
  for (const players of [2, 3, 4]) {
    for (const bots of [new Array(players).fill('easy'), new Array(players).fill('sharp')]) {
      const run = selfPlay(GAME, { players, bots, games: 30, seed: 100 });
      assert.deepEqual([run.illegal, run.stalled, run.games], [0, 0, 30], JSON.stringify(run.problems));
      assert.equal(run.winsBySeat.reduce((a, b) => a + b, 0), 30, 'every game has a winner');
    }
  }
});

test('the sharp bot beats the easy bot', () => {
  const run = selfPlay(GAME, { players: 2, bots: ['sharp', 'easy'], games: 200, seed: 7 });
  const swapped = selfPlay(GAME, { players: 2, bots: ['easy', 'sharp'], games: 200, seed: 7 });
  const sharp = run.winsByStrength.sharp + swapped.winsByStrength.sharp;
  assert.ok(sharp > 0.55 * 400, `the sharp bot won ${sharp} of 400 games`);
});

test('the sharp bot holds back the victim that would open the Escape to others; the easy bot does not', () => {
  const s = rig({ hands: [[V('maud'), E('moss'), E('teal')], [E('ochre')]], table: [[V('ada'), V('nell')], [V('bess'), V('kit')]] });
  assert.deepEqual(botMove(GAME, view(s, 0), 'easy'), { type: 'gavel', seat: 0, card: V('maud') });
  assert.notEqual(botMove(GAME, view(s, 0), 'sharp').card, V('maud'));
  assert.throws(() => botMove(GAME, view(s, 0), 'grand'), { message: 'unknown bot strength "grand": use easy or sharp' });
  assert.throws(() => botMove(GAME, view(s, 1), 'easy'), { message: 'seat 1 is not to move (seat 0 is)' });
});
