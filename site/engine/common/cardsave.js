// Saved card games (Ripper rummy, 24): one codec for both. A save holds how the game began (its setup),
// who sat where, and every action since, sealed as the hunt's saves are (seal.js); loading unseals it,
// checks its shape and bounds, and replays every action through the game's own `apply`, so a loaded game
// is one the rules allow.
//
// Example:
//   const codec = cardSaves({ prefix: 'gaslight-rummy-save/2', limits: { characters: 2000000, moves: 100000, depth: 4 },
//     fingerprint, rulesName, replay, seatCount, strengths: ['easy', 'sharp'] });
//   const text = await codec.save(game, setup, actions, { seats });   // "gaslight-rummy-save/2.sealed.q3Jx…"
//   const { state, setup, actions, seats } = await codec.load(game, text);   // or a SaveError
//
// The seed decides every shuffle and the actions hold every hidden choice, so the record is sealed: nobody
// decodes another seat's hand off a save. Without a passphrase the seal hides the text from prying eyes, not
// from someone who studies this code; with one ('locked') only its holder opens the save. Every bound is
// checked before the work it bounds, and every refusal is a SaveError whose message starts "not a saved game: ".

import { SealError, seal, unseal } from './seal.js';

export const REFUSAL = 'not a saved game: ';

/** A save that cannot be loaded; the message says why. */
export class SaveError extends Error {
  constructor(why) {
    super(`${REFUSAL}${why}`);
    this.name = 'SaveError';
  }
}

const fail = (why) => { throw new SaveError(why); };
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** FNV-1a of a text, as 8 hex digits: a short digest of the game data a save was played with. */
export function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The deepest nesting of lists and objects in `value`, counting no further than `limit` + 1. */
export function depthOf(value, limit) {
  let deepest = 0;
  const stack = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Longest name a seat may carry in a save (the page's name field allows 24). */
export const NAME_CHARS = 40;
const RECORD_KEYS = ['game', 'rules', 'setup', 'seats', 'actions'];

/**
 * The codec of one card game. `fingerprint(game)`: a digest of the data that changes play; `rulesName(game)`:
 * how a refusal names those rules; `replay(game, setup, actions)`: the state (throws a SaveError naming the
 * first refused move, or a bad setup); `seatCount(game, setup)`: how many seats the setup has (null when it
 * cannot tell); `strengths`: the bot strengths a seat may name.
 */
export function cardSaves({ prefix, limits, fingerprint, rulesName, replay, seatCount, strengths }) {
  function checkSeats(game, record) {
    if (record.seats === null) return;
    if (!Array.isArray(record.seats)) fail('its "seats" is not a list of who plays each seat');
    const count = seatCount(game, record.setup);
    if (count !== null && record.seats.length !== count) fail(`it names ${record.seats.length} seats for a game of ${count}`);
    record.seats.forEach((seat, i) => {
      if (!isObject(seat) || typeof seat.name !== 'string' || seat.name.length > NAME_CHARS
        || !(seat.bot === null || strengths.includes(seat.bot))) {
        fail(`seat ${i + 1} is not {"name": a text of at most ${NAME_CHARS} characters, "bot": null or one of ${strengths.join(', ')}}`);
      }
    });
  }

  /** The game as one line of text (async: WebCrypto seals it). `seats`: who plays each seat, or null. */
  async function save(game, setup, actions, { seats = null, passphrase = '' } = {}) {
    if (actions.length > limits.moves) throw new Error(`cannot save: a saved game holds at most ${thousands(limits.moves)} moves`);
    const record = { game: fingerprint(game), rules: rulesName(game), setup, seats, actions };
    try {
      const { kind, data } = await seal(JSON.stringify(record), { passphrase, prefix });
      return `${prefix}.${kind}.${data}`;
    } catch (err) {
      if (err instanceof SealError) throw new Error(`cannot save: ${err.message}`);
      throw err;
    }
  }

  /** `{state, setup, seats, actions}` from `save`'s text; a SaveError naming what is wrong. */
  async function load(game, text, { passphrase = '' } = {}) {
    if (typeof text !== 'string') fail('a saved game is text');
    if (text.length > limits.characters) {
      fail(`it is ${thousands(text.length)} characters long, and a saved game is at most ${thousands(limits.characters)}`);
    }
    const parts = text.trim().split('.');
    if (parts.length !== 3 || parts[0] !== prefix) fail(`a saved game starts with "${prefix}." (use Save to make one)`);
    let json;
    try {
      json = await unseal(parts[1], parts[2], { passphrase, prefix });
    } catch (err) {
      if (err instanceof SealError) fail(err.message);
      throw err;
    }
    let record;
    try { record = JSON.parse(json); } catch (err) { fail(`it cannot be read (${err.message})`); }
    if (depthOf(record, limits.depth) > limits.depth) fail(`it nests lists and objects more than ${limits.depth} deep, deeper than any saved game`);
    if (!isObject(record)) fail('it holds no game');
    const stray = Object.keys(record).find((key) => !RECORD_KEYS.includes(key));
    if (stray !== undefined) fail(`it holds ${JSON.stringify(stray.slice(0, 40))}, which a saved game does not hold`);
    const missing = RECORD_KEYS.find((key) => !Object.hasOwn(record, key));
    if (missing !== undefined) fail(`it has no "${missing}"`);
    if (record.game !== fingerprint(game)) {
      const theirs = typeof record.rules === 'string' ? record.rules.slice(0, 200) : 'unnamed';
      fail(`it was played with other rules or cards (${theirs}), not these (${rulesName(game)}): open it on that game's page`);
    }
    if (!isObject(record.setup)) fail('its "setup" is not how a game begins');
    if (!Array.isArray(record.actions)) fail('its "actions" is not a list of moves');
    if (record.actions.length > limits.moves) {
      fail(`it holds ${thousands(record.actions.length)} moves, and a saved game holds at most ${thousands(limits.moves)}`);
    }
    record.actions.forEach((action, i) => {
      if (!isObject(action) || typeof action.type !== 'string') fail(`move ${i + 1} is not an action (an object with a "type")`);
    });
    checkSeats(game, record);
    const state = replay(game, record.setup, record.actions);
    return { state, setup: record.setup, seats: record.seats, actions: record.actions };
  }

  return { prefix, limits, save, load };
}
