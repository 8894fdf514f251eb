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
// clue mask → a bitset of the circles reached with it.
//
// A new fact about the past can only change the layers from the first one where its circle was
// touched (stood on or passed by a coach): the tracker keeps the hypotheses after every event
// and replays the night from that layer on (lazily, before the next question); a Jack move only
// steps the hypotheses forward. A search that finds nothing on a circle first reached by the
// latest move, and not passed by a coach, needs no replay: it drops that circle from the current
// hypotheses, as a failed arrest does.

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
    this.words = Math.ceil(this.n / 32); // a bitset over the circles
    this.steps = board.circles.map((c) => (board.steps.get(c) || [])
      .filter((step) => this.index.has(step.to))
      .map((step) => ({ to: this.index.get(step.to), paths: step.paths.map((p) => Int32Array.from(p, (k) => this.crossings.get(k) ?? -1)) })));
  }

  /** Circle indexes one normal move from `from` when the crossings flagged in `blocked` hold police. */
  normal(from, blocked) {
    const out = [];
    // Indexed loops, not for-of, in the tracker's and the bots' hot paths: self-play compiles
    // without inlining (selfplay.mjs), and an uninlined for-of makes an iterator per loop.
    const steps = this.steps[from];
    for (let s = 0; s < steps.length; s += 1) {
      const step = steps[s];
      for (let p = 0; p < step.paths.length; p += 1) {
        const path = step.paths[p];
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
 * Hypotheses under construction: clue mask (BigInt) → a bitset (Uint32Array, bit i for circle
 * index i) of the circles reached with it. `done()` gives the Map mask → bitset that the tracker
 * keeps (never changed once built).
 */
class Layer {
  constructor(words) {
    this.size = words;
    this.byMask = new Map();
  }

  words(mask) {
    let w = this.byMask.get(mask);
    if (!w) { w = new Uint32Array(this.size); this.byMask.set(mask, w); }
    return w;
  }

  done() {
    // Emptied in place (a Map may lose entries while it is walked): the kept ones stay in their order.
    const out = this.byMask;
    out.forEach((w, mask) => {
      let any = 0;
      for (let i = 0; i < w.length; i += 1) any |= w[i];
      if (any === 0) out.delete(mask);
    });
    return out;
  }
}

const has = (words, i) => (words[i >>> 5] & (1 << (i & 31))) !== 0;
const set = (words, i) => { words[i >>> 5] |= 1 << (i & 31); };

/** The circle indexes set in a bitset, ascending. */
function members(words) {
  const out = [];
  for (let w = 0; w < words.length; w += 1) {
    let word = words[w];
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      out.push((w << 5) + 31 - Math.clz32(low));
    }
  }
  return out;
}

/** How many circles a bitset holds. */
function countOf(words) {
  let n = 0;
  for (let w = 0; w < words.length; w += 1) {
    let word = words[w];
    while (word !== 0) { word &= word - 1; n += 1; }
  }
  return n;
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
    // The per-circle tables are the tracker's own, so a new night refills them: a typed array
    // this long lives outside the heap, and making them anew was a share of self-play's GC.
    if (!this.clueAt) {
      this.clueAt = new Uint8Array(n);
      const tables = new Int32Array(3 * n);
      this.noClueUntil = tables.subarray(0, n);
      this.firstTouched = tables.subarray(n, 2 * n);
      this.firstVia = tables.subarray(2 * n);
    }
    this.bits = new Array(n).fill(0n); // circle index → its clue bit, for clues found tonight
    this.clueAt.fill(0); // 1 where `bits` is not 0n (a quicker test)
    this.clues = []; // the circles with a bit
    this.noClueUntil.fill(-1); // last move at which a search found nothing there
    this.searched = []; // the circles with a `noClueUntil`
    this.firstTouched.fill(UNTOUCHED); // first layer touching each circle
    this.firstVia.fill(UNTOUCHED); // first layer a coach passed each circle
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
    else if (ev.e === 'search' && !ev.found && ev.i !== undefined) next = this._without(states, [ev.i]);
    else if (ev.e === 'arrest') next = this._without(states, ev.circles);
    this.after[k] = next;
    return next;
  }

  _startStates(scenes) {
    let visited = 0n;
    const start = new Layer(this.g.words);
    for (let s = 0; s < scenes.length; s += 1) { visited |= this.bits[scenes[s]]; this._touch(scenes[s], 0); }
    // The order of a double event is secret: Jack may start from any of tonight's scenes.
    const words = start.words(visited);
    for (let s = 0; s < scenes.length; s += 1) set(words, scenes[s]);
    return start.done();
  }

  /** The circles a route may not enter at this layer: searched later tonight without a clue. */
  _closed(layer) {
    const closed = new Uint32Array(this.g.words);
    const searched = this.searched;
    for (let s = 0; s < searched.length; s += 1) if (layer <= this.noClueUntil[searched[s]]) set(closed, searched[s]);
    return closed;
  }

  _step(states, ev, layer) {
    const { alleys, coachPairs } = this.g;
    const { bits, clueAt, firstTouched, firstVia } = this;
    const closed = this._closed(layer);
    const next = new Layer(this.g.words);
    const coach = ev.kind === 'coach';
    // The bit loop written out: this is most of the bots' thinking time. (Maps are walked with
    // forEach: a for-of over their entries made an array per entry.)
    states.forEach((words, mask) => {
      const plain = next.words(mask);
      for (let w = 0; w < words.length; w += 1) {
        let word = words[w];
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          const from = (w << 5) + 31 - Math.clz32(low);
          if (coach) {
            const pairs = coachPairs[from];
            for (let p = 0; p < pairs.length; p += 2) {
              const via = pairs[p];
              const to = pairs[p + 1];
              if (has(closed, via) || has(closed, to)) continue;
              if (layer < firstTouched[via]) firstTouched[via] = layer;
              if (layer < firstVia[via]) firstVia[via] = layer;
              const into = clueAt[via] ? next.words(mask | bits[via] | bits[to]) : plain;
              into[to >>> 5] |= 1 << (to & 31);
            }
          } else {
            const targets = ev.kind === 'alley' ? alleys[from] : (ev.targets ? ev.targets[from] : undefined) || this._normal(ev, from);
            for (let t = 0; t < targets.length; t += 1) plain[targets[t] >>> 5] |= 1 << (targets[t] & 31);
          }
        }
      }
    });
    // Closed circles out; a clue circle reached carries its bit; every circle reached is touched.
    // Only the hypotheses there before this pass: those it adds come after them in the Map's order.
    const clues = this.clues;
    let left = next.byMask.size;
    next.byMask.forEach((words, mask) => {
      if (left === 0) return;
      left -= 1;
      for (let w = 0; w < words.length; w += 1) words[w] &= ~closed[w];
      for (let k = 0; k < clues.length; k += 1) {
        const c = clues[k];
        if (has(words, c) && (mask & bits[c]) === 0n) {
          words[c >>> 5] &= ~(1 << (c & 31));
          set(next.words(mask | bits[c]), c);
        }
      }
    });
    next.byMask.forEach((words) => {
      for (let w = 0; w < words.length; w += 1) {
        let word = words[w];
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          const i = (w << 5) + 31 - Math.clz32(low);
          if (layer < firstTouched[i]) firstTouched[i] = layer;
        }
      }
    });
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
    const next = new Layer(this.g.words);
    // The clue stays all night and is never searched again: forget its bit so hypotheses merge.
    states.forEach((words, mask) => {
      if ((mask & bit) === 0n) return;
      const into = next.words(mask & ~bit);
      for (let w = 0; w < words.length; w += 1) into[w] |= words[w];
    });
    return next.done();
  }

  /** The hypotheses without those standing on these circles (a failed arrest, a search with no clue). */
  _without(states, circles) {
    let found = false;
    states.forEach((words) => { for (let k = 0; k < circles.length; k += 1) if (has(words, circles[k])) found = true; });
    if (!found) return states;
    const next = new Map();
    states.forEach((words, mask) => {
      const kept = words.slice();
      for (let k = 0; k < circles.length; k += 1) kept[circles[k] >>> 5] &= ~(1 << (circles[k] & 31));
      let any = 0;
      for (let w = 0; w < kept.length; w += 1) any |= kept[w];
      if (any !== 0) next.set(mask, kept);
    });
    return next;
  }

  /** Redo the night from the first layer a new fact changes, starting from the hypotheses kept before it. */
  _replay() {
    const from = this.dirtyFrom;
    this.dirtyFrom = null;
    let k = 0;
    if (from > 0) k = Math.max(0, this.events.findIndex((ev) => ev.e === 'jack' && ev.m === from));
    for (let i = 0; i < this.g.n; i += 1) {
      if (this.firstTouched[i] >= from) this.firstTouched[i] = UNTOUCHED;
      if (this.firstVia[i] >= from) this.firstVia[i] = UNTOUCHED;
    }
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
      this.bits[i] = 1n << BigInt(this.clues.length);
      this.clueAt[i] = 1;
      this.clues.push(i);
      ev.first = true;
      this._dirty(Math.min(this.firstTouched[i], this.moves));
    } else if (i !== undefined && !found) {
      if (this.noClueUntil[i] < 0) this.searched.push(i);
      this.noClueUntil[i] = this.moves;
      // Reached only tonight and only as a place to stand: dropping it from the current
      // hypotheses (when the event is applied) is the whole change, no replay needed.
      const standing = this.firstTouched[i] === this.moves && this.firstVia[i] > this.moves;
      if (this.firstTouched[i] <= this.moves && !standing) this._dirty(this.firstTouched[i]);
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

  /** Every circle where Jack may be now, ascending (a list kept until the hypotheses change). */
  positions() { return this._listed().slice(); }

  /** How many circles `positions` would list. */
  positionCount() { return this._listed().length; }

  _listed() {
    const states = this._current();
    if (this.listed !== states) { this.listed = states; this.listedCircles = this._circles(states); }
    return this.listedCircles;
  }

  /**
   * Every circle where Jack would be possible after one more move of this kind with police on
   * these crossings; the tracker is unchanged (Jack weighs how much a move tells the police).
   */
  peek(kind, police) {
    return members(this._peek(kind, police)).map((i) => this.g.circles[i]);
  }

  /** How many circles `peek` would list (what the Jack bot weighs), without listing them. */
  peekCount(kind, police) { return countOf(this._peek(kind, police)); }

  /** `peek` as a bitset of circle indexes. */
  _peek(kind, police) {
    // Positions only: which clue circles a route passed does not change where it can go next.
    const g = this.g;
    const { alleys, coachPairs } = g;
    const closed = this._closed(this.moves + 1);
    let blocked = null;
    if (kind !== 'coach' && kind !== 'alley') {
      blocked = new Uint8Array(g.crossings.size);
      for (let p = 0; p < police.length; p += 1) if (g.crossings.has(police[p])) blocked[g.crossings.get(police[p])] = 1;
    }
    const next = new Uint32Array(g.words);
    const from = this._union(this._current());
    for (let w = 0; w < from.length; w += 1) {
      let word = from[w];
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const i = (w << 5) + 31 - Math.clz32(low);
        if (kind === 'coach') {
          const pairs = coachPairs[i];
          for (let p = 0; p < pairs.length; p += 2) if (!has(closed, pairs[p])) set(next, pairs[p + 1]);
        } else {
          const targets = kind === 'alley' ? alleys[i] : g.normal(i, blocked);
          for (let t = 0; t < targets.length; t += 1) set(next, targets[t]);
        }
      }
    }
    for (let w = 0; w < next.length; w += 1) next[w] &= ~closed[w];
    return next;
  }

  /** The circles of every hypothesis, as one bitset. */
  _union(states) {
    const any = new Uint32Array(this.g.words);
    states.forEach((words) => { for (let w = 0; w < words.length; w += 1) any[w] |= words[w]; });
    return any;
  }

  _circles(states) {
    return members(this._union(states)).map((i) => this.g.circles[i]);
  }

  /** How many distinct hypotheses (position, clue circles visited) are alive. */
  hypotheses() {
    let count = 0;
    for (const words of this._current().values()) count += members(words).length;
    return count;
  }
}

/** The possible positions after a whole night's public log. */
export function possiblePositions(board, log) {
  const t = new Tracker(board);
  for (const ev of log) t.observe(ev);
  return t.positions();
}
