// The Walton table game (seed 004): every phase, the two-player changes, and what each seat may see.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { act, answerDigest, newTable, prepare, toMove, view } from '../../site/engine/walton/table.js';

const hash = (text) => createHash('sha256').update(text).digest('hex');
const REFS = ['ann', 'bob', 'cy', 'den', 'hall', 'yard'];
// 40 cards: card n names REFS[n % 6] (and every fifth card a second one), worth 1 to 3.
const CARDS = Array.from({ length: 40 }, (_, i) => ({
  number: i + 1, type: 'fact', value: (i % 3) + 1, speaker: '', text: `card ${i + 1}`,
  refs: i % 5 === 4 ? [REFS[(i + 1) % 6], REFS[(i + 3) % 6]] : [REFS[(i + 1) % 6]],
}));
const CASE = {
  format: 'gaslight-walton/1', id: 'mini', title: 'Mini', difficulty: 'C',
  mansion: {
    suspects: ['ann', 'bob', 'cy'].map((id) => ({ id, name: id.toUpperCase(), motives: [{ id: 'money', name: 'Money' }] })),
    rooms: ['den', 'hall', 'yard'].map((id) => ({ id, name: `The ${id}` })),
    weapons: [{ id: 'knife', name: 'Knife', traces: ['cut'] }],
  },
  cards: CARDS,
  answer_check: { salt: 's4lt', sha256: hash('s4lt:ann|money|knife|-|-') },
};
const RIGHT = { culprit: 'ann', motive: 'money', weapon: 'knife' };
const WRONG = { culprit: 'bob', motive: 'money', weapon: 'knife' };
const GAME = prepare(CASE);

function play(state, game, ...moves) {
  let s = state;
  for (const move of moves) {
    const r = act(s, game, move);
    assert.ok(r.ok, `${JSON.stringify(move)}: ${r.reason}`);
    s = r.state;
  }
  return s;
}

const refsOf = (n) => CARDS[n - 1].refs;
const worth = (cards) => cards.reduce((sum, n) => sum + CARDS[n - 1].value, 0);
/** Every seat but the turn seat makes no offer; then the turn seat exchanges (draws). */
const quietTurn = (state, seat, targets = ['ann', 'den']) => {
  let s = play(state, GAME, { type: 'investigate', seat, targets });
  while (s.phase === 'offer') s = play(s, GAME, { type: 'offer', seat: toMove(s)[0], cards: [] });
  return play(s, GAME, { type: 'exchange', seat, payments: {} });
};

test('a table deals six cards a seat from a seeded shuffle, for 2 to 5 seats', () => {
  const table = newTable(GAME, ['A', 'B', 'C'], 7);
  assert.deepEqual(table.seats.map((s) => s.hand.length), [6, 6, 6]);
  assert.equal(table.deck.length, 40 - 18);
  assert.deepEqual([...table.seats.flatMap((s) => s.hand), ...table.deck].sort((a, b) => a - b), CARDS.map((c) => c.number));
  assert.deepEqual(newTable(GAME, ['A', 'B', 'C'], 7), table);
  assert.notDeepEqual(newTable(GAME, ['A', 'B', 'C'], 8).deck, table.deck);
  assert.throws(() => newTable(GAME, ['A'], 1), /a Walton table seats 2 to 5 players/);
  assert.throws(() => newTable(GAME, ['A', 'B', 'C', 'D', 'E', 'F'], 1), /a Walton table seats 2 to 5 players/);
  assert.deepEqual([table.phase, table.first, table.turn, toMove(table)], ['investigate', 0, 0, [0]]);
});

test('investigating names two different references of the case, on your own turn', () => {
  const table = newTable(GAME, ['A', 'B', 'C'], 1);
  const cases = [
    [{ type: 'investigate', seat: 1, targets: ['ann', 'den'] }, "it is not B's move"],
    [{ type: 'investigate', seat: 0, targets: ['ann'] }, 'name 2 references'],
    [{ type: 'investigate', seat: 0, targets: ['ann', 'ann'] }, 'name each reference once'],
    [{ type: 'investigate', seat: 0, targets: ['ann', 'attic'] }, 'that is neither a suspect nor a room of this case'],
    [{ type: 'offer', seat: 0, cards: [] }, 'now is the time to investigate, not to offer'],
  ];
  for (const [move, reason] of cases) assert.deepEqual(act(table, GAME, move), { ok: false, reason });
  for (const targets of [['ann', 'bob'], ['ann', 'den'], ['den', 'hall']]) {
    assert.ok(act(table, GAME, { type: 'investigate', seat: 0, targets }).ok, targets.join('+'));
  }
});

