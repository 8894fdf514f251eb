// The police's possible-position tracker: every circle where Jack can be, given only what the
// police know — the crime scenes, the blocked crossings at each of Jack's moves, the kind of
// each move (normal, coach, alley), the clues found and not found in the night's order, and
// the failed arrests.
//
// Example:
//   const t = new Tracker(board);
//   t.start([12]);                        // tonight's crime scene(s)
//   t.jackMove('normal', ['k3', 'k7']);   // police pawns where Jack moved
//   t.search(13, false);                  // searched 13: no clue
//   t.positions()                         // → sorted circles
//
// It is exact. "No clue on c after move m" means no circle of the route up to move m is c, so
// it removes c from every layer 0..m of the night. "A clue on c after move m" means the route
// passed c by then: a hypothesis is (current circle, which such clue circles the route has
// visited so far), and the clue's bit is dropped once checked. The hypotheses are kept as
// clue mask → the circles reached with it.
//
// A new fact about the past can only change the layers from the first one where its circle was
// touched (stood on or passed by a coach): the tracker keeps the hypotheses after every event
// and replays the night from that layer on (lazily, before the next question); a Jack move only
// steps the hypotheses forward.

/** The board's move geometry by circle index (circles ascending), computed once per board. */
class Geometry {
  constructor(board) {
    this.circles = board.circles;
    this.n = board.circles.length;
    this.index = new Map(board.circles.map((c, i) => [c, i]));
    const indexes = (list) => Int32Array.from(list.filter((c) => this.index.has(c)), (c) => this.index.get(c));
    this.adjacent = board.circles.map((c) => indexes(board.adjacent(c)));
    this.alleys = board.circles.map((c) => indexes(board.alleys(c)));
    this.crossings = board.crossingIndex;
    // Coach moves ignore the police: each circle's (via, end) pairs, flat, ends never the start.
    this.coachPairs = this.adjacent.map((vias, from) => {
      const pairs = [];
      for (const via of vias) for (const to of this.adjacent[via]) if (to !== from) pairs.push(via, to);
      return Int32Array.from(pairs);
    });
    this.scratch = []; // membership stamps for hypotheses under construction
    this.generation = 0;
    this.steps = board.circles.map((c) => (board.steps.get(c) || [])
      .filter((step) => this.index.has(step.to))
      .map((step) => ({ to: this.index.get(step.to), paths: step.paths.map((p) => Int32Array.from(p, (k) => this.crossings.get(k) ?? -1)) })));
  }

  /** Circle indexes one normal move from `from` when the crossings flagged in `blocked` hold police. */
  normal(from, blocked) {
    const out = [];
    for (const step of this.steps[from]) {
      for (const path of step.paths) {
        let open = true;
        for (let i = 0; i < path.length && open; i += 1) open = path[i] < 0 || !blocked[path[i]];
        if (open) { out.push(step.to); break; }
      }
    }
    return out;
  }
}

const GEOMETRY = new WeakMap();
const UNTOUCHED = 0x7fffffff;

function geometryOf(board) {
  let g = GEOMETRY.get(board);
  if (!g) { g = new Geometry(board); GEOMETRY.set(board, g); }
  return g;
}

/**
 * Hypotheses under construction: clue mask (BigInt) → the circle indexes reached with it, each
 * once. `done()` gives the Map mask → list that the tracker keeps (never changed once built).
 * Membership is stamped in the geometry's scratch arrays (one per mask in use), not in fresh
 * arrays: allocating them was a fifth of the tracker's time.
 */
class Hypotheses {
  constructor(g) {
    this.g = g;
    g.generation += 1;
    this.stamp = g.generation;
    this.byMask = new Map();
  }

  /** The list and its membership stamps for `mask`, made on first use. */
  entry(mask) {
    let e = this.byMask.get(mask);
    if (!e) {
      const k = this.byMask.size;
      if (k === this.g.scratch.length) this.g.scratch.push(new Int32Array(this.g.n));
      e = { list: [], has: this.g.scratch[k] };
      this.byMask.set(mask, e);
    }
    return e;
  }

  add(mask, i) {
    const e = this.entry(mask);
    if (e.has[i] !== this.stamp) { e.has[i] = this.stamp; e.list.push(i); }
  }

  done() {
    const out = new Map();
    for (const [mask, e] of this.byMask) if (e.list.length) out.set(mask, e.list);
    return out;
  }
}

export class Tracker {
  constructor(board) {
    this.board = board;
    this.g = geometryOf(board);
    this.start([]);
  }

