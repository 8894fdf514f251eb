// Saved games: how a game began and every move since, sealed, and replayed through the rules on load.
//
// Example:
//   let record = beginRecord({ board, variant: 'letters.json', seed: 5, players: 'police', strength: 1 });
//   record = recordStep(record, action);               // a person's move, as `apply` took it
//   record = recordStep(record, action, draws);        // a bot's move, and how many numbers it drew
//   const text = await save(record);                   // "gaslight-save/3.sealed.q3Jx…"
//   const { record: again, state } = await load(text, board, { rulesFor });
//
// A save holds no state: loading starts a new game from the board, the rules, the seed, and plays every
// move through `apply`, refusing at the first one the rules refuse. A game the rules could not reach
// (Jack jumping across the map, a 99th night, a thousand women tokens) cannot be written in a save at all.
// Every move is in the sealed part (see seal.js), the seed too: nothing of Jack's (or of the police's
// face-down tokens) is readable in the text. Every bound is checked before the work it bounds, and every
// refusal is a SaveError whose message starts "not a saved game: ".

import { apply, newGame, PHASES, withRng } from './hunt.js';
import { Rng } from '../common/rng.js';
import { depthOf } from '../common/cardsave.js';
import { SealError, seal, unseal } from '../common/seal.js';

export const SAVE_PREFIX = 'gaslight-save/3';
const OLD_PREFIX = 'gaslight-save/2';
export const REFUSAL = 'not a saved game: ';

/**
 * The bounds, each far above what a game reaches: the longest of 3,200 bot games (both bundled boards,
 * every bundled variant, strong and gentle bots) has 963 moves and saves in 46,482 characters; its
 * bots drew 7,042 numbers, at most 154 in one move.
 */
export const LIMITS = Object.freeze({
  characters: 262144, // the whole text, checked before anything is decoded
  moves: 5000,
  depth: 5, // the record, its moves, a move, its action, a list in the action
  drawsPerMove: 10000,
  draws: 1000000,
});

export const PLAYERS = ['hotseat', 'police', 'jack'];

/** A save that cannot be loaded; the message says why. */
export class SaveError extends Error {
  constructor(why) {
    super(`${REFUSAL}${why}`);
    this.name = 'SaveError';
  }
}

const fail = (why) => { throw new SaveError(why); };

const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Text from a save, quoted for a message: JSON escapes (no stray control characters), at most `room` long. */
function shown(value, room = 60) {
  const text = JSON.stringify(value);
  return text.length <= room ? text : `${text.slice(0, room - 1)}…`;
}

// The fields each action may hold ('one' value or a 'list' of them; letter 2 names two tokens, 1 and 3 one).
const PAWN_LETTER = { letter: 'one', place: 'one', pawn: 'one' };
export const ACTION_FIELDS = Object.freeze({
  hideout: { circle: 'one' },
  women: { marked: 'list', unmarked: 'list' },
  patrols: { real: 'list', fake: 'list' },
  letter: { letter: 'one', from: 'either', to: 'one' },
  skip: {},
  relocate: { to: 'list' },
  wait: {},
  kill: { victims: 'list' },
  moveWoman: { to: 'one' },
  revealPatrol: { at: 'one' },
  move: { to: 'one', escape: 'one', ...PAWN_LETTER },
  coach: { via: 'one', to: 'one', escape: 'one', ...PAWN_LETTER },
  alley: { to: 'one', escape: 'one', ...PAWN_LETTER },
  goulston: { pawn: 'one' },
  policeMove: { to: 'one' },
  falseClue: { circle: 'one' },
  search: { circle: 'one' },
  arrest: { circle: 'one' },
  pass: {},
});

const isPlain = (v) => v === null || typeof v === 'boolean' || typeof v === 'string' || Number.isFinite(v);
const isPlainList = (v) => Array.isArray(v) && v.every(isPlain);
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const FITS = { one: isPlain, list: isPlainList, either: (v) => isPlain(v) || isPlainList(v) };
const WANTED = {
  one: 'a number, a text, true, false or null',
  list: 'a list of numbers, texts, true, false or null',
  either: 'a number, a text, true, false, null or a list of them',
};

