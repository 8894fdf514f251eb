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
// It is exact: a hypothesis is (current circle, which searched circles the route has visited),
// so a "no clue" answer also rules out routes that passed the circle earlier. A search naming a
// circle never named before tonight replays the night with that circle tracked (rare and
// cheap); a Jack move only steps the hypotheses forward.

export class Tracker {
  constructor(board) {
    this.board = board;
    this.events = [];
    this.tracked = new Map(); // circle → bit index (BigInt)
    this.states = new Map(); // circle → Set of visited-bit masks (BigInt)
  }

  _bit(circle) {
    const b = this.tracked.get(circle);
    return b === undefined ? 0n : b;
  }

  _startStates(scenes) {
    let visited = 0n;
    for (const c of scenes) visited |= this._bit(c);
    const states = new Map();
    // The order of a double event is secret: Jack may start from any of tonight's scenes.
    for (const c of scenes) states.set(c, new Set([visited]));
    return states;
  }

  _step(states, kind, police) {
    const board = this.board;
    const next = new Map();
    const add = (pos, mask) => {
      let set = next.get(pos);
      if (!set) { set = new Set(); next.set(pos, set); }
      set.add(mask);
    };
    if (kind === 'normal') {
      const blocked = new Set(police);
      for (const [pos, masks] of states) {
        for (const to of board.jackNormal(pos, blocked)) {
          const bit = this._bit(to);
          for (const m of masks) add(to, m | bit);
        }
      }
    } else if (kind === 'alley') {
      for (const [pos, masks] of states) {
        for (const to of board.alleys(pos)) {
          const bit = this._bit(to);
          for (const m of masks) add(to, m | bit);
        }
      }
    } else if (kind === 'coach') {
      for (const [pos, masks] of states) {
        for (const via of board.adjacent(pos)) {
          const vbit = this._bit(via);
          for (const to of board.adjacent(via)) {
            if (to === pos) continue;
            const bit = vbit | this._bit(to);
            for (const m of masks) add(to, m | bit);
          }
        }
      }
    } else {
      throw new Error(`unknown move kind ${JSON.stringify(kind)}`);
    }
    return next;
  }

  _filterSearch(states, circle, found) {
    const bit = this._bit(circle);
    const next = new Map();
    for (const [pos, masks] of states) {
      const kept = new Set();
      for (const m of masks) if (((m & bit) !== 0n) === found) kept.add(m);
      if (kept.size) next.set(pos, kept);
    }
    return next;
  }

  _apply(states, ev) {
    if (ev.e === 'jack') return this._step(states, ev.kind, ev.police);
    if (ev.e === 'search') return this._filterSearch(states, ev.circle, ev.found);
    if (ev.e === 'arrest') {
      const next = new Map(states);
      for (const c of ev.circles) next.delete(c);
      return next;
    }
    return states;
  }

  _replay() {
    let states = new Map();
    for (const ev of this.events) {
      states = ev.e === 'scenes' ? this._startStates(ev.circles) : this._apply(states, ev);
    }
    this.states = states;
  }

  /** Tonight's crime scene(s): starts a new night. */
  start(scenes) {
    this.events = [{ e: 'scenes', circles: scenes.slice() }];
    this.tracked = new Map();
    this.states = this._startStates(scenes);
  }

  /** Jack moved: kind 'normal' | 'coach' | 'alley', `police` the crossings held by pawns at that moment. */
  jackMove(kind, police) {
    const ev = { e: 'jack', kind, police: police.slice() };
    this.events.push(ev);
    this.states = this._step(this.states, kind, ev.police);
  }

  /** A search of `circle` found a clue (true) or not (false). */
  search(circle, found) {
    this.events.push({ e: 'search', circle, found });
    if (!this.tracked.has(circle)) {
      this.tracked.set(circle, 1n << BigInt(this.tracked.size));
      this._replay();
    } else {
      this.states = this._filterSearch(this.states, circle, found);
    }
  }

  /** An arrest on these circles failed. */
  arrestFailed(circles) {
    const ev = { e: 'arrest', circles: circles.slice() };
    this.events.push(ev);
    this.states = this._apply(this.states, ev);
  }

  /** Feed one public log event ({e: 'scenes' | 'jack' | 'search' | 'arrest', …}); others are ignored. */
  observe(ev) {
    if (ev.e === 'scenes') this.start(ev.circles);
    else if (ev.e === 'jack') this.jackMove(ev.kind, ev.police);
    else if (ev.e === 'search') this.search(ev.circle, ev.found);
    else if (ev.e === 'arrest' && !ev.success) this.arrestFailed(ev.circles);
  }

  /** Every circle where Jack may be now, ascending. */
  positions() {
    return [...this.states.keys()].sort((a, b) => a - b);
  }

  /** Circles some consistent route has visited tonight (where a clue may still be found). */
  hypotheses() {
    let n = 0;
    for (const masks of this.states.values()) n += masks.size;
    return n;
  }
}

/** The possible positions after a whole night's public log. */
export function possiblePositions(board, log) {
  const t = new Tracker(board);
  for (const ev of log) t.observe(ev);
  return t.positions();
}