  /** Tonight's crime scene(s): starts a new night. */
  start(scenes) {
    const n = this.g.n;
    this.events = [{ e: 'scenes', circles: scenes.filter((c) => this.g.index.has(c)).map((c) => this.g.index.get(c)), m: 0 }];
    this.after = []; // hypotheses after each event
    this.moves = 0;
    this.bits = new Array(n).fill(0n); // circle index → its clue bit, for clues found tonight
    this.clueAt = new Uint8Array(n); // 1 where `bits` is not 0n (a quicker test)
    this.clueCount = 0;
    this.noClueUntil = new Int32Array(n).fill(-1); // last move at which a search found nothing there
    this.firstTouched = new Int32Array(n).fill(UNTOUCHED); // first layer touching each circle
    this.dirtyFrom = null; // the earliest layer a new fact changes
    this.states = this._apply(0, null, 0);
  }

  _touch(i, layer) {
    if (layer < this.firstTouched[i]) this.firstTouched[i] = layer;
  }

  /** Process event `k` on the hypotheses before it (layer: Jack's moves so far); returns and keeps the result. */
  _apply(k, states, layer) {
    const ev = this.events[k];
    let next = states;
    if (ev.e === 'scenes') next = this._startStates(ev.circles);
    else if (ev.e === 'jack') next = this._step(states, ev, layer);
    else if (ev.e === 'search' && ev.found && ev.first) next = this._clueFound(states, ev.i);
    else if (ev.e === 'arrest') next = this._arrestFailed(states, ev.circles);
    this.after[k] = next;
    return next;
  }

  _startStates(scenes) {
    let visited = 0n;
    const start = new Hypotheses(this.g);
    for (const i of scenes) { visited |= this.bits[i]; this._touch(i, 0); }
    // The order of a double event is secret: Jack may start from any of tonight's scenes.
    for (const i of scenes) start.add(visited, i);
    return start.done();
  }

  _step(states, ev, layer) {
    const { alleys, coachPairs } = this.g;
    const { bits, clueAt, noClueUntil, firstTouched } = this;
    const next = new Hypotheses(this.g);
    const stamp = next.stamp;
    const coach = ev.kind === 'coach';
    // Written out by hand with index loops: this is most of the bots' thinking time.
    for (const [mask, list] of states) {
      const plain = next.entry(mask);
      const has = plain.has;
      const reached = plain.list;
      for (let f = 0; f < list.length; f += 1) {
        const from = list[f];
        if (coach) {
          const pairs = coachPairs[from];
          for (let p = 0; p < pairs.length; p += 2) {
            const via = pairs[p];
            const to = pairs[p + 1];
            if (layer <= noClueUntil[via] || layer <= noClueUntil[to]) continue;
            if (layer < firstTouched[via]) firstTouched[via] = layer;
            if (layer < firstTouched[to]) firstTouched[to] = layer;
            if (clueAt[via] || clueAt[to]) next.add(mask | bits[via] | bits[to], to);
            else if (has[to] !== stamp) { has[to] = stamp; reached.push(to); }
          }
        } else {
          const targets = ev.kind === 'alley' ? alleys[from] : (ev.targets ? ev.targets[from] : undefined) || this._normal(ev, from);
          for (let t = 0; t < targets.length; t += 1) {
            const to = targets[t];
            if (layer <= noClueUntil[to]) continue;
            if (layer < firstTouched[to]) firstTouched[to] = layer;
            if (clueAt[to]) next.add(mask | bits[to], to);
            else if (has[to] !== stamp) { has[to] = stamp; reached.push(to); }
          }
        }
      }
    }
    return next.done();
  }

  /** Normal-move targets from circle index `from` at this event, kept on the event (replays ask again). */
  _normal(ev, from) {
    if (!ev.targets) {
      ev.targets = new Array(this.g.n);
      ev.blocked = new Uint8Array(this.g.crossings.size);
      for (const k of ev.police) if (this.g.crossings.has(k)) ev.blocked[this.g.crossings.get(k)] = 1;
    }
    return (ev.targets[from] ||= this.g.normal(from, ev.blocked));
  }

  _clueFound(states, i) {
    const bit = this.bits[i];
    const next = new Hypotheses(this.g);
    // The clue stays all night and is never searched again: forget its bit so hypotheses merge.
    for (const [mask, list] of states) {
      if ((mask & bit) !== 0n) for (const c of list) next.add(mask & ~bit, c);
    }
    return next.done();
  }

  _arrestFailed(states, circles) {
    const next = new Map();
    for (const [mask, list] of states) {
      const kept = list.filter((c) => !circles.includes(c));
      if (kept.length) next.set(mask, kept);
    }
    return next;
  }