test('offers go counter-clockwise from the right of the turn seat, and name a target', () => {
  let table = newTable(GAME, ['A', 'B', 'C', 'D'], 2);
  table = play(table, GAME, { type: 'investigate', seat: 0, targets: ['ann', 'den'] });
  assert.deepEqual([table.phase, table.pending], ['offer', [3, 2, 1]]);
  const hand = table.seats[3].hand;
  const off = hand.find((n) => !refsOf(n).some((r) => ['ann', 'den'].includes(r)));
  const on = hand.filter((n) => refsOf(n).some((r) => ['ann', 'den'].includes(r)));
  assert.notEqual(off, undefined, 'seed 2 gives seat 3 a card naming neither');
  assert.deepEqual(act(table, GAME, { type: 'offer', seat: 3, cards: [off] }),
    { ok: false, reason: 'every card offered must show one of the named references' });
  assert.deepEqual(act(table, GAME, { type: 'offer', seat: 3, cards: [table.seats[2].hand[0]] }),
    { ok: false, reason: 'offer only cards from your hand' });
  assert.ok(on.length, 'seed 2 gives seat 3 a card naming ann or den');
  const single = play(table, GAME, { type: 'offer', seat: 3, cards: on.slice(0, 1) });
  assert.equal(single.log.at(-1), `D offers 1 card worth ${worth(on.slice(0, 1))}.`);
  table = play(table, GAME, { type: 'offer', seat: 3, cards: on });
  assert.deepEqual(table.offers, [{ seat: 3, cards: on, value: worth(on) }]);
  if (on.length > 1) assert.equal(table.log.at(-1), `D offers ${on.length} cards worth ${worth(on)}.`);
  const seen = view(table, 0).offers;  // face down: the turn seat sees the value and how many
  assert.deepEqual(seen, [{ seat: 3, value: worth(on), count: on.length }]);
  assert.deepEqual(view(table, 3).offers[0].cards, on);
  table = play(table, GAME, { type: 'offer', seat: 2, cards: [] }, { type: 'offer', seat: 1, cards: null });
  assert.equal(table.phase, 'exchange');
});

test('the turn seat pays each offer it takes with cards worth at least as much; the cards swap', () => {
  let table = newTable(GAME, ['A', 'B', 'C'], 2);
  table = play(table, GAME, { type: 'investigate', seat: 0, targets: ['ann', 'den'] });
  const on = table.seats[2].hand.filter((n) => refsOf(n).some((r) => ['ann', 'den'].includes(r)));
  table = play(table, GAME, { type: 'offer', seat: 2, cards: on }, { type: 'offer', seat: 1, cards: [] });
  const mine = [...table.seats[0].hand].sort((a, b) => CARDS[a - 1].value - CARDS[b - 1].value);
  const cheap = [mine[0]];
  assert.ok(worth(cheap) < worth(on), 'seed 2: one cheap card pays less than the offer');
  assert.deepEqual(act(table, GAME, { type: 'exchange', seat: 0, payments: { 2: cheap } }),
    { ok: false, reason: `an offer worth ${worth(on)} needs cards worth at least as much` });
  assert.deepEqual(act(table, GAME, { type: 'exchange', seat: 0, payments: { 1: [mine[0]] } }),
    { ok: false, reason: 'pay only for an offer that was made' });
  const pay = [];
  for (const n of mine.reverse()) if (worth(pay) < worth(on)) pay.push(n);
  const before = table.seats.map((s) => s.hand.length);
  table = play(table, GAME, { type: 'exchange', seat: 0, payments: { 2: pay } });
  assert.ok(on.every((n) => table.seats[0].hand.includes(n)) && pay.every((n) => table.seats[2].hand.includes(n)));
  assert.deepEqual(table.seats.map((s) => s.hand.length),
    [before[0] - pay.length + on.length, before[1], before[2] - on.length + pay.length]);
  assert.ok(on.every((n) => table.seats[0].seen.includes(n)), 'received cards are noted');
  assert.deepEqual([table.phase, table.turn], ['investigate', 1]);  // clockwise: the seat on the left
});

