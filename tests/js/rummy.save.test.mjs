// Ripper rummy saves: the setup and the actions, replayed through the engine on load; an illegal action is
// refused with its move number; the text is checked whole and bounded.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load, MAX_ACTIONS, save, SAVE_PREFIX } from '../../site/engine/rummy/save.js';
import { botGame, GAME, gameWith } from './rummy_helpers.mjs';

const played = botGame({ players: 3, seed: 12 });

test('a saved game loads to the very same state, replayed through the engine', () => {
  const text = save(GAME, { players: 3, seed: 12 }, played.actions);
  assert.ok(text.startsWith(`${SAVE_PREFIX}.`));
  const { setup, actions, state } = load(GAME, text);
  assert.deepEqual(setup, { players: 3, seed: 12 });
  assert.equal(actions.length, played.actions.length);
  assert.deepEqual(state, played.state);
  const part = load(GAME, save(GAME, { players: 3, seed: 12 }, played.actions.slice(0, 40)));
  assert.equal(part.state.moves, 40);
  assert.ok(!text.includes('seed'), 'the seed is not readable by eye');
});

test('an action the rules refuse stops the load with its move number', () => {
  const actions = played.actions.slice(0, 30);
  const i = actions.findIndex((a) => a.type === 'discard');
  const bad = actions.map((a, k) => (k === i ? { ...a, card: 'crimson-keepsake-none' } : a));
  assert.throws(() => load(GAME, save(GAME, { players: 3, seed: 12 }, bad)),
    { message: `not a saved game: move ${i + 1} ("discard" by seat ${actions[i].seat}) is refused: there is no card "crimson-keepsake-none" in this deck` });
  const other = actions.map((a, k) => (k === 0 ? { ...a, seat: (a.seat + 1) % 3 } : a));
  assert.throws(() => load(GAME, save(GAME, { players: 3, seed: 12 }, other)),
    { message: `not a saved game: move 1 ("${actions[0].type}" by seat ${(actions[0].seat + 1) % 3}) is refused: it is seat ${actions[0].seat}'s move, not seat ${(actions[0].seat + 1) % 3}'s` });
});

test('a text cut short, edited, of another game or other rules, or too long is refused whole', () => {
  const text = save(GAME, { players: 3, seed: 12 }, played.actions.slice(0, 10));
  const [prefix, body, sum] = text.split('.');
  const oneOff = body.slice(0, 20) + (body[20] === 'A' ? 'B' : 'A') + body.slice(21);
  const variant = gameWith({ parameters: { target_score: 150 } });
  const cases = [
    ['hello', `not a saved game: a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
    [`${prefix}.${body.slice(0, -4)}.${sum}`, 'not a saved game: the text was changed or cut short (its checksum does not match)'],
    [`${prefix}.${oneOff}.${sum}`, 'not a saved game: the text was changed or cut short (its checksum does not match)'],
    ['x'.repeat(2_000_001), 'not a saved game: it is longer than 2000000 characters'],
  ];
  for (const [t, message] of cases) assert.throws(() => load(GAME, t), { message });
  assert.throws(() => load(variant, text), { message: 'not a saved game: it was played with other cards or rules than this page\'s' });
  assert.throws(() => load({ ...GAME, id: 'other-rummy' }, text), { message: 'not a saved game: it is a game of "ripper-rummy", not "other-rummy"' });
  assert.throws(() => save(GAME, { players: 3, seed: 1 }, new Array(MAX_ACTIONS + 1).fill({})),
    { message: `a saved game holds at most ${MAX_ACTIONS} actions (this one has ${MAX_ACTIONS + 1})` });
});
