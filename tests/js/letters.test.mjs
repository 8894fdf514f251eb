// Jack's letters to the letter of seed 003: letters 1 and 3 move one token of their own districts,
// letter 2 picks exactly two tokens for the head to move, the pawn letter names the red, green or
// blue pawn and the head sends that pawn or the brown one to the letter's place.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadBoard } from '../../site/engine/hunt/board.js';
import { actor } from '../../site/engine/hunt/hunt.js';
import { goulstonPawns, letterTokens, pawnLetterPawns, sendableLetters } from '../../site/engine/hunt/letters.js';
import { DEFAULT_RULES } from '../../site/engine/hunt/rules.js';
import { LADDER } from './helpers.mjs';
import { ladderGame } from './ladder_game.mjs';

// Districts on the ladder: West (Aa: a, c, f), Middle (Ba: a, b, d), East (Ab: e, g).
const LETTERED = loadBoard({ ...LADDER, letters: { first: ['Aa'], second: ['Ba', 'Ab'], third: ['Ab'], pawn: 'Goulston Street' } });
// Two pawns on the ladder: Jack may name the red one; the head may send the yellow one instead.
const TWO_PAWNS = { pawn_letter_pawns: ['red'], pawn_letter_alternative: 'yellow' };

/** Night 2 with letters, patrol tokens on a and e (real) and b (fake), waiting for Jack's letter. */
function letterNight(board, patrols = { real: ['a', 'e'], fake: ['b'] }) {
  const { go, atHunt } = ladderGame(board, TWO_PAWNS);
  return go(atHunt({ letters: true }), [{ type: 'move', to: 4, escape: true }, { type: 'women', marked: [1, 6], unmarked: [] },
    { type: 'patrols', ...patrols }]);
}

const lettered = ladderGame(LETTERED, TWO_PAWNS);
const open = ladderGame(undefined, TWO_PAWNS);

const REFUSALS = [
  // [what, board helpers, action, reason]
  ['the first letter outside its own districts', lettered, { type: 'letter', letter: 1, from: 'e', to: 'g' },
    'the crossing by 3 and 6 holds no patrol token in West'],
  ['the third letter outside its own districts', lettered, { type: 'letter', letter: 3, from: 'a', to: 'g' },
    'the crossing by 1 and 2 holds no patrol token in East'],
  ['the second letter with one token', lettered, { type: 'letter', letter: 2, from: ['b'] },
    'the second letter picks exactly two different patrol tokens in Middle or East'],
  ['the second letter with three tokens', lettered, { type: 'letter', letter: 2, from: ['a', 'b', 'e'] },
    'the second letter picks exactly two different patrol tokens in Middle or East'],
  ['the second letter with one token twice', lettered, { type: 'letter', letter: 2, from: ['b', 'b'] },
    'the second letter picks exactly two different patrol tokens in Middle or East'],
  ['a letter onto another token', lettered, { type: 'letter', letter: 1, from: 'a', to: 'e' }, 'the crossing by 3 and 6 already holds a patrol token'],
  ['the pawn letter before the hunt', lettered, { type: 'letter', letter: 4 }, 'before the crime Jack may send letter 1, 2 or 3'],
  ['a token of no district on a board without letter districts', open, { type: 'letter', letter: 1, from: 'x', to: 'g' },
    '"x" is not a crossing on this board'],
];

for (const [what, helpers, action, reason] of REFUSALS) {
  test(`refused letter: ${what}`, () => assert.equal(helpers.no(letterNight(helpers.board), action), reason));
}

test('letters 1 and 3 move one token of their own districts; the log names the district', () => {
  const s = letterNight(LETTERED);
  assert.equal(s.phase, 'letter');
  assert.deepEqual(letterTokens(LETTERED, s, 1), [{ at: 'a', district: 'Aa' }]);
  assert.deepEqual(letterTokens(LETTERED, s, 3), [{ at: 'e', district: 'Ab' }]);
  const one = lettered.go(s, [{ type: 'letter', letter: 1, from: 'a', to: 'g' }]);
  assert.deepEqual(one.patrols.map((p) => p.at).sort(), ['b', 'e', 'g']);
  assert.equal(one.phase, 'crime');
  assert.deepEqual(one.log.slice(-2), [{ e: 'letter', letter: 1, districts: ['Aa'] }, { e: 'wretched', circles: [1, 6] }]);
  const three = lettered.go(s, [{ type: 'letter', letter: 3, from: 'e', to: 'c' }]);
  assert.deepEqual(three.patrols.map((p) => p.at).sort(), ['a', 'b', 'c']);
  assert.equal(lettered.no({ ...s, jack: { ...s.jack, letters: [1] } }, { type: 'letter', letter: 1, from: 'a', to: 'g' }),
    'letter 1 has already been sent');
});

