// Saved games of 24: the setup and the actions, replayed through `apply` when loaded.
//
// Example:
//   const text = save(game, state.setup, actions);   // "gaslight-24-save/1.eyJn….3f9a01c2"
//   const { state, actions } = load(game, text);     // throws a SaveError naming what is wrong
//
// A game is its setup (seed, detectives, stand-in) and its actions: loading replays every action through
// the same `apply` as play, so a loaded game is a legal one, and an action the engine refuses is named by
// its move number. The text is encoded (not readable at a glance: it holds the seed and every hidden
// choice) and carries a checksum and the game data's fingerprint, so a text that was cut, edited or made
// for other rules is refused whole. Size and moves are bounded.

import { apply, newGame } from './engine.js';

export const SAVE_PREFIX = 'gaslight-24-save/1';
export const MAX_SAVE_CHARS = 400000;
/** Far more than a game needs (about 150 actions); a save with more is refused before any replay. */
export const MAX_MOVES = 5000;

export class SaveError extends Error {
  constructor(message) { super(`not a saved game of 24: ${message}`); this.name = 'SaveError'; }
}

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
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SaveError('it holds characters a saved game never holds (it was changed)');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The game data's fingerprint: a save opens only with the rules and deck it was played with. */
export const fingerprint = (game) => fnv1a(JSON.stringify(game.data));

const rulesName = (data) => `ruleset ${data.ruleset || '?'}${data.variant ? `, variant ${data.variant}` : ''}`;

/** The text of a game: its setup and every action so far. */
export function save(game, setup, actions) {
  const body = toBase64(JSON.stringify({
    game: fingerprint(game), rules: rulesName(game.data), setup: { seed: setup.seed, detectives: setup.detectives, npc: setup.npc }, actions,
  }));
  return `${SAVE_PREFIX}.${body}.${fnv1a(body)}`;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** {state, setup, actions} from `save`'s text, every action replayed; throws a SaveError naming what is wrong. */
export function load(game, text) {
  const raw = String(text).trim();
  if (raw.length > MAX_SAVE_CHARS) throw new SaveError(`it is ${raw.length} characters long, more than a game's ${MAX_SAVE_CHARS}`);
  const parts = raw.split('.');
  if (parts.length !== 3 || parts[0] !== SAVE_PREFIX) throw new SaveError(`a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`);
  if (fnv1a(parts[1]) !== parts[2]) throw new SaveError('the text was changed or cut short (its checksum does not match)');
  let saved;
  try { saved = JSON.parse(fromBase64(parts[1])); } catch (err) {
    if (err instanceof SaveError) throw err;
    throw new SaveError(`it cannot be read (${err.message})`);
  }
  if (!isObject(saved) || !isObject(saved.setup) || !Array.isArray(saved.actions)) throw new SaveError('it has no setup and actions');
  if (saved.game !== fingerprint(game)) {
    const theirs = typeof saved.rules === 'string' ? saved.rules.slice(0, 200) : 'unnamed';
    throw new SaveError(`it was played with other rules or cards (${theirs}), not these (${rulesName(game.data)}): open it on that game's page`);
  }
  if (saved.actions.length > MAX_MOVES) throw new SaveError(`it has ${saved.actions.length} moves, more than a game's ${MAX_MOVES}`);
  let state;
  try { state = newGame(game, saved.setup); } catch (err) { throw new SaveError(`its setup cannot be played (${err.message})`); }
  saved.actions.forEach((action, n) => {
    const r = apply(game, state, action);
    if (!r.ok) throw new SaveError(`move ${n + 1} is refused: ${r.reason}`);
    state = r.state;
  });
  return { state, setup: state.setup, actions: saved.actions };
}