/** A new record: the game's beginning, no moves yet. `variant` names the rules as the page offers them. */
export function beginRecord({ board, variant = '', seed = 0, players = 'hotseat', strength = 1 }) {
  return { board: board.id, variant, seed: Number(seed) >>> 0, players, strength, steps: [] };
}

/**
 * The record with one more move: the action as `apply` took it (its fields for that type only), and for a
 * bot's move how many numbers the bot drew from the game's generator before the move.
 */
export function recordStep(record, action, draws = null) {
  const fields = ACTION_FIELDS[action.type] || {};
  const kept = { type: action.type };
  for (const name of Object.keys(fields)) {
    const value = action[name];
    if (value !== undefined) kept[name] = Array.isArray(value) ? value.slice() : value;
  }
  return { ...record, steps: [...record.steps, draws === null ? [kept] : [kept, draws]] };
}

/** How many numbers were drawn from generator state `before` to reach `after` (a bot's move). */
export function drawsBetween(before, after) {
  const rng = new Rng(before);
  for (let n = 0; n <= LIMITS.drawsPerMove; n += 1) {
    if (rng.state.every((word, i) => word === after[i])) return n;
    rng.float();
  }
  throw new Error(`a bot drew more than ${LIMITS.drawsPerMove} numbers in one move`);
}

/** A refusal from the rules, cut to a readable length (it may quote a long text from the save). */
const shorter = (reason) => (reason.length <= 300 ? reason : `${reason.slice(0, 299)}…`);

/** The generator `draws` numbers on from `rng`. */
function drawn(rng, draws) {
  const r = new Rng(rng);
  for (let i = 0; i < draws; i += 1) r.float();
  return r.state;
}

const RECORD_KEYS = ['board', 'variant', 'seed', 'players', 'strength', 'steps'];

/** Refuses a record whose shape is not a save's, naming the first thing wrong. */
function checkRecord(record, board) {
  if (!isObject(record)) fail('it holds no game');
  const stray = Object.keys(record).find((key) => !RECORD_KEYS.includes(key));
  if (stray !== undefined) fail(`it holds ${shown(stray)}, which a saved game does not hold`);
  const missing = RECORD_KEYS.find((key) => !Object.hasOwn(record, key));
  if (missing !== undefined) fail(`it has no "${missing}"`);
  if (typeof record.board !== 'string') fail('its "board" is not a board\'s id');
  if (board && record.board !== board.id) fail(`it is a game on board ${shown(record.board)}, not ${shown(board.id)}`);
  if (typeof record.variant !== 'string') fail('its "variant" is not the name of rules');
  if (!Number.isInteger(record.seed) || record.seed < 0 || record.seed > 0xffffffff) {
    fail('its "seed" is not a whole number from 0 to 4294967295');
  }
  if (!PLAYERS.includes(record.players)) fail('its "players" is not "hotseat", "police" or "jack"');
  if (!Number.isFinite(record.strength) || record.strength < 0 || record.strength > 1) {
    fail('its "strength" is not a number from 0 to 1');
  }
  if (!Array.isArray(record.steps)) fail('its "steps" is not a list of moves');
  if (record.steps.length > LIMITS.moves) {
    fail(`it holds ${thousands(record.steps.length)} moves, and a saved game holds at most ${thousands(LIMITS.moves)}`);
  }
  let draws = 0;
  record.steps.forEach((step, i) => {
    const move = `move ${i + 1}`;
    if (!Array.isArray(step) || step.length < 1 || step.length > 2) {
      fail(`${move} is not [action] or [action, draws]`);
    }
    const [action] = step;
    if (!isObject(action) || typeof action.type !== 'string') fail(`${move} is not an action (an object with a "type")`);
    const fields = Object.hasOwn(ACTION_FIELDS, action.type) ? ACTION_FIELDS[action.type] : null;
    if (!fields) fail(`${move} is a ${shown(action.type)}, which is no action of the hunt`);
    for (const [name, value] of Object.entries(action)) {
      if (name === 'type') continue;
      const kind = Object.hasOwn(fields, name) ? fields[name] : null;
      if (!kind) fail(`${move} (a "${action.type}") holds ${shown(name)}, which that action does not take`);
      if (!FITS[kind](value)) fail(`${move} (a "${action.type}"): its "${name}" is not ${WANTED[kind]}`);
    }
    if (step.length === 2) {
      const n = step[1];
      if (!Number.isInteger(n) || n < 0 || n > LIMITS.drawsPerMove) {
        fail(`${move}: the numbers its bot drew are not a whole number from 0 to ${thousands(LIMITS.drawsPerMove)}`);
      }
      draws += n;
    }
  });
  if (draws > LIMITS.draws) fail(`its bots drew ${thousands(draws)} numbers, and a saved game's bots draw at most ${thousands(LIMITS.draws)}`);
}

