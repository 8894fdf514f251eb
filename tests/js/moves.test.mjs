// The move geometry and the move checks on the ladder fixture, table-driven.
//
//   1 - a - 2 - b - 3
//   |     \ |       |
//   c       d       e
//   |       |       |
//   4 - f - 5 - g - 6
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoardError, loadBoard } from '../../site/engine/hunt/board.js';
import {
  checkAlley, checkCoach, checkJackNormal, checkPoliceMove, perNight, rulesFrom, timeLabel, timeSpaces, womanTargets,
} from '../../site/engine/hunt/rules.js';
import { boardJson, ladder } from './helpers.mjs';
import { englishReason } from '../../site/engine/hunt/reasons.js';

const board = ladder();

const NORMAL = [
  // [from, police, expected]
  [1, [], [2, 4, 5]],
  [1, ['a'], [4]],
  [1, ['d'], [2, 4]],
  [2, ['d'], [1, 3]],
  [2, ['a', 'd'], [3]],
  [5, ['d', 'f', 'g'], []],
  [6, ['k9'], [3, 5]],
];

for (const [from, police, expected] of NORMAL) {
  test(`normal move from ${from} with police on [${police}]`, () => {
    assert.deepEqual(board.jackNormal(from, new Set(police)), expected);
  });
}

const GEOMETRY = [
  ['coach ends from 1', () => board.coachEnds(1), [2, 3, 4, 5, 6]],
  ['coach ends from 3', () => board.coachEnds(3), [1, 5]],
  ['coach vias 1 → 6', () => board.coachVias(1, 6), [5]],
  ['coach vias 1 → 5', () => board.coachVias(1, 5), [2, 4]],
  ['alleys from 1', () => board.alleys(1), [4, 5]],
  ['alleys from 5', () => board.alleys(5), [1, 2, 3, 4, 6]],
  ['police from a', () => board.policeMoves('a', []), ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
  ['police from e with others on b and g', () => board.policeMoves('e', ['b', 'g']), ['a', 'd', 'e', 'f']],
  ['police from c, passing a', () => board.policeMoves('c', ['a']), ['b', 'c', 'd', 'f', 'g']],
  ['search from d', () => board.search('d'), [2, 5]],
  ['adjacent circles of 5', () => board.adjacent(5), [1, 2, 4, 6]],
];

for (const [what, run, expected] of GEOMETRY) {
  test(what, () => assert.deepEqual(run(), expected));
}

const CHECKS = [
  ['a normal move to a crossing', () => checkJackNormal(board, 1, 'a', new Set()), '"a" is not a circle on this board'],
  ['a normal move that is legal', () => checkJackNormal(board, 1, 5, new Set(['c'])), null],
  ['a coach naming a crossing', () => checkCoach(board, 1, 'a', 3), 'a coach names two circles: the one passed and the one reached'],
  ['a legal coach past police', () => checkCoach(board, 1, 2, 3), null],
  ['an alley to a circle off the blocks', () => checkAlley(board, 1, 3), 'circle 3 does not share a block with 1'],
  ['a police move to a circle', () => checkPoliceMove(board, 'a', 2, []), '2 is not a crossing on this board'],
  ['a police move that stays', () => checkPoliceMove(board, 'a', 'a', ['e']), null],
];

// The checks say why as data (reasons.js); the English wording is its rendering.
const english = (reason) => (reason === null ? null : englishReason(board, reason));

for (const [what, run, expected] of CHECKS) {
  test(`check: ${what}`, () => assert.equal(english(run()), expected));
}

const WOMEN = [
  // [from, patrols, occupied, scenes, expected]
  [1, [], [], [], [2, 4, 5]],
  [1, ['a'], [], [], [4]],
  [1, ['c'], [], [], [2, 5]],
  [1, [], [2], [5], [4]],
  [5, ['b'], [], [], [1, 4, 6]],
  [5, ['e'], [], [], [1, 2, 4]],
];

for (const [from, patrols, occupied, scenes, expected] of WOMEN) {
  test(`wretched on ${from}, patrols [${patrols}], others [${occupied}], scenes [${scenes}]`, () => {
    assert.deepEqual(womanTargets(board, from, { patrols, occupied, scenes }), expected);
  });
}

test('per-night values repeat their last entry', () => {
  assert.deepEqual([1, 2, 3, 4, 5].map((n) => perNight([3, 2, 2, 1], n)), [3, 2, 2, 1, 1]);
  assert.equal(perNight(7, 3), 7);
});

test('rules merge over the defaults; the time of the crime as a count or labels', () => {
  const r = rulesFrom({ parameters: { moves_per_night: 17 }, options: { letters: true } });
  assert.equal(r.parameters.moves_per_night, 17);
  assert.equal(r.parameters.nights, 4);
  assert.equal(r.options.letters, true);
  assert.equal(r.options.false_clues, false);
  assert.equal(timeSpaces({ time_of_crime_spaces: ['V', 'IV', 'III', 'II', 'I'] }), 5);
  assert.equal(timeLabel({ time_of_crime_spaces: ['V', 'IV', 'III', 'II', 'I'] }, 0), 'I');
  assert.equal(timeLabel({ time_of_crime_spaces: ['V', 'IV', 'III', 'II', 'I'] }, 4), 'V');
  assert.equal(timeLabel({ time_of_crime_spaces: 5 }, 1), '2 of 5');
});

test('a file that is not a board export is refused', () => {
  assert.throws(() => loadBoard({ format: 'gaslight-vectors/1' }),
    (err) => err instanceof BoardError && err.message === 'not a board export: expected format "gaslight-board/1", got "gaslight-vectors/1"');
});

test('police moves of other lengths', () => {
  assert.deepEqual(board.policeMoves('a', [], 0), ['a']);
  assert.deepEqual(board.policeMoves('a', ['b'], 1), ['a', 'c', 'd']);
  assert.deepEqual(board.policeMoves('e', [], 3), board.crossings);
  assert.equal(english(checkPoliceMove(board, 'e', 'c', [], 2)), 'the crossing by 1 and 4 is more than two crossings from the crossing by 3 and 6');
});

test('players name a crossing by its place, the circles beside it, or the nearest circle (never its id)', () => {
  const b = ladder();
  assert.equal(b.crossingName('g'), 'Goulston Street');
  assert.equal(b.crossingName('a'), 'the crossing by 1 and 2');
  const lone = loadBoard(boardJson({ circles: [1, 2, 3], crossings: ['k1', 'k2'], segments: [[1, 'k1'], ['k1', 'k2'], ['k2', 2]] }));
  assert.equal(lone.crossingName('k1'), 'the crossing by 1');
  const bare = loadBoard(boardJson({ circles: [1, 2], crossings: ['k1', 'k2', 'k3'], segments: [['k1', 'k2'], ['k2', 'k3']] }));
  assert.equal(bare.crossingName('k2'), 'the crossing near 2', 'k2 is drawn at (15, 5), nearest to circle 2 at (10, 0)');
});
