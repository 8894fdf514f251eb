// A Jack bot and a police bot for solo playtests and self-play.
//
// Example:
//   const bots = { jack: new JackBot(board), police: new PoliceBot(board) };
//   const rng = new Rng(state.rng);
//   const action = bots[actor(state)].act(view(state, actor(state)), rng);
//
// Each bot sees only its own side's view. The police bot plays as a careful group of players:
// the exact possible-position tracker says where Jack may be, the earlier nights' logs where his
// hideout may be; pawns spread to watch different circles where he may be and stand on his ways
// home. The Jack bot heads for his hideout, shunning circles the police can reach next.

import { firstPawn, jackOptions, patrolQuota, searchable, womenQuota } from './hunt.js';
import {
  freeCrossings, goulstonPawns, letterTokens, pawnLetterPawns, pawnLetterPlaces, sendableLetters,
} from './letters.js';
import { perNight, policeSteps, timeSpaces, womanTargets } from './rules.js';
import { Tracker } from './tracker.js';

/**
 * Whether a bot of this strength (0 to 1) makes this decision carelessly: never at full strength
 * (no random number is drawn then, so full-strength games are unchanged).
 */
function carelessly(strength, rng) {
  return strength < 1 && rng.float() >= strength;
}

function bfs(start, neighbours) {
  const dist = new Map([[start, 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i];
    for (const n of neighbours(node)) {
      if (!dist.has(n)) { dist.set(n, dist.get(node) + 1); queue.push(n); }
    }
  }
  return dist;
}

const UNREACHABLE = 0x7fff;

/** Distances the bots need, computed lazily once per board; rows are indexed like `board.circles`. */
class Distances {
  constructor(board) {
    this.board = board;
    this.index = new Map(board.circles.map((c, i) => [c, i]));
    this.circleRows = new Map();
    this.reaches = new Map(); // steps → (crossing → reachIndexes)
    const at = board.crossingIndex;
    const rowsOf = (circles) => Int32Array.from(circles.filter((c) => this.index.has(c)), (c) => this.index.get(c));
    // Per crossing index: the circles (rows) a pawn there may search; per row, the crossings that watch it.
    this.searchRows = board.crossings.map((k) => rowsOf(board.searchOf(k)));
    this.watching = board.circles.map((c) => (board.watchers.get(c) || []).filter((k) => at.has(k)).map((k) => at.get(k)));
    // Per row: circles one step away, and those plus the alley moves (rows), for searches over circles.
    this.adjacentRows = board.circles.map((c) => rowsOf(board.adjacent(c)));
    this.stepOrAlleyRows = board.circles.map((c) => rowsOf([...board.adjacent(c), ...board.alleysOf(c)]));
    // Per row: Jack's steps to circles (row `to`), each path as the indexes of its crossings on the board.
    this.stepRows = board.circles.map((c) => (board.steps.get(c) || []).filter((step) => this.index.has(step.to))
      .map((step) => ({
        to: this.index.get(step.to),
        paths: step.paths.length,
        crossings: step.paths.map((path) => Int32Array.from(path.filter((k) => at.has(k)), (k) => at.get(k))),
      })));
  }

  /** Normal-move steps from circle `a` to every circle, ignoring police (UNREACHABLE when cut off). */
  jackRow(a) {
    let row = this.circleRows.get(a);
    if (!row) {
      row = new Int16Array(this.board.circles.length).fill(UNREACHABLE);
      for (const [c, d] of bfs(a, (x) => this.board.adjacent(x))) if (this.index.has(c)) row[this.index.get(c)] = d;
      this.circleRows.set(a, row);
    }
    return row;
  }

  /**
   * Police steps from every crossing (by its index in `board.crossings`) to the nearest crossing
   * that watches one of these circles (row indexes): one search backwards from the watchers
   * serves every pawn of a round. Written into `dist` (using `queue`) when given: a caller that
   * asks every round keeps its own pair (typed arrays this long live outside the heap).
   */
  policeToward(rows, dist = new Int16Array(this.board.crossings.length), queue = new Int32Array(this.board.crossings.length)) {
    const b = this.board;
    if (!this.back) {
      const at = b.crossingIndex;
      this.back = b.crossings.map(() => []);
      for (const [k, next] of b.policeSteps) {
        for (const n of next) if (at.has(n) && at.has(k)) this.back[at.get(n)].push(at.get(k));
      }
    }
    dist.fill(UNREACHABLE);
    let tail = 0;
    for (let i = 0; i < rows.length; i += 1) {
      const watching = this.watching[rows[i]];
      for (let w = 0; w < watching.length; w += 1) {
        const k = watching[w];
        if (dist[k] === UNREACHABLE) { dist[k] = 0; queue[tail++] = k; }
      }
    }
    for (let head = 0; head < tail; head += 1) {
      const k = queue[head];
      const back = this.back[k];
      for (let i = 0; i < back.length; i += 1) if (dist[back[i]] === UNREACHABLE) { dist[back[i]] = dist[k] + 1; queue[tail++] = back[i]; }
    }
    return dist;
  }

  /** The indexes of `board.policeReach(from, steps)`, kept per board. */
  reachIndexes(from, steps) {
    let bySteps = this.reaches.get(steps);
    if (!bySteps) { bySteps = new Map(); this.reaches.set(steps, bySteps); }
    let reach = bySteps.get(from);
    if (!reach) {
      const at = this.board.crossingIndex;
      reach = Int32Array.from(this.board.policeReach(from, steps), (k) => at.get(k));
      bySteps.set(from, reach);
    }
    return reach;
  }

  /** The row indexes of these circles. */
  indexes(circles) { return circles.map((c) => this.index.get(c)); }

  /** Normal-move steps between circles, ignoring police (Infinity when unreachable). */
  jack(a, b) { return finite(this.jackRow(a)[this.index.get(b)]); }
}

function finite(d) { return d === undefined || d === UNREACHABLE ? Infinity : d; }

const DISTANCES = new WeakMap();

/** The board's distances, shared by every bot on it (they depend on the board alone). */
function distancesOf(board) {
  let d = DISTANCES.get(board);
  if (!d) { d = new Distances(board); DISTANCES.set(board, d); }
  return d;
}

/** How the Jack bot weighs a move (see JackBot.move). */
const JACK_WEIGHTS = { slack: 2, roam: 0.4, danger: 12, dangerMax: 6, special: 0.5, guessable: 24 };
const KIND = { move: 'normal', coach: 'coach', alley: 'alley' };

/**
 * The police's possible-position tracker kept up with a view's public log (both bots read it).
 * Both sides' views hold the same log entries, so the tracker is found through the night's first
 * entry: when both sides are bots they follow one tracker instead of replaying the night twice.
 */
const FOLLOWED = new WeakMap(); // a night's first log entry → {tracker, seen: the log it has read}

class PublicTracker {
  constructor(board) {
    this.board = board;
  }

  /** The tracker after every public event of the view's night. */
  sync(v) {
    const first = v.log[0];
    if (first === undefined) return new Tracker(this.board);
    let followed = FOLLOWED.get(first);
    const n = followed ? followed.seen.length : 0;
    // Another board, or an undone action: the log no longer continues what was read.
    if (!followed || followed.tracker.board !== this.board || n > v.log.length || v.log[n - 1] !== followed.seen[n - 1]) {
      followed = { tracker: new Tracker(this.board), seen: [] };
      FOLLOWED.set(first, followed);
    }
    for (let i = followed.seen.length; i < v.log.length; i += 1) followed.tracker.observe(v.log[i]);
    followed.seen = v.log;
    return followed.tracker;
  }
}

export class JackBot {
  constructor(board, { waitChance = 0.25, strength = 1, weights = {} } = {}) {
    this.board = board;
    this.dist = distancesOf(board);
    this.known = new PublicTracker(board);
    this.weights = { ...JACK_WEIGHTS, ...weights };
    this.waitChance = waitChance;
    this.strength = strength;
  }

  /** An action for Jack from Jack's view. */
  act(v, rng) {
    const b = this.board;
    switch (v.phase) {
      case 'hideout': return { type: 'hideout', circle: rng.pick(b.circles.filter((c) => !b.red.includes(c))) };
      case 'women': {
        const { free, total, marked } = womenQuota(b, v);
        const chosen = rng.shuffle(free).slice(0, total);
        return { type: 'women', marked: chosen.slice(0, marked), unmarked: chosen.slice(marked) };
      }
      case 'letter': return this.letter(v, rng);
      case 'crime': return this.crime(v, rng);
      case 'revealPatrol': return { type: 'revealPatrol', at: rng.pick(v.patrols.filter((p) => !p.revealed)).at };
      case 'jack': return this.move(v, rng);
      case 'falseClue': {
        const far = b.circles.filter((c) => !v.falseClues.includes(c));
        return { type: 'falseClue', circle: rng.pick(far) };
      }
      default: throw new Error(`the Jack bot has nothing to do in phase ${v.phase}`);
    }
  }

  letter(v, rng) {
    const free = freeCrossings(this.board, v);
    const sendable = sendableLetters(this.board, v).filter((n) => n !== 2);
    if (sendable.length === 0 || free.length === 0) return { type: 'skip' };
    const n = rng.pick(sendable);
    return { type: 'letter', letter: n, from: rng.pick(letterTokens(this.board, v, n)).at, to: rng.pick(free) };
  }

  crime(v, rng) {
    if (v.jack.waits < timeSpaces(v.parameters) - 1 && rng.float() < this.waitChance) return { type: 'wait' };
    const need = Math.min(perNight(v.parameters.victims_per_night, v.night), v.wretched.length);
    const hideout = v.jack.hideout;
    // The victims nearest his hideout (ties in a random order).
    const ranked = rng.shuffle(v.wretched).sort((a, b) => this.dist.jack(b, hideout) - this.dist.jack(a, hideout));
    return { type: 'kill', victims: ranked.slice(ranked.length - need) };
  }

  move(v, rng) {
    const b = this.board;
    const { hideout, movesUsed, maxMoves } = v.jack;
    const budget = maxMoves - movesUsed;
    // Crossings some pawn can reach next round: a circle one of them watches may be searched.
    // (A crossing another pawn holds is still that pawn's own: the union needs no exclusions.)
    const dist = this.dist;
    const reachable = new Uint8Array(b.crossings.length);
    const steps = policeSteps(v.parameters);
    for (let p = 0; p < v.pawns.length; p += 1) {
      const reach = dist.reachIndexes(v.pawns[p], steps);
      for (let i = 0; i < reach.length; i += 1) reachable[reach[i]] = 1;
    }
    const watched = (c) => {
      const r = dist.index.get(c);
      if (r === undefined) return false;
      const watching = dist.watching[r];
      for (let i = 0; i < watching.length; i += 1) if (reachable[watching[i]]) return true;
      return false;
    };
    // The options in order: normal moves, coaches ([via, to]), alleys; scored by index, and only
    // the chosen one made into an action (an object per option was much of the bots' garbage).
    const o = jackOptions(b, v);
    const normals = o.normal.length;
    const specials = normals + o.coach.length;
    const count = specials + o.alley.length;
    const w = this.weights;
    // What a kind of move would leave the police: how many circles stay possible after it. Only
    // asked for a watched destination, and only while the police know little enough to guess.
    const careless = carelessly(this.strength, rng);
    const spread = { move: -1, coach: -1, alley: -1 };
    let now = null;
    const spreadAfter = (type) => {
      if (now === null) now = this.known.sync(v).positionCount();
      if (now > w.guessable) return now;
      if (spread[type] < 0) spread[type] = this.known.sync(v).peekCount(KIND[type], v.pawns);
      return spread[type];
    };
    const home = dist.index.get(hideout);
    let best = -1;
    let bestScore = Infinity;
    for (let i = 0; i < count; i += 1) {
      const coach = i >= normals && i < specials;
      const to = i < normals ? o.normal[i] : coach ? o.coach[i - normals][1] : o.alley[i - specials];
      const spaces = coach ? 2 : 1;
      const special = i < normals ? 0 : 2;
      const isHome = to === hideout;
      const d = isHome ? (special ? 2 : 0) : finite(dist.jackRow(to)[home]);
      const left = budget - spaces;
      const feasible = d <= left || (isHome && !special);
      const late = feasible ? 0 : 100 + d;
      let score;
      if (careless) {
        // A careless move still heads home in time, but ignores the police and the shortest way.
        score = late + 10 * rng.float();
      } else {
        // Home by the shortest way only when the track runs short; a pawn that can search the
        // circle next is a danger in proportion to how few circles the police must guess among.
        const homeward = left - d <= w.slack ? d : w.roam * d;
        const type = i < normals ? 'move' : coach ? 'coach' : 'alley';
        const danger = watched(to) ? Math.min(w.dangerMax, w.danger / spreadAfter(type)) : 0;
        score = late + homeward + w.special * special + danger + rng.float();
      }
      if (score < bestScore) { bestScore = score; best = i; }
    }
    if (best < 0) throw new Error('the Jack bot found no move it could score (his hideout is cut off from every option)');
    let action;
    if (best < normals) action = { type: 'move', to: o.normal[best] };
    else if (best < specials) action = { type: 'coach', via: o.coach[best - normals][0], to: o.coach[best - normals][1] };
    else action = { type: 'alley', to: o.alley[best - specials] };
    if (action.type === 'move' && action.to === hideout) action.escape = true;
    const j = v.jack;
    if (!action.escape && v.options.letters && v.parameters.letters_nights.includes(v.night) && j.letterNight !== v.night
      && !j.letters.includes(4) && pawnLetterPlaces(b).length && pawnLetterPawns(v).length
      && j.movesUsed + (best >= normals && best < specials ? 2 : 1) < j.maxMoves && rng.float() < 0.3) {
      return { ...action, letter: 4, place: rng.pick(pawnLetterPlaces(b)).name, pawn: rng.pick(pawnLetterPawns(v)) };
    }
    return action;
  }
}

const ENDS = new WeakMap(); // a finished night's public log → {board, ends: the Set of circles where it leaves Jack}

/**
 * Where a finished night's public log leaves Jack possible, worked out once per night (a game asks
 * again every later night; a log is never changed once the night is over). The tracker the bots
 * followed through that night needs only its last move, where a replay would redo the whole night.
 */
function nightEnds(board, log) {
  let known = ENDS.get(log);
  if (!known || known.board !== board) {
    known = { board, ends: new Set(new PublicTracker(board).sync({ log }).positions()) };
    ENDS.set(log, known);
  }
  return known.ends;
}

/**
 * How the police bot weighs a pawn's move (see PoliceBot.move): `cover` per circle where Jack may
 * be that this pawn alone could search or arrest on, `block` for standing on his ways home, `near`
 * per step to the nearest crossing that watches a circle where he may be. `hideouts` (0 or 1):
 * reason about where his hideout can be from the earlier nights' logs.
 */
const POLICE_WEIGHTS = { cover: 1, block: 6, near: 1, hideouts: 1 };

export class PoliceBot {
  constructor(board, { arrestBelow = 4, strength = 1, weights = {} } = {}) {
    this.board = board;
    this.strength = strength;
    this.weights = { ...POLICE_WEIGHTS, ...weights };
    this.dist = distancesOf(board);
    this.known = new PublicTracker(board);
    this.arrestBelow = arrestBelow;
    this.cached = null;
    this.planned = null;
    this.homes = { nights: null, circles: null, alleys: null, dist: null };
    this.buffers = null; // typed arrays reused every round (see roundBuffers)
  }

  /** Where Jack may be, from the public log. */
  sync(v) { return this.known.sync(v).positions(); }

  /**
   * Where Jack's hideout may be, from public facts only: a circle that is not red where each
   * earlier night's public log leaves him possible when he declared his escape.
   */
  hideouts(v) {
    const h = this.homes;
    if (h.nights !== v.nights) {
      const b = this.board;
      let circles = b.circles.filter((c) => !b.red.includes(c));
      if (this.weights.hideouts) {
        for (const night of v.nights) {
          const ends = nightEnds(b, night.log);
          const left = circles.filter((c) => ends.has(c));
          if (left.length) circles = left;
        }
      }
      h.nights = v.nights;
      h.circles = circles;
      h.alleys = null;
    }
    return h.circles;
  }

  /**
   * Moves (steps, or alleys while he has one) from every circle (row index) to the nearest
   * possible hideout: how far Jack is from home wherever he is.
   */
  homeDistances(v) {
    const h = this.homes;
    const circles = this.hideouts(v);
    const alleys = v.jack.alleys > 0;
    if (h.alleys !== alleys) {
      const index = this.dist.index;
      const { home: dist, queue } = this.roundBuffers();
      dist.fill(UNREACHABLE);
      let tail = 0;
      for (const c of circles) { const r = index.get(c); dist[r] = 0; queue[tail++] = r; }
      // Steps are symmetric; an alley is shared by its block's circles both ways.
      const next = alleys ? this.dist.stepOrAlleyRows : this.dist.adjacentRows;
      for (let i = 0; i < tail; i += 1) {
        const r = queue[i];
        const d = dist[r] + 1;
        const around = next[r];
        for (let k = 0; k < around.length; k += 1) if (dist[around[k]] === UNREACHABLE) { dist[around[k]] = d; queue[tail++] = around[k]; }
      }
      h.alleys = alleys;
      h.dist = dist;
    }
    return h.dist;
  }

  /**
   * Where Jack may be and can still get home tonight: the possible circles from which a possible
   * hideout lies within his track left (all of them if none does, which only a lost Jack faces).
   */
  focus(v) {
    const possible = this.sync(v);
    if (!this.weights.hideouts) return possible;
    const home = this.homeDistances(v);
    const left = v.jack.maxMoves - v.jack.movesUsed;
    const index = this.dist.index;
    const homeward = possible.filter((c) => home[index.get(c)] <= left);
    return homeward.length ? homeward : possible;
  }

  /** An action for the police from the police view. */
  act(v, rng) {
    const b = this.board;
    switch (v.phase) {
      case 'patrols': {
        const q = patrolQuota(b, v);
        if (q.fixed.length === 0) {
          const chosen = rng.shuffle(q.others).slice(0, q.real + q.fake);
          return { type: 'patrols', real: chosen.slice(0, q.real), fake: chosen.slice(q.real) };
        }
        return { type: 'patrols', real: v.pawns.slice(), fake: rng.shuffle(q.others).slice(0, q.fake) };
      }
      case 'letterRelocate': {
        const from = v.turn.letterPatrols;
        const keep = v.patrols.map((p) => p.at).filter((k) => !from.includes(k));
        return { type: 'relocate', to: rng.shuffle(b.crossings.filter((k) => !keep.includes(k))).slice(0, from.length) };
      }
      case 'moveWomen': {
        const i = v.turn.woman;
        const targets = womanTargets(b, v.wretched[i], {
          patrols: v.patrols.map((p) => p.at),
          occupied: v.wretched.filter((_, j) => j !== i),
          scenes: v.scenes.map((s) => s.circle),
        });
        return { type: 'moveWoman', to: rng.pick(targets) };
      }
      case 'goulston': return { type: 'goulston', pawn: rng.pick(goulstonPawns(v, v.turn.letterPawn)) };
      case 'policeMove': return this.move(v, rng);
      case 'policeAction': return this.action(v, rng);
      default: throw new Error(`the police bot has nothing to do in phase ${v.phase}`);
    }
  }

  /**
   * The bot's typed arrays for a round's figures and its home distances, made once: each round
   * (and each home search) overwrites the last one's, which nothing reads any more.
   */
  roundBuffers() {
    if (!this.buffers) {
      const circles = this.board.circles.length;
      const crossings = this.board.crossings.length;
      this.buffers = {
        toward: new Int16Array(crossings), queue: new Int32Array(Math.max(circles, crossings)),
        focused: new Uint8Array(circles), block: new Float64Array(crossings), home: new Int16Array(circles),
      };
    }
    return this.buffers;
  }

  /** What a round of police moves weighs, computed once per round: police moves tell nothing new about Jack. */
  round(v) {
    const circles = this.focus(v);
    const rows = this.dist.indexes(circles);
    const buffers = this.roundBuffers();
    const toward = this.dist.policeToward(rows, buffers.toward, buffers.queue);
    const focused = buffers.focused.fill(0); // by row
    for (let i = 0; i < rows.length; i += 1) focused[rows[i]] = 1;
    // A crossing on the way home from a circle where Jack may be: a pawn on it closes that step.
    const block = buffers.block.fill(0);
    if (this.weights.block && this.weights.hideouts) {
      const home = this.homeDistances(v);
      for (let i = 0; i < rows.length; i += 1) {
        const d = home[rows[i]];
        const steps = this.dist.stepRows[rows[i]];
        let ways = 0;
        for (let s = 0; s < steps.length; s += 1) if (home[steps[s].to] < d) ways += 1;
        for (let s = 0; s < steps.length; s += 1) {
          const step = steps[s];
          if (!(home[step.to] < d)) continue;
          for (let p = 0; p < step.crossings.length; p += 1) {
            const path = step.crossings[p];
            for (let k = 0; k < path.length; k += 1) block[path[k]] += 1 / (circles.length * ways * step.paths);
          }
        }
      }
    }
    return { toward, focused, block };
  }

  move(v, rng) {
    if (v.turn.pawn === firstPawn(v) || !this.cached) this.cached = this.round(v);
    const { toward, focused, block } = this.cached;
    const b = this.board;
    const dist = this.dist;
    const w = this.weights;
    const i = v.turn.pawn;
    // The crossings (indexes) the pawn may end on, in board order: its reach but the other pawns'.
    const others = [];
    for (let j = 0; j < v.pawns.length; j += 1) if (j !== i) others.push(b.crossingIndex.get(v.pawns[j]));
    const moves = [];
    const reach = dist.reachIndexes(v.pawns[i], policeSteps(v.parameters));
    for (let r = 0; r < reach.length; r += 1) if (!others.includes(reach[r])) moves.push(reach[r]);
    if (carelessly(this.strength, rng)) return { type: 'policeMove', to: b.crossings[rng.pick(moves)] };
    // Circles (rows) where Jack may be that another pawn can search or arrest on already.
    const watched = new Uint8Array(b.circles.length);
    if (w.cover) {
      for (let o = 0; o < others.length; o += 1) {
        const rows = others[o] === undefined ? [] : dist.searchRows[others[o]];
        for (let r = 0; r < rows.length; r += 1) if (focused[rows[r]]) watched[rows[r]] = 1;
      }
    }
    let best = v.pawns[i];
    let bestScore = Infinity;
    for (let m = 0; m < moves.length; m += 1) {
      const at = moves[m];
      let cover = 0;
      if (w.cover) {
        const rows = dist.searchRows[at];
        for (let r = 0; r < rows.length; r += 1) if (focused[rows[r]] && !watched[rows[r]]) cover += 1;
      }
      const score = w.near * finite(toward[at]) - w.cover * cover - w.block * block[at] + rng.float() * 0.9;
      if (score < bestScore) { bestScore = score; best = b.crossings[at]; }
    }
    return { type: 'policeMove', to: best };
  }

  action(v, rng) {
    // A pawn plans its search chain from the set as it stood when its turn began.
    if (v.turn.searched.length === 0 || !this.planned) {
      const circles = this.focus(v);
      this.planned = { circles, rows: this.dist.indexes(circles) };
    }
    const { circles: possible, rows } = this.planned;
    const at = v.pawns[v.turn.pawn];
    const options = searchable(this.board, v);
    if (v.turn.searched.length === 0) {
      const targets = this.board.searchOf(at).filter((c) => possible.includes(c) && !v.falseClues.includes(c));
      // One circle is named when the police must guess among few; a wide-area arrest names every
      // circle by the pawn, so it is worth it once they hold half the circles where Jack may be.
      const worth = possible.length <= this.arrestBelow
        || (v.options.wide_area_arrest && 2 * targets.length >= possible.length);
      if (targets.length && worth) return { type: 'arrest', circle: rng.pick(targets) };
    }
    if (options.length === 0) return { type: 'pass' };
    if (carelessly(this.strength, rng)) return { type: 'search', circle: rng.pick(options) };
    // The circle nearest to where Jack may be (on it, if it can be searched).
    let best = null;
    let bestScore = Infinity;
    for (let o = 0; o < options.length; o += 1) {
      const c = options[o];
      const row = this.dist.jackRow(c);
      let d = 99;
      for (let p = 0; p < rows.length && d > 0; p += 1) if (row[rows[p]] < d) d = row[rows[p]];
      const score = d + rng.float();
      if (score < bestScore) { bestScore = score; best = c; }
    }
    return { type: 'search', circle: best };
  }
}
