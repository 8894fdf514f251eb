// Walton solo play: the seeded deck, asking about two references, the answer check.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { answerLine, answerRefused, ask, checkAnswer, newSolo, recordAnswer, references, soloOver } from '../../site/engine/walton/walton.js';

const hash = (text) => createHash('sha256').update(text).digest('hex');

const CARDS = [
  [1, ['ann']], [2, ['bob']], [3, ['den']], [4, ['ann', 'den']], [5, ['hall']], [6, []], [7, ['bob', 'hall']],
  [8, ['ann']], [9, []], [10, ['den']], [11, []], [12, ['ann']], [13, []], [14, []],
];

const CASE = {
  format: 'gaslight-walton/1', id: 'mini', title: 'Mini', difficulty: 'A',
  mansion: {
    suspects: [{ id: 'ann', name: 'Ann', motives: [{ id: 'money', name: 'Money' }] },
      { id: 'bob', name: 'Bob', motives: [{ id: 'envy', name: 'Envy' }] }],
    rooms: [{ id: 'den', name: 'Den' }, { id: 'hall', name: 'Hall' }],
    weapons: [{ id: 'knife', name: 'Knife', traces: ['cut'] }],
  },
  cards: CARDS.map(([number, refs]) => ({ number, type: 'fact', value: 1, refs, speaker: '', text: `card ${number}` })),
  answer_check: { salt: 'mini', sha256: hash('mini:ann|money|knife|-|-') },
};

test('references are the suspects then the rooms', () => {
  assert.deepEqual(references(CASE).map((r) => `${r.kind}:${r.id}`), ['suspect:ann', 'suspect:bob', 'room:den', 'room:hall']);
});

test('a new solo game deals six cards from a seeded shuffle', () => {
  const a = newSolo(CASE, 3);
  assert.equal(a.hand.length, 6);
  assert.equal(a.deck.length, 8);
  assert.deepEqual([...a.hand, ...a.deck].sort((x, y) => x - y), CARDS.map(([n]) => n));
  assert.deepEqual(newSolo(CASE, 3), a);
  assert.notDeepEqual(newSolo(CASE, 4).hand, a.hand);
  assert.throws(() => newSolo({ format: 'other' }), /not a Walton case export: expected format "gaslight-walton\/1"/);
});

test('asking deals up to three deck cards that mention either reference', () => {
  const solo = newSolo(CASE, 3);
  const r = ask(solo, CASE, 'ann', 'hall');
  assert.ok(r.ok);
  const byNumber = new Map(CASE.cards.map((c) => [c.number, c]));
  const expected = solo.deck.filter((n) => byNumber.get(n).refs.some((x) => x === 'ann' || x === 'hall')).slice(0, 3);
  assert.deepEqual(r.dealt, expected);
  assert.ok(r.dealt.length > 0);
  assert.equal(r.solo.turn, 1);
  assert.deepEqual(r.solo.hand, [...solo.hand, ...r.dealt]);
  assert.ok(r.dealt.every((n) => !r.solo.deck.includes(n)));
  assert.deepEqual(r.solo.asked, [['ann', 'hall']]);
});

test('with no matching card left, the player draws three', () => {
  const solo = { ...newSolo(CASE, 3), deck: [6, 9, 11, 13] };
  const r = ask(solo, CASE, 'bob', 'den');
  assert.deepEqual(r.dealt, [6, 9, 11]);
  assert.deepEqual(r.solo.deck, [13]);
});

const REFUSALS = [
  ['an unknown reference', ['ann', 'attic'], '"attic" is neither a suspect nor a room of this case'],
  ['the same reference twice', ['den', 'den'], 'name two different references'],
];

test('an empty deck is asked nothing, and the turn does not count', () => {
  const solo = { ...newSolo(CASE, 3), deck: [] };
  assert.deepEqual(ask(solo, CASE, 'ann', 'hall'), { ok: false, reason: 'the deck is empty: there is nothing left to ask about' });
});

test('a wrong answer sits out until the next question (the seed\'s rule with the app), so guesses cost turns', () => {
  const guess = { culprit: 'ann', motive: 'money', weapon: 'knife' };
  let solo = newSolo(CASE, 3);
  assert.equal(answerRefused(solo), null);
  solo = recordAnswer(solo, guess, false);
  assert.deepEqual(solo.answers, ['ann|money|knife|-|-']);
  assert.equal(answerRefused(solo), 'a wrong answer sits out: ask once more before you answer again');
  assert.equal(soloOver(solo), false);
  solo = ask(solo, CASE, 'ann', 'hall').solo;
  assert.equal(answerRefused(solo), null, 'one question later the player may answer again');
  solo = recordAnswer({ ...solo, deck: [] }, guess, false);
  assert.equal(answerRefused(solo), 'a wrong answer sits out, and the deck is empty: the case goes unsolved');
  assert.equal(soloOver(solo), true);
  const solved = recordAnswer(newSolo(CASE, 3), guess, true);
  assert.equal(solved.solved, true);
  assert.equal(soloOver(solved), true);
  assert.equal(answerRefused(solved), 'the case is solved');
  assert.deepEqual(ask(solved, CASE, 'ann', 'hall'), { ok: false, reason: 'the case is solved' });
});

for (const [what, [a, b], reason] of REFUSALS) {
  test(`refused: ${what}`, () => assert.deepEqual(ask(newSolo(CASE, 1), CASE, a, b), { ok: false, reason }));
}

test('the answer line matches the toolkit\'s format', () => {
  assert.equal(answerLine({ culprit: 'ann', motive: 'money', weapon: 'knife' }), 'ann|money|knife|-|-');
  assert.equal(answerLine({ culprit: 'ann', motive: 'money', weapon: 'knife', accomplice: 'bob', accompliceMotive: 'envy' }),
    'ann|money|knife|bob|envy');
  assert.equal(answerLine({ culprit: 'ann', motive: 'money', weapon: 'knife', accomplice: null, accompliceMotive: 'envy' }),
    'ann|money|knife|-|-');
});

test('answers are checked against the salted hash', async () => {
  assert.equal(await checkAnswer(CASE, { culprit: 'ann', motive: 'money', weapon: 'knife' }), true);
  assert.equal(await checkAnswer(CASE, { culprit: 'bob', motive: 'envy', weapon: 'knife' }), false);
  assert.equal(await checkAnswer(CASE, { culprit: 'ann', motive: 'money', weapon: 'knife', accomplice: 'bob', accompliceMotive: 'envy' }), false);
});