test('letter 2 picks exactly two tokens across its districts; the head of investigation moves them', () => {
  const two = lettered.go(letterNight(LETTERED), [{ type: 'letter', letter: 2, from: ['b', 'e'] }]);
  assert.equal(two.phase, 'letterRelocate');
  assert.equal(actor(two), 'police');
  assert.deepEqual(two.log.at(-1), { e: 'letter', letter: 2, districts: ['Ab', 'Ba'] });
  assert.equal(lettered.no(two, { type: 'relocate', to: ['c'] }), 'name 2 different crossings for the patrol tokens');
  assert.equal(lettered.no(two, { type: 'relocate', to: ['c', 'a'] }), 'the crossing by 1 and 2 already holds a patrol token');
  const moved = lettered.go(two, [{ type: 'relocate', to: ['c', 'd'] }]);
  assert.deepEqual(moved.patrols.map((p) => p.at).sort(), ['a', 'c', 'd']);
  assert.equal(moved.phase, 'crime');
});

test('letter 2: both tokens move at once, so they may swap crossings or one may take the other\'s', () => {
  const two = lettered.go(letterNight(LETTERED), [{ type: 'letter', letter: 2, from: ['b', 'e'] }]);
  const before = new Map(two.patrols.map((p) => [p.at, p]));
  const swapped = lettered.go(two, [{ type: 'relocate', to: ['e', 'b'] }]);
  const after = new Map(swapped.patrols.map((p) => [p.at, p]));
  // Each token keeps its face (real or fake) and lands where the other stood.
  assert.equal(after.get('e').pawn, before.get('b').pawn);
  assert.equal(after.get('b').pawn, before.get('e').pawn);
  const shifted = lettered.go(two, [{ type: 'relocate', to: ['e', 'c'] }]);
  assert.equal(new Map(shifted.patrols.map((p) => [p.at, p])).get('e').pawn, before.get('b').pawn);
  assert.deepEqual(shifted.patrols.map((p) => p.at).sort(), ['a', 'c', 'e']);
  assert.deepEqual(two.patrols.map((p) => p.at).sort(), ['a', 'b', 'e'], 'the earlier state is unchanged');
});

/** The letter night with face-down tokens on these crossings instead. */
const tokensOn = (state, crossings) => ({ ...state, patrols: crossings.map((at) => ({ at, pawn: null, revealed: false })) });

test('letter 2 cannot be sent while its districts hold fewer than two tokens', () => {
  const s = letterNight(LETTERED);
  assert.deepEqual(sendableLetters(LETTERED, s), [1, 2, 3]);
  // Tokens on e, f: East holds e only, Middle none.
  const t = tokensOn(s, ['e', 'f']);
  assert.deepEqual(letterTokens(LETTERED, t, 2).map((x) => x.at), ['e']);
  assert.deepEqual(sendableLetters(LETTERED, t), [1, 3]);
  assert.equal(lettered.no(t, { type: 'letter', letter: 2, from: ['e', 'f'] }),
    'the second letter picks exactly two different patrol tokens in Middle or East, and tonight only one lies there');
});

test('no letter phase when no letter has a token to pick', () => {
  const s = letterNight(LETTERED);
  // Tokens on c and f, both in West, after letter 1: letters 2 and 3 find nothing.
  assert.deepEqual(sendableLetters(LETTERED, tokensOn({ ...s, jack: { ...s.jack, letters: [1] } }, ['c', 'f'])), []);
  // Through the game: tokens a, e and f after letters 1 and 3 leave only letter 2 (a in Middle, e in East).
  const after = { ...s, jack: { ...s.jack, letters: [1, 3] } };
  assert.deepEqual(sendableLetters(LETTERED, after), [2]);
  // A board whose second letter uses East alone: after letters 1 and 3, night 2's tokens (a, e, b) give it one.
  const eastOnly = loadBoard({ ...LADDER, letters: { first: ['Aa'], second: ['Ab'], third: ['Ab'] } });
  const game = ladderGame(eastOnly, TWO_PAWNS);
  const before = game.go(game.atHunt({ letters: true }), [{ type: 'move', to: 4, escape: true },
    { type: 'women', marked: [1, 6], unmarked: [] }]);
  const placed = game.go({ ...before, jack: { ...before.jack, letters: [1, 3] } }, [{ type: 'patrols', real: ['a', 'e'], fake: ['b'] }]);
  assert.equal(placed.phase, 'crime', 'Jack is not asked for a letter he cannot send');
  assert.equal(game.go(before, [{ type: 'patrols', real: ['a', 'e'], fake: ['b'] }]).phase, 'letter');
});

