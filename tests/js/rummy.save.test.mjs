// Ripper rummy saves: the setup and the actions, sealed, replayed through the engine on load; an illegal action is
// refused with its move number; the text is checked whole and bounded.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seal } from '../../site/engine/common/seal.js';
import { fingerprint, load, MAX_ACTIONS, MAX_SAVE_CHARS, save, SAVE_PREFIX } from '../../site/engine/rummy/save.js';
import { botGame, GAME, gameWith } from './rummy_helpers.mjs';

const played = botGame({ players: 3, seed: 12 });

/** A save of a record written by hand, under a valid seal (what a forger who read this code could make). */
async function sealed(record) {
  const { kind, data } = await seal(JSON.stringify(record), { prefix: SAVE_PREFIX });
  return `${SAVE_PREFIX}.${kind}.${data}`;
}

test('a saved game loads to the very same state, replayed through the engine', async () => {
  const seats = [{ name: 'Ann', bot: null }, { name: 'Bot', bot: 'sharp' }, { name: 'Cy', bot: 'easy' }];
  const text = await save(GAME, { players: 3, seed: 12 }, played.actions, { seats });
  assert.ok(text.startsWith(`${SAVE_PREFIX}.sealed.`));
  const { setup, actions, state, seats: back } = await load(GAME, text);
  assert.deepEqual(setup, { players: 3, seed: 12 });
  assert.deepEqual(back, seats);
  assert.equal(actions.length, played.actions.length);
  assert.deepEqual(state, played.state);
  const part = await load(GAME, await save(GAME, { players: 3, seed: 12 }, played.actions.slice(0, 40)));
  assert.equal(part.state.moves, 40);
  assert.equal(part.seats, null);
});

test('nothing of the game is readable off the text, not even by decoding it', async () => {
  const text = await save(GAME, { players: 3, seed: 12 }, played.actions.slice(0, 60));
  const decoded = Buffer.from(text.split('.')[2], 'base64url').toString('latin1');
  for (const word of ['seed', 'discard', 'crimson', 'players', 'actions']) {
    assert.ok(!text.includes(word) && !decoded.includes(word), word);
  }
});

test('a locked save opens only with its passphrase', async () => {
  const text = await save(GAME, { players: 3, seed: 12 }, played.actions.slice(0, 20), { passphrase: 'gin and fog' });
  assert.ok(text.startsWith(`${SAVE_PREFIX}.locked.`));
  await assert.rejects(load(GAME, text), { name: 'SaveError',
    message: 'not a saved game: it is locked with a passphrase: type the passphrase, then load it again' });
  await assert.rejects(load(GAME, text, { passphrase: 'gin and tonic' }), { name: 'SaveError',
    message: 'not a saved game: the passphrase is wrong, or the text was changed or cut short' });
  assert.equal((await load(GAME, text, { passphrase: 'gin and fog' })).state.moves, 20);
});

test('an action the rules refuse stops the load with its move number', async () => {
  const actions = played.actions.slice(0, 30);
  const i = actions.findIndex((a) => a.type === 'discard');
  const bad = actions.map((a, k) => (k === i ? { ...a, card: 'crimson-keepsake-none' } : a));
  await assert.rejects(load(GAME, await save(GAME, { players: 3, seed: 12 }, bad)),
    { message: `not a saved game: move ${i + 1} ("discard" by seat ${actions[i].seat}) is refused: there is no card "crimson-keepsake-none" in this deck` });
  const other = actions.map((a, k) => (k === 0 ? { ...a, seat: (a.seat + 1) % 3 } : a));
  await assert.rejects(load(GAME, await save(GAME, { players: 3, seed: 12 }, other)),
    { message: `not a saved game: move 1 ("${actions[0].type}" by seat ${(actions[0].seat + 1) % 3}) is refused: it is seat ${actions[0].seat}'s move, not seat ${(actions[0].seat + 1) % 3}'s` });
});

test('a text cut short, edited, of other rules, too long or too deep is refused whole', async () => {
  const text = await save(GAME, { players: 3, seed: 12 }, played.actions.slice(0, 10));
  const [prefix, kind, body] = text.split('.');
  const oneOff = body.slice(0, 20) + (body[20] === 'A' ? 'B' : 'A') + body.slice(21);
  const good = { game: fingerprint(GAME), rules: 'deck ripper-rummy', setup: { players: 3, seed: 12 }, seats: null, actions: [] };
  const cases = [
    ['hello', `not a saved game: a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
    ['gaslight-rummy-save/1.eyJnYW1lIjoxfQ.0badf00d', `not a saved game: a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
    [`${prefix}.${kind}.${body.slice(0, -4)}`, 'not a saved game: the text was changed or cut short (its seal does not open)'],
    [`${prefix}.${kind}.${oneOff}`, 'not a saved game: the text was changed or cut short (its seal does not open)'],
    [`${prefix}.opened.${body}`, 'not a saved game: its seal is "opened", where a saved game has "sealed" or "locked"'],
    ['x'.repeat(MAX_SAVE_CHARS + 1), 'not a saved game: it is 2,000,001 characters long, and a saved game is at most 2,000,000'],
    [await sealed({ ...good, actions: [{ type: 'draw', seat: 0, from: [[['file']]] }] }),
      'not a saved game: it nests lists and objects more than 4 deep, deeper than any saved game'],
    [await sealed({ ...good, actions: new Array(MAX_ACTIONS + 1).fill(0) }),
      'not a saved game: it holds 100,001 moves, and a saved game holds at most 100,000'],
    [await sealed({ ...good, actions: [7] }), 'not a saved game: move 1 is not an action (an object with a "type")'],
    [await sealed({ ...good, setup: { players: 9, seed: 1 } }), 'not a saved game: its 9 players do not fit this game'],
    [await sealed({ ...good, seats: [{ name: 'A', bot: 'godlike' }, { name: 'B', bot: null }, { name: 'C', bot: null }] }),
      'not a saved game: seat 1 is not {"name": a text of at most 40 characters, "bot": null or one of easy, sharp}'],
    [await sealed({ ...good, seats: [] }), 'not a saved game: it names 0 seats for a game of 3'],
    [await sealed({ ...good, extra: 1 }), 'not a saved game: it holds "extra", which a saved game does not hold'],
    [await sealed({ game: good.game }), 'not a saved game: it has no "rules"'],
  ];
  for (const [t, message] of cases) await assert.rejects(load(GAME, t), { name: 'SaveError', message });
  assert.equal((await load(GAME, await sealed(good))).state.moves, 0, 'the hand-made record is a good one');
  await assert.rejects(load(gameWith({ parameters: { target_score: 150 } }), text), { message: 'not a saved game: it was '
    + 'played with other rules or cards (deck ripper-rummy), not these (deck ripper-rummy): open it on that game\'s page' });
  await assert.rejects(load(gameWith({ id: 'other-rummy' }), text), { message: 'not a saved game: it was played with other '
    + 'rules or cards (deck ripper-rummy), not these (deck other-rummy): open it on that game\'s page' });
  await assert.rejects(save(GAME, { players: 3, seed: 1 }, new Array(MAX_ACTIONS + 1).fill({})),
    { message: 'cannot save: a saved game holds at most 100,000 moves' });
});
