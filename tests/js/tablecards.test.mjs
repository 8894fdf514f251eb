// The Walton table's card words (tablecards.js): counts with the right noun, a card's quote without its speaker,
// and what is paid against an offer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listed, paidText, plural, quoteOf } from '../../site/engine/walton/tablecards.js';

test('a count takes the singular only for one', () => {
  assert.deepEqual([0, 1, 2, 11].map((n) => plural(n, 'card')), ['0 cards', '1 card', '2 cards', '11 cards']);
  assert.equal(plural(1, 'reference'), '1 reference');
  assert.equal(plural(3, 'reference'), '3 references');
});

test("a card's face shows what is said without the speaker's name in front", () => {
  const card = { speaker: 'Ivy the maid', text: 'Ivy the maid: “I saw nothing.”' };
  assert.equal(quoteOf(card), '“I saw nothing.”');
  assert.equal(quoteOf({ speaker: 'Ivy the maid', text: 'A torn note.' }), 'A torn note.', 'no prefix: the text as it is');
  assert.equal(quoteOf({ speaker: '', text: ': odd' }), ': odd');
});

test('what is paid against an offer: not taken, short, or enough', () => {
  assert.equal(paidText(0, 3), 'not taken');
  assert.equal(paidText(2, 3), 'pay 2 of 3');
  assert.equal(paidText(3, 3), 'paid 3 of 3 ✓');
  assert.equal(paidText(5, 3), 'paid 5 of 3 ✓');
});

test('names in a sentence', () => {
  assert.deepEqual([[], ['Ann'], ['Ann', 'Bob'], ['Ann', 'Bob', 'Cy', 'Den']].map(listed), ['', 'Ann', 'Ann and Bob', 'Ann, Bob, Cy and Den']);
});