test('when nobody offers the turn seat draws three', () => {
  const table = quietTurn(newTable(GAME, ['A', 'B', 'C'], 3), 0);
  assert.equal(table.seats[0].hand.length, 9);
  assert.equal(table.deck.length, 40 - 18 - 3);
});

test('two players: four references, two cards drawn and discarded once noted, traded cards too', () => {
  let table = newTable(GAME, ['A', 'B'], 4);
  assert.deepEqual([table.rules.referencesPerTurn, table.rules.drawIfNoOffer, table.rules.twoPlayerDiscards], [4, 2, true]);
  assert.deepEqual(act(table, GAME, { type: 'investigate', seat: 0, targets: ['ann', 'den'] }),
    { ok: false, reason: 'name 4 references' });
  const drawn = table.deck.slice(0, 2);
  table = quietTurn(table, 0, ['ann', 'bob', 'den', 'hall']);
  assert.deepEqual([table.seats[0].hand.length, table.discard], [6, drawn]);
  assert.ok(drawn.every((n) => table.seats[0].seen.includes(n)));
  table = play(table, GAME, { type: 'investigate', seat: 1, targets: ['ann', 'bob', 'den', 'hall'] });
  const targets = ['ann', 'bob', 'den', 'hall'];
  const on = table.seats[0].hand.filter((n) => refsOf(n).some((r) => targets.includes(r))).slice(0, 1);
  table = play(table, GAME, { type: 'offer', seat: 0, cards: on });
  const pay = [...table.seats[1].hand].sort((a, b) => CARDS[b - 1].value - CARDS[a - 1].value).slice(0, 1);
  table = play(table, GAME, { type: 'exchange', seat: 1, payments: { 0: pay } });
  assert.deepEqual(table.seats.map((s) => s.hand.length), [5, 5]);
  assert.deepEqual(table.discard, [...drawn, ...on, ...pay]);
  assert.ok(table.seats[1].seen.includes(on[0]) && table.seats[0].seen.includes(pay[0]));
});

test('after every turn all choose together; the choices stay hidden until all have chosen', () => {
  let table = newTable(GAME, ['A', 'B', 'C'], 5);
  for (const seat of [0, 1, 2]) table = quietTurn(table, seat);
  assert.deepEqual([table.phase, toMove(table)], ['solve', [0, 1, 2]]);
  table = play(table, GAME, { type: 'solve', seat: 1, solve: true });
  assert.deepEqual(view(table, 0).choices, {});
  assert.deepEqual(view(table, 1).choices, { 1: true });
  table = play(table, GAME, { type: 'solve', seat: 0, solve: false }, { type: 'solve', seat: 2, solve: false });
  assert.deepEqual([table.phase, toMove(table)], ['answer', [1]]);
  assert.deepEqual(view(table, 0).choices, { 0: false, 1: true, 2: false });
});

test('nobody solves: everyone keeps three, refills to six, and the first-player marker passes right', () => {
  let table = newTable(GAME, ['A', 'B', 'C'], 6);
  for (const seat of [0, 1, 2]) table = quietTurn(table, seat);
  table = play(table, GAME, ...[0, 1, 2].map((seat) => ({ type: 'solve', seat, solve: false })));
  assert.deepEqual([table.phase, toMove(table)], ['discard', [0, 1, 2]]);
  assert.deepEqual(act(table, GAME, { type: 'discard', seat: 0, cards: table.seats[0].hand.slice(0, 2) }),
    { ok: false, reason: 'keep exactly 3 cards' });
  for (const seat of [0, 1, 2]) {
    const hand = table.seats[seat].hand;
    table = play(table, GAME, { type: 'discard', seat, cards: hand.slice(3) });
  }
  assert.deepEqual(table.seats.map((s) => s.hand.length), [6, 6, 6]);
  assert.deepEqual([table.phase, table.round, table.first, table.turn], ['investigate', 2, 2, 2]);
  assert.equal(table.discard.length, 9 * 3 - 9);
});

