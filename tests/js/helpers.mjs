// Fixture boards for the engine tests, built from circles, crossings and lines the same way the
// Python export derives them (jack_steps, police_steps, search), with alleys given by hand.
import { loadBoard } from '../../site/engine/hunt/board.js';

const isCircle = (x) => typeof x === 'number';

/** A "gaslight-board/1" JSON object from a small description. */
export function boardJson({ id = 'fixture', circles, crossings, segments, red = [], yellow = [], alleys = {},
  places = [], districts = [] }) {
  const adj = new Map();
  const link = (a, b) => {
    if (!adj.has(a)) adj.set(a, []);
    adj.get(a).push(b);
  };
  for (const [a, b] of segments) { link(a, b); link(b, a); }
  const jackSteps = {};
  for (const c of circles) {
    const found = new Map();
    const walk = (node, path, seen) => {
      for (const n of adj.get(node) || []) {
        if (seen.has(n)) continue;
        if (isCircle(n)) {
          if (n === c) continue;
          if (!found.has(n)) found.set(n, []);
          found.get(n).push(path.slice().sort((x, y) => crossings.indexOf(x) - crossings.indexOf(y)));
        } else {
          seen.add(n);
          walk(n, [...path, n], seen);
          seen.delete(n);
        }
      }
    };
    walk(c, [], new Set([c]));
    jackSteps[String(c)] = [...found.keys()].sort((a, b) => a - b).map((to) => ({ to, paths: found.get(to) }));
  }
  const policeSteps = {};
  const search = {};
  for (const k of crossings) {
    const reach = new Set();
    const walk = (node, seen) => {
      for (const n of adj.get(node) || []) {
        if (seen.has(n)) continue;
        if (isCircle(n)) { seen.add(n); walk(n, seen); seen.delete(n); } else if (n !== k) reach.add(n);
      }
    };
    walk(k, new Set([k]));
    policeSteps[k] = crossings.filter((x) => reach.has(x));
    search[k] = [...new Set((adj.get(k) || []).filter(isCircle))].sort((a, b) => a - b);
  }
  return {
    format: 'gaslight-board/1', id, title: `Fixture ${id}`, unit: 'mm', width: 100, height: 100,
    circles: circles.map((n, i) => ({ number: n, x: 10 * (i % 10), y: 10 * Math.floor(i / 10), red: red.includes(n) })),
    crossings: crossings.map((k, i) => ({ id: k, x: 5 + 10 * (i % 10), y: 5 + 10 * Math.floor(i / 10), yellow: yellow.includes(k) })),
    segments: segments.map(([a, b]) => ({ a, b, points: [] })),
    jack_steps: jackSteps, police_steps: policeSteps, search,
    blocks: [], alleys, places, districts,
  };
}

/*
 * The "ladder" fixture:
 *
 *   1 - a - 2 - b - 3
 *   |     \ |       |
 *   c       d       e
 *   |       |       |
 *   4 - f - 5 - g - 6
 */
export const LADDER = boardJson({
  id: 'ladder',
  circles: [1, 2, 3, 4, 5, 6],
  crossings: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
  segments: [[1, 'a'], ['a', 2], [2, 'b'], ['b', 3], [1, 'c'], ['c', 4], [2, 'd'], ['d', 5], [3, 'e'], ['e', 6],
    [4, 'f'], ['f', 5], [5, 'g'], ['g', 6], ['a', 'd']],
  red: [1, 3, 6],
  yellow: ['a', 'b', 'e', 'f'],
  alleys: { 1: [4, 5], 2: [3, 5, 6], 3: [2, 5, 6], 4: [1, 5], 5: [1, 2, 3, 4, 6], 6: [2, 3, 5] },
  places: [{ name: 'Goulston Street', crossing: 'g' }],
  districts: [
    { id: 'Aa', name: 'West', crossings: ['a', 'c', 'f'], circles: [1, 4] },
    { id: 'Ba', name: 'Middle', crossings: ['a', 'b', 'd'], circles: [2, 5] },
    { id: 'Ab', name: 'East', crossings: ['e', 'g'], circles: [3, 6] },
  ],
});

/**
 * A w × h grid of circles; every edge between neighbours has a crossing in its middle. The
 * crossings of row r's horizontal edges are yellow on the top row; the corners are red.
 */
export function gridJson(w, h, id = `grid${w}x${h}`) {
  const circles = [];
  const crossings = [];
  const segments = [];
  const num = (x, y) => y * w + x + 1;
  for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) circles.push(num(x, y));
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      if (x + 1 < w) { const k = `h${x}_${y}`; crossings.push(k); segments.push([num(x, y), k], [k, num(x + 1, y)]); }
      if (y + 1 < h) { const k = `v${x}_${y}`; crossings.push(k); segments.push([num(x, y), k], [k, num(x, y + 1)]); }
    }
  }
  const alleys = {};
  const add = (a, b) => { (alleys[a] ||= new Set()).add(b); };
  for (let y = 0; y + 1 < h; y += 1) {
    for (let x = 0; x + 1 < w; x += 1) {
      const cell = [num(x, y), num(x + 1, y), num(x, y + 1), num(x + 1, y + 1)];
      for (const a of cell) for (const b of cell) if (a !== b) add(a, b);
    }
  }
  const alleyLists = Object.fromEntries(Object.entries(alleys).map(([k, v]) => [k, [...v].sort((a, b) => a - b)]));
  const red = [num(0, 0), num(w - 1, 0), num(0, h - 1), num(w - 1, h - 1)];
  const yellow = crossings.filter((k) => k.startsWith('h') && k.endsWith('_0'));
  return boardJson({ id, circles, crossings, segments, red, yellow, alleys: alleyLists });
}

export const ladder = () => loadBoard(LADDER);
export const grid = (w, h) => loadBoard(gridJson(w, h));

/** Small-game rules for the ladder: 2 nights, 4 moves, 2 police + 1 fake patrol, a double event on night 2. */
export const LADDER_RULES = {
  parameters: {
    nights: 2, moves_per_night: 4, time_of_crime_spaces: 3, police_count: 2, fake_patrols: 1,
    coaches_per_night: [1, 1], alleys_per_night: [1, 1], women_per_night: [3, 2], marked_women_per_night: [2, 2],
    victims_per_night: [1, 2], clues_per_false_clue: 2, letters_nights: [2],
  },
  options: {},
};

/** Apply actions in turn; throws with the refusal reason and the action's index. */
export function run(apply, board, state, actions) {
  let s = state;
  actions.forEach((action, i) => {
    const r = apply(board, s, action);
    if (!r.ok) throw new Error(`action ${i} ${JSON.stringify(action)} refused: ${r.reason}`);
    s = r.state;
  });
  return s;
}

/** The refusal reason for one action (throws when the action is accepted). */
export function refusal(apply, board, state, action) {
  const r = apply(board, state, action);
  if (r.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused`);
  return r.reason;
}
