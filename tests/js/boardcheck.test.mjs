// The browser's board checks: numbers worded as Python words them, the order problems are listed in, what the
// editor relies on (a file with reference errors is not drawn further), and the plane geometry underneath.
// Whether every message agrees with `gaslight check` is tests/boards/test_boardcheck_conformance.py's question.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkBoard, fmt, HUNT_NEEDS, nearestHome, round2, textIn, writtenNames } from '../../site/engine/editor/boardcheck.js';
import { interiorPoint } from '../../site/engine/editor/boardfaces.js';
import { areaFault, edgesMeet, Grid } from '../../site/engine/editor/boardgeom.js';

const NUMBERS = [
  // [value, Python's round(value, 2), its str() as messages write it]
  [0.125, 0.12, '0.12'], [0.375, 0.38, '0.38'], [-0.125, -0.12, '-0.12'], [2.675, 2.67, '2.67'],
  [20, 20, '20.0'], [-0, 0, '0.0'], [10 / 3, 3.33, '3.33'], [41.5, 41.5, '41.5'], [1e-7, 0, '0.0'], [1234.5678, 1234.57, '1234.57'],
];

test('numbers are rounded and written as Python rounds and writes them', () => {
  for (const [value, rounded, text] of NUMBERS) {
    assert.equal(round2(value), rounded, `round(${value}, 2)`);
    assert.equal(fmt(value), text, `fmt(${value})`);
  }
});

const TRIANGLE = {
  kind: 'board', id: 't', title: 'T', unit: 'mm', canvas: { width: 100, height: 100 }, tokens: { women: 1, patrols: 1 },
  circles: [{ number: 1, at: [10, 10], flags: ['red'] }, { number: 2, at: [90, 10] }],
  crossings: [{ id: 'k1', at: [50, 80], flags: ['yellow'] }],
  segments: [[1, 2], [2, 'k1'], ['k1', 1]],
};

const ONE_NIGHT = { ...HUNT_NEEDS, victims: [1] }; // one red circle serves a one-night hunt

test('a clean triangle has no problems', () => {
  assert.deepEqual(checkBoard(TRIANGLE, ONE_NIGHT), []);
});

test('a board on which the women run out before the last night is an error (issue 35)', () => {
  assert.deepEqual(checkBoard(TRIANGLE).map((p) => [p.severity, p.path, p.message, p.fix]), [['error', 'circles',
    'the hunt cannot finish on this board: it has 1 red circle and Jack kills 1 time before night 2; when each kill '
    + 'falls on a red circle, night 2 has no women pawn for Jack to kill and the game stops',
    "give the board at least 5 red circles (add 'flags: [red]')"]]);
});

test('a board whose red circles lie beyond a night\'s track of every other circle is an error (issue 35)', () => {
  // Circle 2, the only hideout, is one normal move from the red circle: out of reach of a track of 0 moves.
  const NO_TRACK = { ...ONE_NIGHT, track: 0 };
  assert.deepEqual(checkBoard(TRIANGLE, NO_TRACK).map((p) => [p.severity, p.path, p.message, p.fix]), [['error', 'circles',
    'the hunt cannot be won by Jack on this board: no circle that is not red (a hideout) lies within 0 normal moves '
    + 'of a red circle, the longest track of a night',
    'join the red circles to the rest of the map, or leave a circle near them without the red flag']]);
  assert.equal(nearestHome({
    circles: [{ ref: 1, red: true }, { ref: 2, red: true }, { ref: 3, red: false }],
    nodes: [{ ref: 1 }, { ref: 2 }, { ref: 3 }, { ref: 'k1' }, { ref: 'k2' }],
    segments: [{ a: 1, b: 'k1' }, { a: 'k1', b: 2 }, { a: 2, b: 'k2' }, { a: 'k2', b: 3 }],
  }, 19), 1);
});

test('a file whose references are wrong is not drawn further, as gaslight check stops there', () => {
  const broken = { ...TRIANGLE, segments: [...TRIANGLE.segments, [1, 'k9'], [1, 2]] };
  assert.deepEqual(checkBoard(broken).map((p) => [p.path, p.message]), [['segments[3][1]', "crossing 'k9' does not exist"]]);
});

test('problems are listed in file order: a key, then its items, then their parts', () => {
  const board = { ...TRIANGLE, tokens: undefined, circles: [...TRIANGLE.circles, { number: 4, at: [50, 10] }] };
  delete board.tokens;
  assert.deepEqual(checkBoard(board).map((p) => p.path), ['circles', 'circles', 'circles[2]', 'circles[2]', 'circles[2]', 'crossings']);
});

test('edges meet at a point, along a stretch, or not at all', () => {
  assert.deepEqual(edgesMeet([0, 0], [10, 10], [0, 10], [10, 0]), [[5, 5]]);
  assert.deepEqual(edgesMeet([0, 0], [10, 0], [5, 0], [20, 0]), [[5, 0], [10, 0]]);
  assert.deepEqual(edgesMeet([0, 0], [10, 0], [0, 1], [10, 1]), []);
  assert.deepEqual(edgesMeet([0, 0], [10, 0], [10, 0], [10, 5]), [[10, 0]]);
});

test('a district area fault names its lowest failing point', () => {
  assert.deepEqual(areaFault([[10, 10], [50, 70], [50, 10], [10, 70]]), ['self-intersection', [30, 40]]);
  assert.deepEqual(areaFault([[0, 0], [5, 0], [0, 0]]), ['fewer than three different corners', null]);
  assert.equal(areaFault([[0, 0], [10, 0], [10, 10]]), null);
});

test('the interior point of a block with a hole lies in the block, off the hole', () => {
  const square = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
  const hole = [[2, 4], [8, 4], [8, 6], [2, 6], [2, 4]];
  assert.deepEqual(interiorPoint([square]), [5, 5]);
  const [x, y] = interiorPoint([square, hole]);
  assert.ok(y < 4 || y > 6 || x < 2 || x > 8, `(${x}, ${y}) is in the hole`);
});

test('the grid finds the nearest other point and the points within a distance', () => {
  const points = [[0, 0], [3, 4], [100, 100], [101, 100]];
  const grid = Grid.ofPoints(points);
  assert.deepEqual(points.map((p, i) => grid.nearest(p, i)), [5, 5, 1, 1]);
  assert.deepEqual(grid.within([0, 0], 5).sort(), [0, 1]);
});

test('a name written per language is shown in the page language, and the pawn letter may name it in any', () => {
  assert.equal(textIn({ en: 'Quay', ja: '埠頭' }, 'ja'), '埠頭');
  assert.equal(textIn({ en: 'Quay', ja: '埠頭' }, 'fr'), 'Quay');
  assert.equal(textIn('Quay', 'ja'), 'Quay');
  assert.deepEqual(writtenNames({ en: 'Quay', ja: '埠頭' }), ['Quay', '埠頭']);
  const board = { ...TRIANGLE, title: { en: 'Triangle', ja: '三角' },
    places: [{ name: { en: 'Quay', ja: '埠頭' }, crossing: 'k1' }], letters: { pawn: '埠頭' } };
  assert.deepEqual(checkBoard(board, ONE_NIGHT).filter((p) => p.path.startsWith('letters')), []);
  const wrong = checkBoard({ ...board, letters: { pawn: 'Dock' } }, ONE_NIGHT).filter((p) => p.path === 'letters.pawn');
  assert.deepEqual(wrong.map((p) => p.message), ["place 'Dock' does not exist"]);
});