test('a right answer wins; a wrong one is out with the hand face up, and the rest may solve again', async () => {
  let table = newTable(GAME, ['A', 'B', 'C'], 7);
  for (const seat of [0, 1, 2]) table = quietTurn(table, seat);
  table = play(table, GAME, { type: 'solve', seat: 0, solve: true }, { type: 'solve', seat: 1, solve: true },
    { type: 'solve', seat: 2, solve: false });
  assert.deepEqual(act(table, GAME, { type: 'answer', seat: 0, digest: null }),
    { ok: false, reason: 'give the answer as its digest (answerDigest)' });
  const wrong = play(table, GAME, { type: 'answer', seat: 0, digest: await answerDigest(CASE.answer_check, WRONG) },
    { type: 'answer', seat: 1, digest: await answerDigest(CASE.answer_check, WRONG) });
  assert.deepEqual(wrong.seats.map((s) => s.out), [true, true, false]);
  assert.deepEqual([wrong.phase, toMove(wrong)], ['solve', [2]]);
  assert.deepEqual(view(wrong, 2).seats[0].hand, wrong.seats[0].hand, 'an eliminated hand lies face up');
  const right = play(table, GAME, { type: 'answer', seat: 0, digest: await answerDigest(CASE.answer_check, RIGHT) },
    { type: 'answer', seat: 1, digest: await answerDigest(CASE.answer_check, RIGHT) });
  assert.deepEqual([right.phase, right.winners], ['over', [0, 1]]);
  assert.deepEqual(act(right, GAME, { type: 'solve', seat: 2, solve: true }), { ok: false, reason: 'the game is over' });
});

test('the last seat in play has nobody to offer: it goes straight to the exchange and draws', async () => {
  let table = newTable(GAME, ['A', 'B', 'C'], 7);
  for (const seat of [0, 1, 2]) table = quietTurn(table, seat);
  const digest = await answerDigest(CASE.answer_check, WRONG);
  table = play(table, GAME, { type: 'solve', seat: 0, solve: true }, { type: 'solve', seat: 1, solve: true },
    { type: 'solve', seat: 2, solve: false }, { type: 'answer', seat: 0, digest }, { type: 'answer', seat: 1, digest },
    { type: 'solve', seat: 2, solve: false });
  table = play(table, GAME, { type: 'discard', seat: 2, cards: table.seats[2].hand.slice(3) });
  assert.deepEqual([table.phase, toMove(table)], ['investigate', [2]]);
  table = play(table, GAME, { type: 'investigate', seat: 2, targets: ['ann', 'den'] });
  assert.deepEqual([table.phase, toMove(table)], ['exchange', [2]]);
  const drawn = play(table, GAME, { type: 'exchange', seat: 2, payments: {} });
  assert.equal(drawn.seats[2].hand.length, 9);
});

test('everyone wrong: the case goes unsolved', async () => {
  let table = newTable(GAME, ['A', 'B'], 8);
  for (const seat of [0, 1]) table = quietTurn(table, seat, ['ann', 'bob', 'den', 'hall']);
  const digest = await answerDigest(CASE.answer_check, WRONG);
  table = play(table, GAME, { type: 'solve', seat: 0, solve: true }, { type: 'solve', seat: 1, solve: true },
    { type: 'answer', seat: 0, digest }, { type: 'answer', seat: 1, digest });
  assert.deepEqual([table.phase, table.winners, table.log.at(-1)], ['over', [], 'Everyone is out: the case goes unsolved.']);
});

test('with the app, a wrong solver stays in and sits out the next solution phase only', async () => {
  const game = prepare(CASE, { appCheck: true });
  let table = newTable(game, ['A', 'B', 'C'], 9);
  const turns = (state) => [0, 1, 2].reduce((s, seat) => {
    let t = play(s, game, { type: 'investigate', seat: (s.first + seat) % 3, targets: ['ann', 'den'] });
    while (t.phase === 'offer') t = play(t, game, { type: 'offer', seat: toMove(t)[0], cards: [] });
    return play(t, game, { type: 'exchange', seat: t.turn, payments: {} });
  }, state);
  const keep = (state) => state.pending.reduce((s, seat) => play(s, game, { type: 'discard', seat, cards: s.seats[seat].hand.slice(3) }), state);
  table = turns(table);
  table = play(table, game, { type: 'solve', seat: 0, solve: true }, { type: 'solve', seat: 1, solve: false },
    { type: 'solve', seat: 2, solve: false }, { type: 'answer', seat: 0, digest: await answerDigest(CASE.answer_check, WRONG) });
  assert.deepEqual([table.phase, table.seats[0].out], ['discard', false]);
  assert.equal(view(table, 1).seats[0].hand, undefined, 'the hand stays secret');
  table = turns(keep(table));
  assert.deepEqual([table.phase, toMove(table)], ['solve', [1, 2]]);
  table = play(table, game, { type: 'solve', seat: 1, solve: false }, { type: 'solve', seat: 2, solve: false });
  table = turns(keep(table));
  assert.deepEqual(toMove(table), [0, 1, 2]);
});

