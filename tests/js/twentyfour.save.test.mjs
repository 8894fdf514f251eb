// Saved games of 24: setup and actions, sealed, replayed through apply when loaded; every way a text can be wrong
// is refused whole with its reason, an illegal action with its move number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actor, apply, newGame } from '../../site/engine/twentyfour/engine.js';
import { TwentyFourBot } from '../../site/engine/twentyfour/bots.js';
import { seal } from '../../site/engine/common/seal.js';
import { fingerprint, load, MAX_MOVES, MAX_SAVE_CHARS, save, SAVE_PREFIX } from '../../site/engine/twentyfour/save.js';
import { view } from '../../site/engine/twentyfour/view.js';
import { GAME, variantGame } from './twentyfour_game.mjs';

/** A bot game of `moves` actions (all of it when null): its state and actions. */
function played(moves = null, seed = 3) {
  let state = newGame(GAME, { seed, players: 4 });
  const bots = [0, 1, 2, 3].map((s) => new TwentyFourBot({ seed: s, strength: s % 2 ? 'casual' : 'sharp' }));
  const actions = [];
  while (state.phase !== 'over' && (moves === null || actions.length < moves)) {
    const action = bots[actor(state)].act(GAME, view(GAME, state, actor(state)));
    state = apply(GAME, state, action).state;
    actions.push(action);
  }
  return { state, actions };
}

/** A save of a record written by hand, under a valid seal. */
async function sealed(record) {
  const { kind, data } = await seal(JSON.stringify(record), { prefix: SAVE_PREFIX });
  return `${SAVE_PREFIX}.${kind}.${data}`;
}

test('a saved game loads to the very same state, mid-game and finished', async () => {
  for (const moves of [0, 17, 60, null]) {
    const { state, actions } = played(moves);
    const text = await save(GAME, state.setup, actions);
    assert.ok(text.startsWith(`${SAVE_PREFIX}.sealed.`));
    const loaded = await load(GAME, text);
    assert.deepEqual(loaded.state, state);
    assert.deepEqual(loaded.actions, actions);
  }
});

test('the text is sealed: no card id, detective or seed in clear, nor in its decoded bytes', async () => {
  const { state, actions } = played(30);
  const text = await save(GAME, state.setup, actions);
  const decoded = Buffer.from(text.split('.')[2], 'base64url').toString('latin1');
  for (const word of ['kestrel', 'bishop', 'hound', 'ember', 'anvil', 'place', 'seed']) {
    assert.ok(!text.includes(word) && !decoded.includes(word), word);
  }
});

test('an action the engine refuses is named by its move number', async () => {
  const { state, actions } = played(20);
  const moved = actions.map((a, n) => (n === 6 ? { ...a, seat: (a.seat + 1) % 4 } : a));
  await assert.rejects(load(GAME, await save(GAME, state.setup, moved)),
    { name: 'SaveError', message: /^not a saved game: move 7 is refused: it is .+'s turn, not .+'s$/ });
});

test('a cut, edited, foreign, oversized or too deep text is refused whole with its reason', async () => {
  const { state, actions } = played(20);
  const text = await save(GAME, state.setup, actions);
  const good = { game: fingerprint(GAME), rules: 'ruleset twenty-four', setup: state.setup, seats: null, actions: [] };
  const cases = [
    ['hello', `not a saved game: a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
    [text.slice(0, -3), 'not a saved game: the text was changed or cut short (its seal does not open)'],
    [await sealed({ ...good, setup: 1 }), 'not a saved game: its "setup" is not how a game begins'],
    [await sealed({ ...good, setup: { ...state.setup, detectives: ['kestrel', 'kestrel', 'hound'], npc: null } }),
      'not a saved game: its setup cannot be played (each player plays a different detective)'],
    [await sealed({ ...good, actions: Array(MAX_MOVES + 1).fill({ type: 'pass' }) }),
      'not a saved game: it holds 5,001 moves, and a saved game holds at most 5,000'],
    [await sealed({ ...good, actions: [{ type: 'set', seat: 0, stand: [[['x']]] }] }),
      'not a saved game: it nests lists and objects more than 4 deep, deeper than any saved game'],
    [await sealed({ ...good, seats: [{ name: 'x'.repeat(41), bot: null }] }),
      'not a saved game: it names 1 seats for a game of 4'],
    [`${SAVE_PREFIX}.sealed.${'A'.repeat(MAX_SAVE_CHARS)}`, 'not a saved game: it is 400,026 characters long, and a saved game is at most 400,000'],
  ];
  for (const [bad, message] of cases) await assert.rejects(load(GAME, bad), { name: 'SaveError', message });
  assert.equal((await load(GAME, await sealed(good))).actions.length, 0, 'the hand-made record is a good one');
  const other = { ...variantGame({ assist_points: 2 }) };
  other.data = { ...other.data, variant: 'draft-assists' };
  await assert.rejects(load(other, text), { message: 'not a saved game: it was played with other rules or cards '
    + '(ruleset twenty-four), not these (ruleset twenty-four, variant draft-assists): open it on that game\'s page' });
});
