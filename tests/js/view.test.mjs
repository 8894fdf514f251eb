// The per-role views: no hidden field ever reaches the other side, checked on the serialized JSON
// at every step of bot games.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JackBot, PoliceBot } from '../../site/engine/hunt/bots.js';
import { actor, apply, newGame } from '../../site/engine/hunt/hunt.js';
import { Rng } from '../../site/engine/common/rng.js';
import { view } from '../../site/engine/hunt/view.js';
import { gridJson, ladder, LADDER_RULES, run } from './helpers.mjs';
import { loadBoard } from '../../site/engine/hunt/board.js';

const board = ladder();

test('the police view has no Jack position, hideout, route or marked women', () => {
  const s = run(apply, board, newGame({ board, rules: LADDER_RULES, seed: 1 }), [
    { type: 'hideout', circle: 4 }, { type: 'women', marked: [1, 6], unmarked: [3] }]);
  const v = view(s, 'police');
  assert.deepEqual(v.women, [{ at: 1 }, { at: 3 }, { at: 6 }]);
  assert.deepEqual(Object.keys(v.jack).sort(),
    ['alleys', 'coaches', 'falseCluesUsed', 'letterDistrict', 'letterNight', 'letters', 'maxMoves', 'movesUsed', 'waits']);
  const text = JSON.stringify(v);
  for (const key of ['"hideout":', '"pos":', '"route":', '"marked":', '"rng":']) assert.ok(!text.includes(key), key);
});

test('no view tells which patrol tokens are real until they are revealed', () => {
  const s = run(apply, board, newGame({ board, rules: LADDER_RULES, seed: 1 }), [
    { type: 'hideout', circle: 4 }, { type: 'women', marked: [1, 6], unmarked: [3] },
    { type: 'patrols', real: ['a', 'e'], fake: ['b'] }, { type: 'wait' }, { type: 'moveWoman', to: 4 },
    { type: 'moveWoman', to: 5 }, { type: 'revealPatrol', at: 'a' }]);
  const v = view(s, 'jack');
  assert.deepEqual(v.patrols, [{ at: 'a', revealed: true, pawn: 0 }, { at: 'b', revealed: false }, { at: 'e', revealed: false }]);
  assert.deepEqual(view(s, 'police').patrols, v.patrols);
  assert.equal(v.jack.hideout, 4);
  assert.equal(v.rng, undefined);
  assert.ok(!JSON.stringify(v).includes('"rng"'));
});

test('the order of the patrol tokens tells nothing about which are real', () => {
  const setup = [{ type: 'hideout', circle: 4 }, { type: 'women', marked: [1, 6], unmarked: [3] }];
  for (const [real, fake] of [[['a', 'e'], ['b']], [['b', 'e'], ['a']], [['e', 'a'], ['b']], [['a', 'b'], ['e']]]) {
    const s = run(apply, board, newGame({ board, rules: LADDER_RULES, seed: 1 }), [...setup, { type: 'patrols', real, fake }]);
    for (const role of ['jack', 'police']) {
      assert.deepEqual(view(s, role).patrols, [{ at: 'a', revealed: false }, { at: 'b', revealed: false }, { at: 'e', revealed: false }]);
    }
  }
});

test('a finished game shows everything but the generator', () => {
  const s = { ...newGame({ board, rules: LADDER_RULES, seed: 1 }), phase: 'over', winner: 'police' };
  const v = view(s, 'police');
  assert.ok('hideout' in v.jack);
  assert.equal(v.rng, undefined);
  assert.ok(!JSON.stringify(v).includes('"rng"'));
  assert.throws(() => view(s, 'spectator'), /unknown role "spectator": use 'jack' or 'police'/);
});

test('no hidden field leaks into the police view during whole bot games', () => {
  // Nine red circles: with only the grid's four corners the women run out before the last night (gaslight
  // check refuses such a board), and a game would stop on "no women pawn is left".
  const json = gridJson(5, 5);
  for (const c of json.circles) if ([3, 7, 9, 11, 13, 15, 17, 19, 23].includes(c.number)) c.red = true;
  const g = loadBoard(json);
  const bots = { jack: new JackBot(g), police: new PoliceBot(g) };
  let checked = 0;
  for (let seed = 0; seed < 6; seed += 1) {
    let s = newGame({ board: g, rules: null, seed });
    while (s.phase !== 'over') {
      const who = actor(s);
      const pv = JSON.stringify(view(s, 'police'));
      for (const key of ['"hideout":', '"pos":', '"route":', '"marked":', '"rng":']) assert.ok(!pv.includes(key), `${key} leaked`);
      for (const role of ['jack', 'police']) {
        for (const p of view(s, role).patrols) if (!p.revealed) assert.deepEqual(Object.keys(p), ['at', 'revealed']);
      }
      const rng = new Rng(s.rng);
      const r = apply(g, s, bots[who].act(view(s, who), rng));
      assert.ok(r.ok, r.reason);
      s = { ...r.state, rng: rng.state };
      checked += 1;
    }
  }
  assert.ok(checked > 100, `only ${checked} steps checked`);
});
