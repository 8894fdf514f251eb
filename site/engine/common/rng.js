// Seeded pseudo-random numbers whose whole state is a plain array (it lives inside the game state).
//
// Example:
//   let rng = seedRng(7);
//   let x; [x, rng] = nextFloat(rng);   // 0 <= x < 1, rng is a new array
//
// The generator is sfc32 (four 32-bit words); functions never mutate their argument.

/** A fresh generator state from an integer seed. */
export function seedRng(seed) {
  let s = [0x9e3779b9, 0x243f6a88, 0xb7e15162, (seed >>> 0) ^ 0x5bd1e995];
  for (let i = 0; i < 12; i += 1) s = nextUint(s)[1];
  return s;
}

/** One sfc32 step on a four-word array, changed in place; returns the uint32 drawn. */
function advance(s) {
  // Read by index, not destructured: without inlining (self-play's workers) that made an iterator per draw.
  const a = s[0];
  const b = s[1];
  const c = s[2];
  const d = s[3];
  const t = (((a + b) >>> 0) + d) >>> 0;
  s[0] = (b ^ (b >>> 9)) >>> 0;
  s[1] = (c + (c << 3)) >>> 0;
  s[2] = ((((c << 21) | (c >>> 11)) + t) >>> 0);
  s[3] = (d + 1) >>> 0;
  return t;
}

/** [uint32, newState] */
export function nextUint(state) {
  const s = state.slice();
  const t = advance(s);
  return [t, s];
}

/** [float in [0, 1), newState] */
export function nextFloat(state) {
  const r = new Rng(state);
  return [r.float(), r.state];
}

/** [integer in [0, n), newState] */
export function nextInt(state, n) {
  const r = new Rng(state);
  return [r.int(n), r.state];
}

/** [one element of a non-empty array, newState] */
export function pick(state, items) {
  const r = new Rng(state);
  return [r.pick(items), r.state];
}

/** [shuffled copy, newState] (Fisher–Yates). */
export function shuffle(state, items) {
  const r = new Rng(state);
  return [r.shuffle(items), r.state];
}

/**
 * A mutable wrapper for code that draws many numbers in a row (bots, self-play);
 * read `.state` back into the game state when done.
 */
export class Rng {
  // Its own copy of the state, advanced in place: bots draw thousands of numbers a game.
  constructor(state) { this.state = state.slice(); }
  float() { return advance(this.state) / 4294967296; }
  int(n) { return Math.floor(this.float() * n); }
  pick(items) { return items[this.int(items.length)]; }
  /** A shuffled copy (Fisher–Yates). */
  shuffle(items) {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      const swap = out[i];
      out[i] = out[j];
      out[j] = swap;
    }
    return out;
  }
}
