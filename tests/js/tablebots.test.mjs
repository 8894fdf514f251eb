// Bots at the Walton table (tablebots.js) on a bundled case: legal play to a right answer, moves from the seat's
// own view only, solving when the cards seen fix the answer, paying with the cheapest cards.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { answers, casebook, likeliest } from '../../site/engine/walton/deduce.js';
import { act, newTable, prepare, toMove, view } from '../../site/engine/walton/table.js';
import { botMove, cardsSeen, cheapestCovering, knowledge, verdict } from '../../site/engine/walton/tablebots.js';
import { playtest, playTable } from '../../site/engine/walton/tableplay.mjs';

const CASE = JSON.parse(readFileSync(new URL('./fixtures/walton-the-bolted-door.json', import.meta.url), 'utf8'));
const GAME = prepare(CASE);
const BOOK = casebook(CASE);
const ALL = CASE.cards.map((c) => c.number);

test('four bots play the case to the end, every move legal, and a solver names the right answer', async () => {
  for (const seed of [1, 2, 3]) {
    const played = await playTable(GAME, BOOK, 4, seed);
    assert.equal(played.state.phase, 'over');
    assert.ok(played.solved, `seed ${seed}: ${played.state.log.slice(-3).join(' ')}`);
    assert.ok(played.seenAtSolve >= 6 && played.seenAtSolve <= ALL.length);
  }
});

test('the playtest report counts games, solutions, rounds and wrong answers', async () => {
  const report = await playtest(CASE, { seats: 3, games: 4, seed: 5 });
  assert.deepEqual(Object.keys(report).sort(), ['case', 'games', 'rounds', 'seats', 'seed', 'seen_at_solve', 'solved',
    'stalled', 'unsolved', 'wrong_solves']);
  assert.equal(report.solved + report.unsolved + report.stalled, 4);
  for (const table of [report.rounds, report.seen_at_solve]) assert.equal(Object.values(table).reduce((a, b) => a + b, 0), report.solved);
  assert.deepEqual(await playtest(CASE, { seats: 3, games: 4, seed: 5 }), report, 'same seed, same games');
});

test('a bot reads only its own view: other hands and the deck order do not change its move', async () => {
  let state = newTable(GAME, ['A', 'B', 'C'], 11);
  for (let i = 0; i < 30; i += 1) {
    const seat = toMove(state)[0];
    const own = view(state, seat);
    const others = state.seats.map((s, j) => (j === seat ? s : { ...s, hand: [...s.hand].reverse(), seen: [] }));
    const shuffled = { ...state, seats: others, deck: [...state.deck].reverse() };
    assert.deepEqual(view(shuffled, seat), own);
    const move = await botMove(own, GAME, BOOK);
    assert.deepEqual(await botMove(view(shuffled, seat), GAME, BOOK), move);
    const result = act(state, GAME, move);
    assert.ok(result.ok, result.reason);
    state = result.state;
  }
});

test('with every card seen a bot solves, and answers with the digest of the right answer', async () => {
  const table = newTable(GAME, ['A', 'B'], 3);
  const seenAll = { ...table, phase: 'solve', pending: [0, 1],
    seats: table.seats.map((s, i) => (i === 0 ? { ...s, seen: ALL } : s)) };
  assert.deepEqual(answers(BOOK, ALL).length, 1);
  assert.equal((await botMove(view(seenAll, 0), GAME, BOOK)).solve, true);
  assert.equal((await botMove(view(seenAll, 1), GAME, BOOK)).solve, false, 'six cards prove nothing');
  const move = await botMove(view({ ...seenAll, phase: 'answer', pending: [0] }, 0), GAME, BOOK);
  assert.equal(move.digest, CASE.answer_check.sha256);
});