test('an empty deck takes the shuffled discards and lays three cards face up', () => {
  let table = newTable(GAME, ['A', 'B', 'C', 'D', 'E'], 10);  // 30 dealt, 10 left
  table = { ...table, discard: table.deck.slice(4), deck: table.deck.slice(0, 4) };
  table = quietTurn(table, 0);  // draws 3 of 4
  table = quietTurn(table, 1);  // draws the last, then the reshuffled discards
  assert.equal(table.faceUp.length, 3);
  assert.equal(table.seats[1].hand.length, 9);
  assert.equal(table.deck.length + table.faceUp.length + 2, 6);
  assert.ok(table.log.includes('The deck ran out: the discards were shuffled into a new deck and 3 cards laid face up.'));
});

test('no seat sees another seat\'s hand, the deck, the RNG or the answer', () => {
  let table = newTable(GAME, ['A', 'B', 'C'], 11);
  table = play(table, GAME, { type: 'investigate', seat: 0, targets: ['ann', 'den'] });
  for (const seat of [0, 1, 2]) {
    const seen = view(table, seat);
    const text = JSON.stringify(seen);
    assert.ok(!('rng' in seen) && !text.includes('sha256') && !text.includes('s4lt'));
    assert.equal(seen.deck, table.deck.length);
    for (const other of [0, 1, 2]) {
      if (other === seat) assert.deepEqual(seen.seats[other].hand, table.seats[other].hand);
      else assert.deepEqual([seen.seats[other].hand, seen.seats[other].cards], [undefined, 6]);
    }
  }
});

/** A subset of `hand` worth exactly `value`, or null. */
function worthExactly(hand, value) {
  for (let mask = 1; mask < 1 << hand.length; mask += 1) {
    const pick = hand.filter((_, i) => mask & (1 << i));
    if (worth(pick) === value) return pick;
  }
  return null;
}

test('an offer is paid with cards worth exactly its value; one point short is refused (seed 004)', () => {
  let checked = 0;
  for (let seed = 1; seed < 40 && checked < 3; seed += 1) {
    let table = play(newTable(GAME, ['A', 'B', 'C'], seed), GAME, { type: 'investigate', seat: 0, targets: ['ann', 'den'] });
    const on = table.seats[2].hand.filter((n) => refsOf(n).some((r) => ['ann', 'den'].includes(r)));
    if (!on.length) continue;
    table = play(table, GAME, { type: 'offer', seat: 2, cards: on }, { type: 'offer', seat: 1, cards: [] });
    const exact = worthExactly(table.seats[0].hand, worth(on));
    const short = worthExactly(table.seats[0].hand, worth(on) - 1);
    if (!exact || !short || worth(on) < 2) continue;
    assert.deepEqual(act(table, GAME, { type: 'exchange', seat: 0, payments: { 2: short } }),
      { ok: false, reason: `an offer worth ${worth(on)} needs cards worth at least as much` });
    assert.ok(act(table, GAME, { type: 'exchange', seat: 0, payments: { 2: exact } }).ok, `seed ${seed}: exact payment`);
    checked += 1;
  }
  assert.equal(checked, 3, 'three deals found with an exact and a one-short payment');
});

test('the turn seat draws only when nobody offered: declining every offer draws nothing', () => {
  let table = play(newTable(GAME, ['A', 'B', 'C'], 2), GAME, { type: 'investigate', seat: 0, targets: ['ann', 'den'] });
  const on = table.seats[2].hand.filter((n) => refsOf(n).some((r) => ['ann', 'den'].includes(r)));
  assert.ok(on.length, 'seed 2: seat 2 has a card to offer');
  table = play(table, GAME, { type: 'offer', seat: 2, cards: on }, { type: 'offer', seat: 1, cards: [] });
  const hands = table.seats.map((s) => [...s.hand]);
  const deck = table.deck.length;
  table = play(table, GAME, { type: 'exchange', seat: 0, payments: {} });
  assert.deepEqual([table.seats.map((s) => s.hand), table.deck.length], [hands, deck]);
  assert.deepEqual([table.phase, table.turn], ['investigate', 1]);
});