/**
 * The state `record` reaches: a new game from its beginning under `rules`, then every move through
 * `apply`. Throws a SaveError at the first move the rules refuse, with the rules' own reason.
 */
export function replay(board, record, rules) {
  checkRecord(record, board);
  let state = newGame({ board, rules, seed: record.seed });
  record.steps.forEach(([action, draws], i) => {
    const result = apply(board, state, action);
    if (!result.ok) fail(`move ${i + 1} is against the rules: ${shorter(result.reason)}`);
    // A bot drew from the generator as it was before the move; the game goes on from there.
    state = draws === undefined ? result.state : withRng(result.state, drawn(state.rng, draws));
  });
  return state;
}

/**
 * The record as one line of text. With a passphrase only someone who knows it can load (or read) the
 * save; without one the text is sealed under the page's own key (unreadable, not secret). Async: WebCrypto.
 */
export async function save(record, { passphrase = '' } = {}) {
  try {
    const { kind, data } = await seal(JSON.stringify(record), { passphrase, prefix: SAVE_PREFIX });
    return `${SAVE_PREFIX}.${kind}.${data}`;
  } catch (err) {
    if (err instanceof SealError) throw new Error(`cannot save: ${err.message}`);
    throw err;
  }
}

/** The bare rules file name when there is no rules index: the base rules only. */
const baseRulesOnly = (variant) => (variant === '' ? null : undefined);

/**
 * `{record, state}` from `save`'s text, replayed on `board`. `rulesFor(variant)` gives the rules the page
 * offers under that name (may be async), or undefined for rules it does not offer. Throws a SaveError
 * naming what is wrong; the caller's game is untouched.
 */
export async function load(text, board, { passphrase = '', rulesFor = baseRulesOnly } = {}) {
  if (typeof text !== 'string') fail('a saved game is text');
  if (text.length > LIMITS.characters) {
    fail(`it is ${thousands(text.length)} characters long, and a saved game is at most ${thousands(LIMITS.characters)}`);
  }
  const trimmed = text.trim();
  if (trimmed.startsWith(`${OLD_PREFIX}.`)) {
    fail(`it was saved by an older version of this page (${OLD_PREFIX}), whose saves cannot be replayed move by move; `
      + 'start a new game');
  }
  const parts = trimmed.split('.');
  if (parts.length !== 3 || parts[0] !== SAVE_PREFIX) fail(`a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`);
  let json;
  try {
    json = await unseal(parts[1], parts[2], { passphrase, prefix: SAVE_PREFIX });
  } catch (err) {
    if (err instanceof SealError) fail(err.message);
    throw err;
  }
  let record;
  try { record = JSON.parse(json); } catch (err) { fail(`it cannot be read (${err.message})`); }
  const depth = depthOf(record, LIMITS.depth);
  if (depth > LIMITS.depth) fail(`it nests lists and objects more than ${LIMITS.depth} deep, deeper than any saved game`);
  checkRecord(record, board);
  const rules = await rulesFor(record.variant);
  if (rules === undefined) fail(`it was played under the rules ${shown(record.variant)}, which this page does not offer`);
  return { record, state: replay(board, record, rules) };
}
