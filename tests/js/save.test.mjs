// Saved games: exact round trip, nothing readable by eye, and every bad text refused whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apply, newGame } from '../../site/engine/hunt.js';
import { load, save, SAVE_PREFIX } from '../../site/engine/save.js';
import { ladder, LADDER_RULES, run } from './helpers.mjs';

const board = ladder();
const game = () => run(apply, board, newGame({ board, rules: LADDER_RULES, seed: 3 }), [
  { type: 'hideout', circle: 4 }, { type: 'women', marked: [1, 6], unmarked: [3] },
  { type: 'patrols', real: ['a', 'e'], fake: ['b'] }]);

test('a save resumes the game exactly', () => {
  const s = game();
  const text = save(s);
  assert.ok(text.startsWith(`${SAVE_PREFIX}.`));
  assert.deepEqual(load(text, board), s);
  assert.equal(save(load(text)), text);
});

test("a save shows no hideout, marked women or generator state in readable form", () => {
  const text = save(game());
  for (const word of ['hideout', 'marked', 'rng', 'route', '"pawn"']) assert.ok(!text.includes(word), word);
});

const refusals = [
  ['{"format":"gaslight-hunt/1"}', `not a saved game: a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
  ['', `not a saved game: a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
];

test('texts that are not saves are refused with the reason', () => {
  for (const [text, message] of refusals) assert.throws(() => load(text, board), { message });
});

test('an edited or cut save is refused by its checksum', () => {
  const text = save(game());
  const [prefix, body, sum] = text.split('.');
  assert.throws(() => load(`${prefix}.${body.slice(0, -4)}.${sum}`, board),
    { message: 'not a saved game: the text was changed or cut short (its checksum does not match)' });
  const flipped = body[10] === 'A' ? 'B' : 'A';
  assert.throws(() => load(`${prefix}.${body.slice(0, 10)}${flipped}${body.slice(11)}.${sum}`, board),
    { message: 'not a saved game: the text was changed or cut short (its checksum does not match)' });
});

// A save re-encoded with a valid checksum but a broken state: the shape check refuses it.
function forge(change) {
  const text = save(game());
  const body = text.split('.')[1];
  const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf-8'));
  change(state);
  return save(state);
}

const broken = [
  [(s) => { s.format = 'gaslight-hunt/9'; }, 'not a saved game: its "format" is not what a game holds'],
  [(s) => { delete s.pawns; }, 'not a saved game: it has no "pawns"'],
  [(s) => { s.phase = 'teatime'; }, 'not a saved game: its "phase" is not what a game holds'],
  [(s) => { s.rng = [1, 2]; }, 'not a saved game: its "rng" is not what a game holds'],
  [(s) => { s.jack.route = ['x']; }, 'not a saved game: its "jack.route" is not what a game holds'],
  [(s) => { s.jack.hideout = 999; }, 'not a saved game: circle 999 is not on this board'],
  [(s) => { s.patrols[0].at = 'zz'; }, 'not a saved game: crossing "zz" is not on this board'],
  [(s) => { s.board = 'elsewhere'; }, `not a saved game: it is a game on board "elsewhere", not "${board.id}"`],
];

test('a save whose state is broken is refused whole, naming what is wrong', () => {
  for (const [change, message] of broken) assert.throws(() => load(forge(change), board), { message });
});