  /** Redo the night from the first layer a new fact changes, starting from the hypotheses kept before it. */
  _replay() {
    const from = this.dirtyFrom;
    this.dirtyFrom = null;
    let k = 0;
    if (from > 0) k = Math.max(0, this.events.findIndex((ev) => ev.e === 'jack' && ev.m === from));
    for (let i = 0; i < this.g.n; i += 1) if (this.firstTouched[i] >= from) this.firstTouched[i] = UNTOUCHED;
    let states = k > 0 ? this.after[k - 1] : null;
    let layer = k > 0 ? this.events[k - 1].m : 0;
    for (; k < this.events.length; k += 1) {
      if (this.events[k].e === 'jack') layer += 1;
      states = this._apply(k, states, layer);
    }
    this.states = states;
  }

  _current() {
    if (this.dirtyFrom !== null) this._replay();
    return this.states;
  }

  _dirty(layer) {
    if (this.dirtyFrom === null || layer < this.dirtyFrom) this.dirtyFrom = layer;
  }

  _push(ev) {
    this.events.push(ev);
    if (this.dirtyFrom === null) this.states = this._apply(this.events.length - 1, this.states, this.moves);
  }

  /** Jack moved: kind 'normal' | 'coach' | 'alley', `police` the crossings held by pawns at that moment. */
  jackMove(kind, police) {
    if (!['normal', 'coach', 'alley'].includes(kind)) throw new Error(`unknown move kind ${JSON.stringify(kind)}`);
    this._current();
    this.moves += 1;
    this._push({ e: 'jack', kind, police: police.slice(), m: this.moves });
  }

  /** A search of `circle` found a clue (true) or not (false), after Jack's latest move. */
  search(circle, found) {
    const i = this.g.index.get(circle);
    const ev = { e: 'search', i, found, first: false, m: this.moves };
    if (i !== undefined && found && this.bits[i] === 0n) {
      // A clue is found once: its bit marks the routes that passed it.
      this.bits[i] = 1n << BigInt(this.clueCount);
      this.clueAt[i] = 1;
      this.clueCount += 1;
      ev.first = true;
      this._dirty(Math.min(this.firstTouched[i], this.moves));
    } else if (i !== undefined && !found) {
      this.noClueUntil[i] = this.moves;
      if (this.firstTouched[i] <= this.moves) this._dirty(this.firstTouched[i]);
    }
    this._push(ev);
  }

  /** An arrest on these circles failed. */
  arrestFailed(circles) {
    this._push({ e: 'arrest', circles: circles.filter((c) => this.g.index.has(c)).map((c) => this.g.index.get(c)), m: this.moves });
  }

  /** Feed one public log event ({e: 'scenes' | 'jack' | 'search' | 'arrest', …}); others are ignored. */
  observe(ev) {
    if (ev.e === 'scenes') this.start(ev.circles);
    else if (ev.e === 'jack') this.jackMove(ev.kind, ev.police);
    else if (ev.e === 'search') this.search(ev.circle, ev.found);
    else if (ev.e === 'arrest' && !ev.success) this.arrestFailed(ev.circles);
  }

  /** Every circle where Jack may be now, ascending. */
  positions() { return this._circles(this._current()); }

  /**
   * Every circle where Jack would be possible after one more move of this kind with police on
   * these crossings; the tracker is unchanged (Jack weighs how much a move tells the police).
   */
  peek(kind, police) {
    // Positions only: which clue circles a route passed does not change where it can go next.
    const { n, circles, adjacent, alleys } = this.g;
    const now = new Uint8Array(n);
    for (const list of this._current().values()) for (const i of list) now[i] = 1;
    const layer = this.moves + 1;
    const ev = { e: 'jack', kind, police };
    const next = new Uint8Array(n);
    for (let from = 0; from < n; from += 1) {
      if (!now[from]) continue;
      if (kind === 'coach') {
        for (const via of adjacent[from]) {
          if (layer <= this.noClueUntil[via]) continue;
          for (const to of adjacent[via]) if (to !== from && layer > this.noClueUntil[to]) next[to] = 1;
        }
      } else {
        for (const to of kind === 'alley' ? alleys[from] : this._normal(ev, from)) if (layer > this.noClueUntil[to]) next[to] = 1;
      }
    }
    const out = [];
    for (let i = 0; i < n; i += 1) if (next[i]) out.push(circles[i]);
    return out;
  }

  _circles(states) {
    const { n, circles } = this.g;
    const any = new Uint8Array(n);
    for (const list of states.values()) for (const i of list) any[i] = 1;
    const out = [];
    for (let i = 0; i < n; i += 1) if (any[i]) out.push(circles[i]);
    return out;
  }

  /** How many distinct hypotheses (position, clue circles visited) are alive. */
  hypotheses() {
    let count = 0;
    for (const list of this._current().values()) count += list.length;
    return count;
  }
}

/** The possible positions after a whole night's public log. */
export function possiblePositions(board, log) {
  const t = new Tracker(board);
  for (const ev of log) t.observe(ev);
  return t.positions();
}