test('one answer left: a careful bot still waits while a suspect it has barely heard of is open; a bold one solves', async () => {
  const table = newTable(GAME, ['A', 'B'], 3);
  let rng = 12345;
  const pick = () => { rng = (rng * 1103515245 + 12345) % 2 ** 31; return rng; };
  const outcomes = new Set();
  for (let trial = 0; trial < 300 && outcomes.size < 2; trial += 1) {
    const share = 50 + (trial % 48); // half the deck to nearly all of it
    const seen = ALL.filter(() => pick() % 100 < share);
    const state = { ...table, phase: 'solve', pending: [0], seats: table.seats.map((s, i) => (i === 0 ? { ...s, seen } : s)) };
    const known = knowledge(view(state, 0), BOOK);
    if (known.answers.length !== 1 || known.open.culprit.length === 1) continue;
    const careful = (await botMove(view(state, 0), GAME, BOOK)).solve;
    assert.equal((await botMove(view(state, 0), GAME, BOOK, { careful: 0 })).solve, true);
    const heard = (id) => seen.filter((n) => GAME.cards.get(n).refs.includes(id)).length;
    const fade = Math.min(1, 2 * (1 - seen.length / ALL.length));
    const barely = known.open.culprit.some((id) => id !== known.answers[0].culprit && heard(id) < 6 * fade);
    if (barely) assert.equal(careful, false);
    outcomes.add(careful);
  }
  assert.deepEqual([...outcomes].sort(), [false, true], 'hands of both kinds were tried');
});

test("cards seen: a seat's notes, the face-up cards and the hands of seats that are out", () => {
  const table = newTable(GAME, ['A', 'B', 'C'], 4);
  const state = { ...table, faceUp: [ALL[69]], seats: table.seats.map((s, i) => (i === 2 ? { ...s, out: true } : s)) };
  const seen = cardsSeen(view(state, 0));
  assert.deepEqual(seen, [...new Set([...table.seats[0].hand, ...table.seats[2].hand, ALL[69]])].sort((a, b) => a - b));
});

test('paying: the cheapest set of cards worth enough, fewest cards on a tie', () => {
  const game = { cards: new Map([[1, { value: 1 }], [2, { value: 2 }], [3, { value: 3 }], [4, { value: 1 }]]) };
  const cases = [[[1, 2, 3, 4], 3, [3]], [[1, 2, 4], 3, [1, 2]], [[1, 2, 3, 4], 2, [2]], [[1, 4], 3, null], [[3], 1, [3]], [[1, 2, 3, 4], 7, [1, 2, 3, 4]]];
  for (const [hand, value, paid] of cases) {
    const got = cheapestCovering(hand, value, game);
    assert.deepEqual(got && [...got].sort(), paid, `${hand} for ${value}`);
  }
});

test('the likeliest answer over the whole deck is the answer, with all the guarantees promise', () => {
  const best = likeliest(BOOK, ALL);
  assert.deepEqual([best.answers, best.support], [answers(BOOK, ALL), 4]);
  const few = likeliest(BOOK, ALL.slice(0, 10));
  assert.ok(few.support < 4 && few.answers.length > 1);
});

test('with nothing left to draw and no answer meeting the guarantees, a bot gives its best supported guess', () => {
  const table = newTable(GAME, ['A', 'B'], 3);
  const kinds = new Set();
  const motives = CASE.cards.filter((c) => c.type === 'motive').map((c) => c.number);
  const gaps = [...ALL.map((n) => [n]), ...motives.flatMap((a, i) => motives.slice(i + 1).map((b) => [a, b]))];
  for (const missing of gaps) { // every card seen but one or two, nothing left to draw
    const seen = ALL.filter((n) => !missing.includes(n));
    const stuck = { ...table, phase: 'solve', pending: [0], deck: [], discard: [],
      seats: table.seats.map((s, i) => (i === 0 ? { ...s, seen } : s)) };
    const strict = answers(BOOK, seen);
    const guess = likeliest(BOOK, seen).answers;
    const expected = strict.length === 1 ? strict[0] : (!strict.length && guess.length === 1 ? guess[0] : null);
    assert.deepEqual(verdict(view(stuck, 0), GAME, BOOK, 6), expected, `cards ${missing} unseen`);
    if (!strict.length) {
      kinds.add(guess.length === 1 ? 'guess' : 'wait');
      const drawable = { ...stuck, deck: missing };
      assert.equal(verdict(view(drawable, 0), GAME, BOOK, 6), null, 'a card can still be drawn: keep investigating');
    }
  }
  assert.deepEqual([...kinds].sort(), ['guess', 'wait']);
});
