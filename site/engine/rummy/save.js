// Saved Ripper rummy games: the setup (players, seed, which game data) and the list of actions, replayed
// through `apply` on load, so a saved game can only ever reach states the rules allow.
//
// Example:
//   const text = save(game, { players: 3, seed: 7 }, actions);   // "gaslight-rummy-save/1.eyJ….3f9a01c2"
//   const { state } = load(game, text);   // throws an Error naming what is wrong, or the move that is refused
//
// The text holds the seed, which decides every shuffle, so it is encoded rather than written out (nobody reads
// the deck off it by eye) and a checksum catches a text cut short or edited. Its size is bounded.

import { apply, newGame } from './engine.js';
import { shown } from './rules.js';

export const SAVE_PREFIX = 'gaslight-rummy-save/1';
/** Bounds on what a save text may hold (a long game is a few thousand actions). */
export const MAX_SAVE_CHARS = 2_000_000;
export const MAX_ACTIONS = 100_000;

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
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const PRINTS = new WeakMap();

/** A short digest of everything in the game data that changes play (cards, numbers, options). */
export function fingerprint(game) {
  if (!PRINTS.has(game)) {
    const cards = game.deck.map((id) => { const c = game.cards[id]; return [id, c.kind, c.suit, c.also, c.points]; });
    PRINTS.set(game, fnv1a(JSON.stringify([game.parameters, game.options, game.suspects, game.victims, cards])));
  }
  return PRINTS.get(game);
}

/** The game as one line of text: its setup and its actions. */
export function save(game, { players, seed }, actions) {
  if (actions.length > MAX_ACTIONS) throw new Error(`a saved game holds at most ${MAX_ACTIONS} actions (this one has ${actions.length})`);
  const body = toBase64(JSON.stringify({ game: game.id, variant: game.variant, data: fingerprint(game), players, seed, actions }));
  return `${SAVE_PREFIX}.${body}.${fnv1a(body)}`;
}

const fail = (why) => { throw new Error(`not a saved game: ${why}`); };
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** {setup, actions, state} from `save`'s text, replayed through the engine; throws an Error naming what is wrong. */
export function load(game, text) {
  const raw = String(text).trim();
  if (raw.length > MAX_SAVE_CHARS) fail(`it is longer than ${MAX_SAVE_CHARS} characters`);
  const parts = raw.split('.');
  if (parts.length !== 3 || parts[0] !== SAVE_PREFIX) fail(`a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`);
  if (fnv1a(parts[1]) !== parts[2]) fail('the text was changed or cut short (its checksum does not match)');
  let saved;
  try { saved = JSON.parse(fromBase64(parts[1])); } catch (err) { fail(`it cannot be read (${err.message})`); }
  if (!isObject(saved)) fail('it holds no game');
  if (saved.game !== game.id) fail(`it is a game of ${shown(saved.game)}, not "${game.id}"`);
  if (saved.data !== fingerprint(game)) {
    fail(`it was played with other cards or rules than this page's${typeof saved.variant === 'string' ? ` (variant ${shown(saved.variant)})` : ''}`);
  }
  if (!Number.isInteger(saved.seed)) fail('its seed is not a whole number');
  if (!game.playerCounts.includes(saved.players)) fail(`its ${shown(saved.players)} players do not fit this game`);
  if (!Array.isArray(saved.actions) || saved.actions.length > MAX_ACTIONS) fail(`its actions are not a list of at most ${MAX_ACTIONS}`);
  const setup = { players: saved.players, seed: saved.seed };
  let state = newGame(game, setup);
  saved.actions.forEach((action, i) => {
    if (!isObject(action)) fail(`move ${i + 1} is not an action`);
    const result = apply(game, state, action);
    if (!result.ok) fail(`move ${i + 1} (${shown(action.type)} by seat ${shown(action.seat)}) is refused: ${result.reason}`);
    state = result.state;
  });
  return { setup, actions: saved.actions, state };
}
