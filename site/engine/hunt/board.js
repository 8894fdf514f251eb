// The board, read from a "gaslight-board/1" JSON export, with the move geometry the rules need.
//
// Example:
//   const board = loadBoard(json);
//   board.jackNormal(1, new Set(["k1"]))   // → [2, 5]  circles reachable by a normal move
//
// Circles are numbers, crossings strings, exactly as in the export. Every list a method
// returns is sorted: circles ascending, crossings in the file order of `crossings`.

import { crossingIn, ENGLISH } from './reasons.js';

export const BOARD_FORMAT = 'gaslight-board/1';

export class BoardError extends Error {}

const asc = (a, b) => a - b;
const NONE = Object.freeze([]);

/** "a, b and c" */
export function andList(words) {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function mapOf(obj, convertKey) {
  const m = new Map();
  for (const [k, v] of Object.entries(obj || {})) m.set(convertKey(k), v);
  return m;
}

export class Board {
  constructor(json) {
    if (!json || json.format !== BOARD_FORMAT) {
      throw new BoardError(`not a board export: expected format "${BOARD_FORMAT}", got ${JSON.stringify(json && json.format)}`);
    }
    this.json = json;
    this.id = json.id;
    this.title = json.title;
    this.circles = json.circles.map((c) => c.number).sort(asc);
    this.circleSet = new Set(this.circles);
    this.crossings = json.crossings.map((k) => k.id);
    this.crossingSet = new Set(this.crossings);
    this.crossingIndex = new Map(this.crossings.map((k, i) => [k, i]));
    this.red = json.circles.filter((c) => c.red).map((c) => c.number).sort(asc);
    this.yellow = json.crossings.filter((k) => k.yellow).map((k) => k.id);
    this.position = new Map();
    for (const c of json.circles) this.position.set(c.number, [c.x, c.y]);
    for (const k of json.crossings) this.position.set(k.id, [k.x, k.y]);
    this.steps = mapOf(json.jack_steps, Number);
    this.policeSteps = mapOf(json.police_steps, String);
    this.searchMap = mapOf(json.search, String);
    for (const [k, list] of this.searchMap) this.searchMap.set(k, list.slice().sort(asc));
    this.alleyMap = mapOf(json.alleys, Number);
    for (const [c, list] of this.alleyMap) this.alleyMap.set(c, list.slice().sort(asc));
    this.reach = new Map(); // steps → (crossing → policeReach)
    this.coaches = new Map(); // circle → coachRoutes
    this.sortedSteps = new Map(); // circle → stepsInOrder
    this.coachLists = new Map(); // circle → coachList
    // circle → crossings from which it can be searched (the inverse of `search`)
    this.watchers = new Map(this.circles.map((c) => [c, []]));
    for (const k of this.crossings) for (const c of this.searchMap.get(k) || []) this.watchers.get(c).push(k);
    this.neighbours = new Map(this.circles.map((c) => [c, (this.steps.get(c) || []).map((s) => s.to).sort(asc)]));
    this.places = json.places || [];
    this.districts = json.districts || [];
    // {first, second, third: district ids; pawn: a place name}, or null: any district and place
    this.letters = json.letters || null;
  }

  isCircle(x) { return typeof x === 'number' && this.circleSet.has(x); }
  isCrossing(x) { return typeof x === 'string' && this.crossingSet.has(x); }

  /** Circles one step away along dotted lines, ignoring police. */
  adjacent(circle) { return this.neighbours.get(circle) || []; }

  /** Circles one normal move away when `blocked` (a Set of crossings) hold police. */
  jackNormal(from, blocked) {
    const out = [];
    const steps = this.stepsInOrder(from);
    for (let s = 0; s < steps.length; s += 1) {
      // Some path with no blocked crossing (loops, not some/every: Jack's moves are asked for every turn).
      const paths = steps[s].paths;
      let open = false;
      for (let p = 0; p < paths.length && !open; p += 1) {
        open = true;
        for (let k = 0; k < paths[p].length && open; k += 1) open = !blocked.has(paths[p][k]);
      }
      if (open) out.push(steps[s].to);
    }
    return out;
  }

  /** The steps from circle `from`, their ends ascending (sorted once: Jack's moves are asked for every turn). */
  stepsInOrder(from) {
    let steps = this.sortedSteps.get(from);
    if (!steps) {
      steps = (this.steps.get(from) || []).slice().sort((x, y) => x.to - y.to);
      this.sortedSteps.set(from, steps);
    }
    return steps;
  }

  /** End circles of a coach move: two steps ignoring police, not back on the start. */
  coachEnds(from) { return [...this.coachRoutes(from).keys()]; }

  /** Intermediate circles a coach from `from` to `to` may pass. */
  coachVias(from, to) { return (this.coachRoutes(from).get(to) || []).slice(); }

  /** Coach end → the circles it may pass, ends ascending; kept per board (bots ask every move). */
  coachRoutes(from) {
    let routes = this.coaches.get(from);
    if (!routes) {
      const vias = new Map();
      for (const mid of this.adjacent(from)) {
        for (const end of this.adjacent(mid)) {
          if (end === from) continue;
          if (!vias.has(end)) vias.set(end, []);
          if (!vias.get(end).includes(mid)) vias.get(end).push(mid);
        }
      }
      routes = new Map([...vias.keys()].sort(asc).map((end) => [end, vias.get(end).sort(asc)]));
      this.coaches.set(from, routes);
    }
    return routes;
  }

  /** `coachRoutes(from)` as a list of [end, vias], kept per board (for loops that run every turn). */
  coachList(from) {
    let list = this.coachLists.get(from);
    if (!list) { list = [...this.coachRoutes(from)]; this.coachLists.set(from, list); }
    return list;
  }

  /** Circles one alley move away (sharing a block), excluding the start. */
  alleys(from) { return this.alleysOf(from).slice(); }

  /** The board's own list of `alleys(from)`, not a copy: for the engine's hot paths, which only read it. */
  alleysOf(from) { return this.alleyMap.get(from) || NONE; }

  /** Crossings a police pawn may end on: 0 to `steps` (2) steps, passing others, never ending on another pawn. */
  policeMoves(from, others, steps = 2) {
    const taken = new Set(others);
    return this.policeReach(from, steps).filter((k) => !taken.has(k));
  }

  /** Crossings within `steps` police steps of `from` (itself included), in file order; kept per board. */
  policeReach(from, steps) {
    // A map per step count, not a "steps crossing" string key: bots ask for every pawn every move.
    let bySteps = this.reach.get(steps);
    if (!bySteps) { bySteps = new Map(); this.reach.set(steps, bySteps); }
    let reach = bySteps.get(from);
    if (!reach) {
      const ends = new Set([from]);
      let frontier = [from];
      for (let i = 0; i < steps; i += 1) {
        const next = [];
        for (const k of frontier) {
          for (const n of this.policeSteps.get(k) || []) if (!ends.has(n)) { ends.add(n); next.push(n); }
        }
        frontier = next;
      }
      reach = this.sortCrossings([...ends].filter((k) => this.crossingSet.has(k)));
      bySteps.set(from, reach);
    }
    return reach;
  }

  /** Circles a pawn on crossing `k` may search or arrest on. */
  search(k) { return this.searchOf(k).slice(); }

  /** The board's own list of `search(k)`, not a copy: for the engine's hot paths, which only read it. */
  searchOf(k) { return this.searchMap.get(k) || NONE; }

  /**
   * How a player names crossing `k` (crossing ids are not printed on the board): its place name, or
   * the circles next to it, or the nearest circle.
   */
  crossingName(k) {
    if (!this.names) this.names = new Map();
    if (!this.names.has(k)) this.names.set(k, this.nameCrossing(k));
    return this.names.get(k);
  }

  nameCrossing(k) { return crossingIn(ENGLISH, this, k); }

  /** What names crossing `k`: {place} (its place's name), {by} (the circles beside it), {near} (the nearest
   * circle), or {} (none): a page words it in its language (crossingIn in reasons.js). */
  crossingWhere(k) {
    const place = this.places.find((p) => p.crossing === k);
    if (place) return { place: place.name };
    const near = this.search(k);
    if (near.length) return { by: near };
    const [x, y] = this.position.get(k) || [0, 0];
    let best = null;
    let bestDistance = Infinity;
    for (const c of this.circles) {
      const [cx, cy] = this.position.get(c);
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (d < bestDistance) { bestDistance = d; best = c; }
    }
    return best === null ? {} : { near: best };
  }

  sortCrossings(list) { return list.slice().sort((a, b) => this.crossingIndex.get(a) - this.crossingIndex.get(b)); }
}

/** A Board from the parsed JSON export (throws BoardError on a foreign file). */
export function loadBoard(json) { return new Board(json); }
