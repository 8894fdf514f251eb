// The Walton table's card words (tablecards.js): counts with the right noun, a card's quote without its speaker,
// and what is paid against an offer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paidText, quoteOf } from '../../site/engine/walton/tablecards.js';
import { andIn, countIn, waltonWords } from '../../site/engine/walton/messages.js';

const en = waltonWords('en');
const ja = waltonWords('ja');

test('a count takes the singular only for one (Japanese counts cards in 枚)', () => {
  assert.deepEqual([0, 1, 2, 11].map((n) => countIn(en, n, 'card')), ['0 cards', '1 card', '2 cards', '11 cards']);
  assert.equal(countIn(en, 1, 'reference'), '1 reference');
  assert.equal(countIn(en, 3, 'reference'), '3 references');
  assert.deepEqual([1, 3].map((n) => countIn(ja, n, 'card')), ['1枚', '3枚']);
});

test("a card's face shows what is said without the speaker's name in front", () => {
  const card = { speaker: 'Ivy the maid', text: 'Ivy the maid: “I saw nothing.”' };
  assert.equal(quoteOf(card), '“I saw nothing.”');
  assert.equal(quoteOf({ speaker: 'Ivy the maid', text: 'A torn note.' }), 'A torn note.', 'no prefix: the text as it is');
  assert.equal(quoteOf({ speaker: '', text: ': odd' }), ': odd');
  assert.equal(quoteOf({ speaker: 'メイドのアイビー', text: 'メイドのアイビー「何も見ておりません。」' }), '「何も見ておりません。」');
});

test('what is paid against an offer: not taken, short, or enough', () => {
  assert.equal(paidText(0, 3), 'not taken');
  assert.equal(paidText(2, 3), 'pay 2 of 3');
  assert.equal(paidText(3, 3), 'paid 3 of 3 ✓');
  assert.equal(paidText(5, 3), 'paid 5 of 3 ✓');
  assert.equal(paidText(2, 3, ja), '3のうち2を支払う');
  assert.equal(paidText(0, 3, ja), '受けない');
});

test('names in a sentence', () => {
  assert.deepEqual([[], ['Ann'], ['Ann', 'Bob'], ['Ann', 'Bob', 'Cy', 'Den']].map((names) => andIn(en, names)),
    ['', 'Ann', 'Ann and Bob', 'Ann, Bob, Cy and Den']);
  assert.equal(andIn(ja, ['アン', 'ボブ', 'サイ']), 'アン、ボブとサイ');
});
