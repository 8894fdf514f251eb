// Saved games of 24: setup and actions, replayed through apply when loaded; every way a text can be wrong
// is refused whole with its reason, an illegal action with its move number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actor, apply, newGame } from '../../site/engine/twentyfour/engine.js';
import { TwentyFourBot } from '../../site/engine/twentyfour/bots.js';
import { load, MAX_MOVES, MAX_SAVE_CHARS, save, SAVE_PREFIX } from '../../site/engine/twentyfour/save.js';
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

const encode = (object) => {
  const body = Buffer.from(JSON.stringify(object)).toString('base64url');
  let hash = 0x811c9dc5;
  for (let i = 0; i < body.length; i += 1) { hash ^= body.charCodeAt(i); hash = Math.imul(hash, 0x01000193) >>> 0; }
  return `${SAVE_PREFIX}.${body}.${hash.toString(16).padStart(8, '0')}`;
};
const inner = (text) => JSON.parse(Buffer.from(text.split('.')[1], 'base64url').toString());

test('a saved game loads to the very same state, mid-game and finished', () => {
  for (const moves of [0, 17, 60, null]) {
    const { state, actions } = played(moves);
    const text = save(GAME, state.setup, actions);
    assert.ok(text.startsWith(`${SAVE_PREFIX}.`));
    const loaded = load(GAME, text);
    assert.deepEqual(loaded.state, state);
    assert.deepEqual(loaded.actions, actions);
  }
});

test('the text is not readable at a glance: no card id, detective or seed in clear', () => {
  const { state, actions } = played(30);
  const text = save(GAME, state.setup, actions);
  for (const word of ['kestrel', 'bishop', 'hound', 'ember', 'anvil', 'place', 'seed']) assert.ok(!text.includes(word), word);
});

test('an action the engine refuses is named by its move number', () => {
  const { state, actions } = played(20);
  const text = encode({ ...inner(save(GAME, state.setup, actions)), actions: actions.map((a, n) => (n === 6 ? { ...a, seat: (a.seat + 1) % 4 } : a)) });
  assert.throws(() => load(GAME, text), { name: 'SaveError', message: /^not a saved game of 24: move 7 is refused: it is .+'s turn, not .+'s$/ });
});

test('a cut, edited, foreign or oversized text is refused whole with its reason', () => {
  const { state, actions } = played(20);
  const text = save(GAME, state.setup, actions);
  const body = inner(text);
  const cases = [
    ['hello', `not a saved game of 24: a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
    [text.slice(0, -3), 'not a saved game of 24: the text was changed or cut short (its checksum does not match)'],
    [encode({ setup: 1 }), 'not a saved game of 24: it has no setup and actions'],
    [encode({ ...body, setup: { ...body.setup, detectives: ['kestrel', 'kestrel', 'hound'] } }),
      'not a saved game of 24: its setup cannot be played (each player plays a different detective)'],
    [encode({ ...body, actions: Array(MAX_MOVES + 1).fill({ type: 'pass' }) }),
      `not a saved game of 24: it has ${MAX_MOVES + 1} moves, more than a game's ${MAX_MOVES}`],
    [`${SAVE_PREFIX}.${'A'.repeat(MAX_SAVE_CHARS)}.0`, `not a saved game of 24: it is ${MAX_SAVE_CHARS + SAVE_PREFIX.length + 3} characters long, more than a game's ${MAX_SAVE_CHARS}`],
  ];
  for (const [bad, message] of cases) assert.throws(() => load(GAME, bad), { name: 'SaveError', message });
  const other = { ...variantGame({ assist_points: 2 }) };
  other.data = { ...other.data, variant: 'draft-assists' };
  assert.throws(() => load(other, text), { message: 'not a saved game of 24: it was played with other rules or cards '
    + '(ruleset twenty-four), not these (ruleset twenty-four, variant draft-assists): open it on that game\'s page' });
});
