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
// visited so far), and the clue's bit is dropped once checked. New facts about the past are
// folded in by replaying the night (lazily, before the next question; skipped when the circle
// never was possible); a Jack move only steps the hypotheses forward.

export class Tracker {
  constructor(board) {
    this.board = board;
    this.start([]);
  }

  /** Tonight's crime scene(s): starts a new night. */
  start(scenes) {
    this.events = [{ e: 'scenes', circles: scenes.slice(), m: 0 }];
    this.moves = 0;
    this.bits = new Map(); // clue circle → BigInt bit, for clues found tonight
    this.noClueUntil = new Map(); // circle → last move count at which a search found nothing there
    this.seen = new Set(scenes); // every circle some hypothesis has stood on or passed tonight
    this.dirty = false;
    this.states = this._startStates(scenes);
  }

  _bit(circle) {
    const b = this.bits.get(circle);
    return b === undefined ? 0n : b;
  }

  _forbidden(circle, layer) {
    const until = this.noClueUntil.get(circle);
    return until !== undefined && layer <= until;
  }

  _startStates(scenes) {
    let visited = 0n;
    for (const c of scenes) visited |= this._bit(c);
    const states = new Map();
    // The order of a double event is secret: Jack may start from any of tonight's scenes.
    for (const c of scenes) states.set(c, new Set([visited]));
    return states;
  }

  _step(states, kind, police, layer) {
    const board = this.board;
    const next = new Map();
    const seen = this.seen;
    const add = (pos, mask) => {
      let set = next.get(pos);
      if (!set) { set = new Set(); next.set(pos, set); seen.add(pos); }
      set.add(mask);
    };
    const simple = (targets) => {
      for (const [pos, masks] of states) {
        for (const to of targets(pos)) {
          if (this._forbidden(to, layer)) continue;
          const bit = this._bit(to);
          for (const m of masks) add(to, m | bit);
        }
      }
    };
    if (kind === 'normal') {
      const blocked = new Set(police);
      simple((pos) => board.jackNormal(pos, blocked));
    } else if (kind === 'alley') {
      simple((pos) => board.alleys(pos));
    } else if (kind === 'coach') {
      for (const [pos, masks] of states) {
        for (const via of board.adjacent(pos)) {
          if (this._forbidden(via, layer)) continue;
          seen.add(via);
          const vbit = this._bit(via);
          for (const to of board.adjacent(via)) {
            if (to === pos || this._forbidden(to, layer)) continue;
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

  _clueFound(states, circle) {
    const bit = this._bit(circle);
    const next = new Map();
    for (const [pos, masks] of states) {
      const kept = new Set();
      // The clue stays all night and is never searched again: forget its bit so hypotheses merge.
      for (const m of masks) if ((m & bit) !== 0n) kept.add(m & ~bit);
      if (kept.size) next.set(pos, kept);
    }
    return next;
  }

  _arrestFailed(states, circles) {
    const next = new Map(states);
    for (const c of circles) next.delete(c);
    return next;
  }

  _replay() {
    this.dirty = false;
    this.seen = new Set();
    let states = new Map();
    let layer = 0;
    const checked = new Set();
    for (const ev of this.events) {
      if (ev.e === 'scenes') {
        states = this._startStates(ev.circles);
        for (const c of ev.circles) this.seen.add(c);
      } else if (ev.e === 'jack') {
        layer += 1;
        states = this._step(states, ev.kind, ev.police, layer);
      } else if (ev.e === 'search' && ev.found && !checked.has(ev.circle)) {
        checked.add(ev.circle);
        states = this._clueFound(states, ev.circle);
      } else if (ev.e === 'arrest') {
        states = this._arrestFailed(states, ev.circles);
      }
    }
    this.states = states;
  }

  _current() {
    if (this.dirty) this._replay();
    return this.states;
  }

  /** Jack moved: kind 'normal' | 'coach' | 'alley', `police` the crossings held by pawns at that moment. */
  jackMove(kind, police) {
    const states = this._current();
    this.moves += 1;
    this.events.push({ e: 'jack', kind, police: police.slice(), m: this.moves });
    this.states = this._step(states, kind, police, this.moves);
  }

  /** A search of `circle` found a clue (true) or not (false), after Jack's latest move. */
  search(circle, found) {
    this.events.push({ e: 'search', circle, found, m: this.moves });
    if (found) {
      if (this.bits.has(circle)) return; // already known (a clue is found once)
      this.bits.set(circle, 1n << BigInt(this.bits.size));
      this.dirty = true;
    } else {
      this.noClueUntil.set(circle, this.moves);
      if (this.seen.has(circle)) this.dirty = true;
    }
  }

  /** An arrest on these circles failed. */
  arrestFailed(circles) {
    this.events.push({ e: 'arrest', circles: circles.slice(), m: this.moves });
    if (!this.dirty) this.states = this._arrestFailed(this.states, circles);
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
    return [...this._current().keys()].sort((a, b) => a - b);
  }

  /** How many distinct hypotheses (position, clue circles visited) are alive. */
  hypotheses() {
    let n = 0;
    for (const masks of this._current().values()) n += masks.size;
    return n;
  }
}

/** The possible positions after a whole night's public log. */
export function possiblePositions(board, log) {
  const t = new Tracker(board);
  for (const ev of log) t.observe(ev);
  return t.positions();
}