test('a board without letter districts: any district, the third letter not the first\'s', () => {
  const s = letterNight(open.board);
  const one = open.go(s, [{ type: 'letter', letter: 1, from: 'b', to: 'g' }]);
  assert.equal(one.jack.letterDistrict, 'Ba');
  const later = { ...s, jack: { ...s.jack, letters: [1], letterDistrict: 'Ab' } };
  assert.equal(open.no(later, { type: 'letter', letter: 3, from: 'e', to: 'g' }), 'the crossing by 3 and 6 holds no patrol token in West or Middle');
  assert.equal(open.go(later, [{ type: 'letter', letter: 3, from: 'b', to: 'g' }]).phase, 'crime');
});

test('letters: none on nights outside letters_nights, none without the option', () => {
  assert.equal(lettered.atCrime({ letters: true }).phase, 'crime', 'night 1 is not a letter night');
  assert.equal(lettered.go(lettered.atHunt(), [{ type: 'move', to: 4, escape: true }, { type: 'women', marked: [1, 6], unmarked: [] },
    { type: 'patrols', real: ['a', 'e'], fake: ['b'] }]).phase, 'crime');
});

test('the pawn letter: only after Jack\'s move on a letter night, to the board\'s own place', () => {
  const s = lettered.atHunt({ letters: true });
  assert.equal(lettered.no(s, { type: 'move', to: 6, letter: 4, pawn: 1 }), 'the pawn letter cannot be sent tonight');
  const night2 = { ...s, night: 2, pawns: ['a', 'b'] };
  assert.equal(lettered.no(night2, { type: 'move', to: 6, letter: 4, place: 'Nowhere', pawn: 1 }),
    'the pawn letter names Goulston Street');
  const t = lettered.go(night2, [{ type: 'move', to: 6, letter: 4, pawn: 1 }]);
  assert.equal(t.phase, 'goulston');
  assert.equal(actor(t), 'police');
  assert.deepEqual(t.log.at(-1), { e: 'letter', letter: 4, pawn: 1, place: 'Goulston Street' });
  assert.equal(lettered.no(t, { type: 'goulston', pawn: 2 }), 'send the red or yellow pawn to Goulston Street');
  const u = lettered.go(t, [{ type: 'goulston', pawn: 0 }]);
  assert.deepEqual(u.pawns, ['g', 'b']);
  assert.equal(u.phase, 'policeMove');
  assert.deepEqual(u.jack.letters, [4]);
  assert.equal(lettered.no({ ...night2, jack: { ...night2.jack, letterNight: 2 } }, { type: 'move', to: 6, letter: 4, pawn: 1 }),
    'the pawn letter cannot be sent tonight', 'one letter a night');
});

test('the pawn letter: a pawn already on the place swaps crossings with the one sent', () => {
  const s = lettered.atHunt({ letters: true });
  const t = lettered.go({ ...s, night: 2, pawns: ['a', 'g'] }, [{ type: 'move', to: 4, letter: 4, pawn: 1 }]);
  assert.deepEqual(lettered.go(t, [{ type: 'goulston', pawn: 0 }]).pawns, ['g', 'a']);
});

// The published game's five pawns, on the ladder: yellow a, red b, green c, blue d, brown f.
function fivePawns() {
  const s = lettered.atHunt({ letters: true });
  const { pawn_letter_pawns: pawns, pawn_letter_alternative: alternative } = DEFAULT_RULES.parameters;
  return { ...s, night: 2, pawns: ['a', 'b', 'c', 'd', 'f'],
    parameters: { ...s.parameters, pawn_letter_pawns: pawns, pawn_letter_alternative: alternative } };
}

test('the pawn letter names the red, green or blue pawn; never yellow or brown (the defaults)', () => {
  const s = fivePawns();
  assert.deepEqual(pawnLetterPawns(s), [1, 2, 3]);
  for (const pawn of [0, 4, 5, -1, 'red']) {
    assert.equal(lettered.no(s, { type: 'move', to: 6, letter: 4, pawn }), 'the pawn letter names the red, green or blue pawn');
  }
});

test('the head sends the named pawn or the brown one, not their own', () => {
  const s = fivePawns();
  assert.deepEqual(goulstonPawns(s, 2), [2, 4]);
  const t = lettered.go(s, [{ type: 'move', to: 6, letter: 4, pawn: 2 }]);
  for (const pawn of [0, 1, 3]) assert.equal(lettered.no(t, { type: 'goulston', pawn }), 'send the green or brown pawn to Goulston Street');
  assert.deepEqual(lettered.go(t, [{ type: 'goulston', pawn: 4 }]).pawns, ['a', 'b', 'c', 'd', 'g']);
  assert.deepEqual(lettered.go(t, [{ type: 'goulston', pawn: 2 }]).pawns, ['a', 'b', 'g', 'd', 'f']);
});
