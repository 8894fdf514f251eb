// The site's scoring calculators must agree with the Python scoring (the reference):
// both replay the same hand-derived fixtures in tests/decks/fixtures/*.json.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as rummy from '../../site/assets/calculators/rummy.js';
import * as twentyfour from '../../site/assets/calculators/twentyfour.js';

const read = (name) => JSON.parse(readFileSync(new URL(`../decks/fixtures/${name}`, import.meta.url), 'utf8'));
const RUMMY = read('rummy_scoring.json');
const TWENTYFOUR = read('twentyfour_scoring.json');

test('the fixture files are the scoring fixtures, with cases in them', () => {
  assert.equal(RUMMY.format, 'gaslight-scoring-fixtures/1');
  assert.equal(TWENTYFOUR.format, 'gaslight-scoring-fixtures/1');
  assert.ok(RUMMY.cases.length >= 8 && RUMMY.errors.length >= 6);
  assert.ok(TWENTYFOUR.cases.length >= 9 && TWENTYFOUR.errors.length >= 3);
});

for (const c of RUMMY.cases) {
  test(`rummy: ${c.name}`, () => {
    assert.deepEqual(rummy.scoreHand(c.hand, c.rules || {}), c.expect);
  });
}

for (const c of RUMMY.errors) {
  test(`rummy refuses: ${c.name}`, () => {
    assert.throws(() => rummy.scoreHand(c.hand), (error) => error instanceof rummy.ScoringError && error.message === c.error);
  });
}

for (const c of TWENTYFOUR.cases) {
  test(`24: ${c.name}`, () => {
    assert.deepEqual(twentyfour.scoreGame(c.game, c.rules || {}), c.expect);
  });
}

for (const c of TWENTYFOUR.errors) {
  test(`24 refuses: ${c.name}`, () => {
    assert.throws(() => twentyfour.scoreGame(c.game), (error) => error instanceof twentyfour.ScoringError && error.message === c.error);
  });
}

test('24: death points', () => {
  for (const c of TWENTYFOUR.death_points) {
    if (c.error) {
      assert.throws(() => twentyfour.deathPoints(c.first_place_value, c.incident_number, c.rules), { message: c.error });
    } else {
      assert.equal(twentyfour.deathPoints(c.first_place_value, c.incident_number, c.rules), c.expect);
    }
  }
});

test('rummy: the game ends at the target; a tie at the top plays on', () => {
  assert.equal(rummy.gameWinner({ Ann: 104, Bob: 98 }), 'Ann');
  assert.equal(rummy.gameWinner({ Ann: 104, Bob: 104 }), null);
  assert.equal(rummy.gameWinner({ Ann: 99 }), null);
  assert.equal(rummy.gameWinner({ Ann: 60, Bob: 20 }, { game_target: 50 }), 'Ann');
});

test('rummy: card codes read kinds, suspects, points from the deck and repeats', () => {
  const points = { evidence: 5, letter: 3, escape: 35 };
  assert.deepEqual(rummy.parseCards('e:crimson*2 e:teal:4 l x', points), [
    { kind: 'evidence', points: 5, suspect: 'crimson' },
    { kind: 'evidence', points: 5, suspect: 'crimson' },
    { kind: 'evidence', points: 4, suspect: 'teal' },
    { kind: 'letter', points: 3 },
    { kind: 'escape', points: 35 },
  ]);
  assert.throws(() => rummy.parseCards('q:crimson'), { message: "unknown card code 'q:crimson'" });
});

test('24: incident codes read suit, value and repeats', () => {
  assert.deepEqual(twentyfour.parseIncidents('blast:4, siege:3*2'), [
    { suit: 'blast', value: 4 }, { suit: 'siege', value: 3 }, { suit: 'siege', value: 3 },
  ]);
  assert.throws(() => twentyfour.parseIncidents('blast'), { message: "unknown incident code 'blast' (write suit:value, for example blast:4)" });
});

test('24: the set bonus places assists where they add most', () => {
  const coop = [{ suit: 'siege', value: 2 }, { suit: 'siege', value: 3 }, { suit: 'blast', value: 3 }];
  assert.equal(twentyfour.setBonus(coop, 2), 4);
  assert.equal(twentyfour.setBonus(coop, 4), 7);
  assert.equal(twentyfour.setBonus(coop, 4, { assists_join_sets: false }), 0);
});
