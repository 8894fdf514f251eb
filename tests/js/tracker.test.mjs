// The possible-position tracker is exact: on random nights it returns precisely the end circles
// of every route (brute-force enumeration) consistent with the public observations.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadBoard } from '../../site/engine/hunt/board.js';
import { Rng, seedRng } from '../../site/engine/common/rng.js';
import { possiblePositions, Tracker } from '../../site/engine/hunt/tracker.js';
import { grid, ladder } from './helpers.mjs';

const small30 = () => loadBoard(JSON.parse(readFileSync(new URL('./fixtures/small30.board.json', import.meta.url), 'utf8')));

function movesOf(board, kind, pos, police) {
  if (kind === 'normal') return board.jackNormal(pos, new Set(police)).map((to) => [to]);
  if (kind === 'alley') return board.alleys(pos).map((to) => [to]);
  const out = [];
  for (const via of board.adjacent(pos)) for (const to of board.adjacent(via)) if (to !== pos) out.push([via, to]);
  return out;
}

/** Every route consistent with the events; returns the set of end circles. */
function bruteForce(board, events) {
  const ends = new Set();
  const [first, ...rest] = events;
  const walk = (route, i) => {
    if (i === rest.length) { ends.add(route[route.length - 1]); return; }
    const ev = rest[i];
    if (ev.e === 'jack') {
      for (const step of movesOf(board, ev.kind, route[route.length - 1], ev.police)) walk([...route, ...step], i + 1);
    } else if (ev.e === 'search') {
      if (route.includes(ev.circle) === ev.found) walk(route, i + 1);
    } else if (ev.e === 'arrest') {
      if (!ev.circles.includes(route[route.length - 1])) walk(route, i + 1);
    }
  };
  const scenes = first.circles;
  for (const last of scenes) walk([...scenes.filter((c) => c !== last), last], 0);
  return [...ends].sort((a, b) => a - b);
}

/** A random night: Jack's true route and what the police observe of it. */
function randomNight(board, rng, moves) {
  const double = rng.float() < 0.3;
  const scenes = rng.shuffle(board.circles).slice(0, double ? 2 : 1);
  const route = scenes.slice();
  const events = [{ e: 'scenes', circles: scenes.slice().sort((a, b) => a - b) }];
  for (let m = 0; m < moves; m += 1) {
    const police = board.sortCrossings(rng.shuffle(board.crossings).slice(0, 1 + rng.int(3)));
    const pos = route[route.length - 1];
    const kinds = ['normal', 'normal', 'normal', 'coach', 'alley']
      .filter((k) => movesOf(board, k, pos, police).length > 0);
    if (kinds.length === 0) break;
    const kind = rng.pick(kinds);
    route.push(...rng.pick(movesOf(board, kind, pos, police)));
    events.push({ e: 'jack', kind, police });
    for (let s = rng.int(4); s > 0; s -= 1) {
      const circle = rng.pick(board.circles);
      events.push({ e: 'search', circle, found: route.includes(circle) });
    }
    if (rng.float() < 0.5) {
      const circle = rng.pick(board.circles);
      if (circle !== route[route.length - 1]) events.push({ e: 'arrest', circles: [circle] });
    }
  }
  return { route, events };
}

const CASES = [
  { name: 'ladder', board: ladder, nights: 150, moves: 7 },
  { name: 'grid 4×4', board: () => grid(4, 4), nights: 150, moves: 6 },
  { name: 'small30', board: small30, nights: 40, moves: 4 },
];

for (const { name, board: make, nights, moves } of CASES) {
  test(`tracker equals brute force on ${name}`, () => {
    const board = make();
    const rng = new Rng(seedRng(name.length * 17));
    let narrowed = 0;
    for (let n = 0; n < nights; n += 1) {
      const { route, events } = randomNight(board, rng, moves);
      const expected = bruteForce(board, events);
      const got = possiblePositions(board, events);
      assert.deepEqual(got, expected, `night ${n}: ${JSON.stringify(events)}`);
      assert.ok(got.includes(route[route.length - 1]), 'the true position is always possible');
      if (got.length < board.circles.length / 2) narrowed += 1;
    }
    assert.ok(narrowed > 0, 'some nights narrow the set: the observations are really used');
  });
}

const TABLE = [
  // [description, events, expected positions] on the ladder
  ['start on the scene', [{ e: 'scenes', circles: [1] }], [1]],
  ['a normal move from 1', [{ e: 'scenes', circles: [1] }, { e: 'jack', kind: 'normal', police: [] }], [2, 4, 5]],
  ['police on a block both ways to 2 and 5', [{ e: 'scenes', circles: [1] }, { e: 'jack', kind: 'normal', police: ['a'] }], [4]],
  ['a coach never ends on its start', [{ e: 'scenes', circles: [1] }, { e: 'jack', kind: 'coach', police: ['a', 'c'] }], [2, 3, 4, 5, 6]],
  ['an alley from 1', [{ e: 'scenes', circles: [1] }, { e: 'jack', kind: 'alley', police: [] }], [4, 5]],
  ['double event: either scene may be the start', [{ e: 'scenes', circles: [1, 6] }], [1, 6]],
  ['a failed arrest removes a circle', [{ e: 'scenes', circles: [1] }, { e: 'jack', kind: 'normal', police: [] },
    { e: 'arrest', circles: [2] }], [4, 5]],
  ['a clue on 4 means the route passed 4',
    [{ e: 'scenes', circles: [1] }, { e: 'jack', kind: 'normal', police: [] }, { e: 'jack', kind: 'normal', police: [] },
      { e: 'search', circle: 4, found: true }], [1, 4, 5]],
  ['no clue on 2 rules out routes through 2 earlier, not later moves onto 2',
    [{ e: 'scenes', circles: [1] }, { e: 'jack', kind: 'normal', police: [] }, { e: 'search', circle: 2, found: false },
      { e: 'jack', kind: 'normal', police: [] }], [1, 2, 4, 5, 6]],
];

for (const [what, events, expected] of TABLE) {
  test(`tracker: ${what}`, () => {
    assert.deepEqual(possiblePositions(ladder(), events), expected);
    assert.deepEqual(bruteForce(ladder(), events), expected);
  });
}

// Asked after every event, the tracker replays only from the first layer a new fact touches:
// each answer must still equal the brute force over the events so far.
for (const { name, board: make, nights, moves } of CASES.slice(0, 2)) {
  test(`asked after every event, the tracker equals brute force on ${name}`, () => {
    const board = make();
    const rng = new Rng(seedRng(name.length * 31));
    let replays = 0;
    for (let n = 0; n < nights / 3; n += 1) {
      const { events } = randomNight(board, rng, moves);
      const t = new Tracker(board);
      events.forEach((ev, i) => {
        t.observe(ev);
        if (t.dirtyFrom !== null) replays += 1;
        assert.deepEqual(t.positions(), bruteForce(board, events.slice(0, i + 1)), `night ${n}, after event ${i}`);
      });
    }
    assert.ok(replays > 0, 'some new facts reach back into the night');
  });
}

test('incremental updates equal a replay of the whole night', () => {
  const board = grid(5, 5);
  const rng = new Rng(seedRng(5));
  for (let n = 0; n < 40; n += 1) {
    const { events } = randomNight(board, rng, 8);
    const t = new Tracker(board);
    for (const ev of events) {
      t.observe(ev);
      assert.deepEqual(t.positions(), possiblePositions(board, events.slice(0, events.indexOf(ev) + 1)));
    }
  }
});
