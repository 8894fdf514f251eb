// Saved games of whole bot games: saved at every move and loaded, each gives back the very state the
// game had (the generator included), and the record of a bot game is the same however often it is saved.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadBoard } from '../../site/engine/hunt/board.js';
import { JackBot, PoliceBot } from '../../site/engine/hunt/bots.js';
import { actor, apply, newGame, withRng } from '../../site/engine/hunt/hunt.js';
import { Rng } from '../../site/engine/common/rng.js';
import { beginRecord, drawsBetween, load, recordStep, save } from '../../site/engine/hunt/save.js';
import { view } from '../../site/engine/hunt/view.js';

const small30 = loadBoard(JSON.parse(readFileSync(new URL('./fixtures/small30.board.json', import.meta.url), 'utf8')));
const VARIANTS = {
  'base.json': null,
  'every-option.json': { options: { letters: true, false_clues: true, wide_area_arrest: true } },
  'no-special-onto-hideout.json': { options: { no_special_move_onto_hideout: true }, parameters: { nights: 5 } },
};
const rulesFor = (variant) => VARIANTS[variant];

/**
 * A bot game, as the play page runs it: `people` act by hand (recorded without draws), the others are
 * bots (recorded with their draws); `each(record, state)` after every move.
 */
function botGame(board, variant, seed, { people = [], strength = 1, each = () => {} } = {}) {
  const bots = { jack: new JackBot(board, { strength }), police: new PoliceBot(board, { strength }) };
  const players = people.length === 1 ? people[0] : 'hotseat';
  let record = beginRecord({ board, variant, seed, players, strength });
  let state = newGame({ board, rules: rulesFor(variant), seed });
  while (state.phase !== 'over') {
    const who = actor(state);
    const rng = new Rng(state.rng);
    // A person's move comes from the same bot, but draws from a throwaway generator: it is not the game's.
    const action = bots[who].act(view(state, who), people.includes(who) ? new Rng([1, 2, 3, 4]) : rng);
    const result = apply(board, state, action);
    assert.ok(result.ok, result.reason);
    if (people.includes(who)) {
      record = recordStep(record, action);
      state = result.state;
    } else {
      record = recordStep(record, action, drawsBetween(state.rng, rng.state));
      state = withRng(result.state, rng.state);
    }
    each(record, state);
  }
  return { record, state };
}

const roundTrips = [];
for (const variant of Object.keys(VARIANTS)) {
  for (const [seed, people] of [[1, []], [2, ['police']], [3, ['jack']]]) roundTrips.push([variant, seed, people]);
}

for (const [variant, seed, people] of roundTrips) {
  test(`${variant}, seed ${seed}, ${people.join(' and ') || 'bots only'}: a save at every move loads as that move's state`, async () => {
    const checks = [];
    const { record } = botGame(small30, variant, seed, { people, each: (r, s) => checks.push([r, s]) });
    assert.ok(checks.length > 50, `a whole game (${checks.length} moves)`);
    for (const [saved, state] of checks) {
      const text = await save(saved);
      const back = await load(text, small30, { rulesFor });
      assert.deepEqual(back.state, state, `move ${saved.steps.length}`);
      assert.deepEqual(back.record, saved);
    }
    assert.equal(record.players, people.length === 1 ? people[0] : 'hotseat');
  });
}

test('forty more games, each saved at a few random points, load as they stood', async () => {
  const pick = new Rng([7, 7, 7, 7]);
  for (let seed = 10; seed < 50; seed += 1) {
    const variant = Object.keys(VARIANTS)[seed % 3];
    const points = [];
    botGame(small30, variant, seed, { strength: seed % 2 ? 1 : 0.55, each: (r, s) => { if (pick.float() < 0.02) points.push([r, s]); } });
    for (const [saved, state] of points) assert.deepEqual((await load(await save(saved), small30, { rulesFor })).state, state);
  }
});

test('drawsBetween counts the numbers a bot drew', () => {
  const rng = new Rng([1, 2, 3, 4]);
  const before = rng.state.slice();
  rng.shuffle([1, 2, 3, 4, 5, 6]);
  rng.float();
  assert.equal(drawsBetween(before, rng.state), 6);
  assert.equal(drawsBetween(before, before), 0);
});
