// Saved games: a compact text that resumes a game exactly, unreadable by eye, checked whole before use.
//
// Example:
//   const text = save(state);          // "gaslight-save/2.eyJm….3f9a01c2"
//   const again = load(text, board);   // throws an Error naming what is wrong; never a half-valid state
//
// The text holds the whole state (Jack's route included: a game against the Jack bot must resume), so it
// is encoded rather than written out, and a police player who saves cannot read the hideout off the
// screen. A checksum catches a text that was cut short or edited.

import { PHASES, STATE_FORMAT } from './hunt.js';

export const SAVE_PREFIX = 'gaslight-save/2';

function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function toBase64(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The state as one line of text (resume a game later, or on another screen). */
export function save(state) {
  const body = toBase64(JSON.stringify(state));
  return `${SAVE_PREFIX}.${body}.${fnv1a(body)}`;
}

const fail = (why) => { throw new Error(`not a saved game: ${why}`); };

/** A state from `save`'s text, checked against `board` when given; throws an Error naming what is wrong. */
export function load(text, board = null) {
  const parts = String(text).trim().split('.');
  if (parts.length !== 3 || parts[0] !== SAVE_PREFIX) fail(`a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`);
  if (fnv1a(parts[1]) !== parts[2]) fail('the text was changed or cut short (its checksum does not match)');
  let state;
  try { state = JSON.parse(fromBase64(parts[1])); } catch (err) { fail(`it cannot be read (${err.message})`); }
  state = upgrade(state);
  checkState(state, board);
  return state;
}

const isInt = (v) => Number.isInteger(v);
const isNode = (v) => isInt(v) || typeof v === 'string';
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// The state's shape: each key and what it must hold. Checked whole, so a loaded state never breaks the page.
const SHAPE = {
  format: (v) => v === STATE_FORMAT,
  board: (v) => typeof v === 'string',
  parameters: isObject,
  options: isObject,
  features: isObject,
  rng: (v) => Array.isArray(v) && v.length === 4 && v.every(isInt),
  night: (v) => isInt(v) && v >= 1 && v <= 99,
  head: (v) => isInt(v) && v >= 0 && v <= 99,
  headTiles: (v) => Array.isArray(v) && v.every(isInt),
  phase: (v) => typeof v === 'string' && Object.hasOwn(PHASES, v),
  winner: (v) => v === null || v === 'jack' || v === 'police',
  reason: (v) => typeof v === 'string',
  jack: isObject,
  pawns: (v) => Array.isArray(v) && v.every(isNode),
  patrols: (v) => Array.isArray(v) && v.every((p) => isObject(p) && isNode(p.at) && typeof p.revealed === 'boolean'
    && (p.pawn === null || isInt(p.pawn))),
  women: (v) => Array.isArray(v) && v.every((w) => isObject(w) && isInt(w.at) && typeof w.marked === 'boolean'),
  wretched: (v) => Array.isArray(v) && v.every(isInt),
  scenes: (v) => Array.isArray(v) && v.every((s) => isObject(s) && isInt(s.circle)),
  clues: (v) => Array.isArray(v) && v.every(isInt),
  falseClues: (v) => Array.isArray(v) && v.every(isInt),
  turn: (v) => isObject(v) && isInt(v.pawn) && Array.isArray(v.searched) && Array.isArray(v.letterPatrols),
  log: (v) => Array.isArray(v) && v.every(isObject),
  nights: (v) => Array.isArray(v),
  stats: isObject,
};
const JACK_SHAPE = {
  hideout: (v) => v === null || isInt(v),
  pos: (v) => v === null || isInt(v),
  route: (v) => Array.isArray(v) && v.every(isInt),
  letters: Array.isArray,
};

/** A game saved before head-of-investigation tiles: the yellow pawn led every night, as it did then. */
function upgrade(state) {
  if (!isObject(state) || state.format !== 'gaslight-hunt/1') return state;
  return { ...state, format: STATE_FORMAT, head: 0, headTiles: [] };
}

function checkState(state, board) {
  if (!isObject(state)) fail('it holds no game');
  for (const [key, ok] of Object.entries(SHAPE)) {
    if (!Object.hasOwn(state, key)) fail(`it has no "${key}"`);
    if (!ok(state[key])) fail(`its "${key}" is not what a game holds`);
  }
  for (const [key, ok] of Object.entries(JACK_SHAPE)) {
    if (!ok(state.jack[key])) fail(`its "jack.${key}" is not what a game holds`);
  }
  if (board) {
    if (state.board !== board.id) fail(`it is a game on board "${state.board}", not "${board.id}"`);
    const circles = [state.jack.hideout, state.jack.pos, ...state.jack.route, ...state.wretched, ...state.clues,
      ...state.women.map((w) => w.at), ...state.scenes.map((s) => s.circle)].filter((c) => c !== null);
    const strayCircle = circles.find((c) => !board.isCircle(c));
    if (strayCircle !== undefined) fail(`circle ${strayCircle} is not on this board`);
    const crossings = [...state.pawns, ...state.patrols.map((p) => p.at)];
    const strayCrossing = crossings.find((k) => !board.isCrossing(k));
    if (strayCrossing !== undefined) fail(`crossing ${JSON.stringify(strayCrossing)} is not on this board`);
  }
}
