// Jack's letters (optional rule, seed 003): what each letter may name on this board tonight.
//
// Example:
//   letterTokens(board, state, 2)   // → [{at: 'k12', district: 'D2'}, …] tokens the second letter may pick
//   pawnLetterPawns(state)          // → [1, 2, 3]  the red, green and blue pawns
//
// A board assigns districts to the first three letters and a place to the pawn letter
// (`letters: {first, second, third, pawn}` in its file). A board that assigns none lets each
// letter name any district (the third not the first's) and the pawn letter any named place.

import { crossing, either as reasonEither, json, why } from './reasons.js';

/** Pawn colours by pawn index: the head-of-investigation tiles and the pawn letter name pawns by colour. */
export const PAWN_COLOURS = ['yellow', 'red', 'green', 'blue', 'brown'];

const ORDINAL = { 1: 'first', 2: 'second', 3: 'third' };

/** The letters' names in the published game (seed 003): the pawn letter is the fourth. */
export const LETTER_NAMES = Object.freeze({ 1: 'Dear Boss', 2: 'Saucy Jacky', 3: 'From Hell', 4: 'Goulston Street' });

/** How many patrol tokens letter 1, 2 or 3 picks. */
export const LETTER_TOKENS = { 1: 1, 2: 2, 3: 1 };

export const colourOf = (pawn) => PAWN_COLOURS[pawn] || `pawn ${pawn}`;

/** "a, b or c" */
export function either(words) {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** Crossings with no patrol token on them (where letters 1 and 3 may move one), in board order. */
export function freeCrossings(board, state) {
  const taken = new Set(state.patrols.map((p) => p.at));
  return board.crossings.filter((k) => !taken.has(k));
}

/** The districts letter 1, 2 or 3 may pick tokens in tonight. */
export function letterDistricts(board, state, n) {
  const declared = board.letters ? board.letters[ORDINAL[n]] : null;
  if (declared) return board.districts.filter((d) => declared.includes(d.id));
  return board.districts.filter((d) => !(n === 3 && d.id === state.jack.letterDistrict));
}

/** The patrol tokens letter 1, 2 or 3 may pick tonight, each with the district it lies in. */
export function letterTokens(board, state, n) {
  const districts = letterDistricts(board, state, n);
  const out = [];
  for (const p of state.patrols) {
    const home = districts.find((d) => d.crossings.includes(p.at));
    if (home) out.push({ at: p.at, district: home.id });
  }
  return out;
}

/** Letters 1–3 Jack may still send tonight: not sent yet, with enough tokens in their districts. */
export function sendableLetters(board, state) {
  return [1, 2, 3].filter((n) => !state.jack.letters.includes(n)
    && letterTokens(board, state, n).length >= LETTER_TOKENS[n]);
}

/** Why letter `n` cannot pick the tokens `from` (a list): a why(...) of reasons.js, or null when it can. */
export function letterRefusal(board, state, n, from) {
  const names = letterDistricts(board, state, n).map((d) => d.name || d.id);
  const where = names.length ? reasonEither(names) : why('noDistrict');
  const allowed = letterTokens(board, state, n);
  const need = LETTER_TOKENS[n];
  const letter = why(`ordinal.${n}`);
  const tokens = why(`tokens.${need}`);
  if (allowed.length < need) {
    const lie = allowed.length === 1 ? why('lie.1') : why('lie.many', { n: allowed.length });
    return why('letterScarce', { letter, tokens, where, lie });
  }
  if (from.length !== need || new Set(from).size !== need) return why('letterPicks', { letter, tokens, where });
  const bad = from.find((k) => !allowed.some((t) => t.at === k));
  if (bad !== undefined && !board.isCrossing(bad)) return why('notCrossing', { value: json(bad) });
  if (bad !== undefined) return why('letterNoToken', { crossing: crossing(bad), where });
  return null;
}

/** Pawns the pawn letter may name (by index): the `pawn_letter_pawns` colours in play. */
export function pawnLetterPawns(state) {
  const colours = state.parameters.pawn_letter_pawns || [];
  return colours.map((c) => PAWN_COLOURS.indexOf(c)).filter((i) => i >= 0 && i < state.pawns.length);
}

/** The pawn the head of investigation may send instead of the named one (by index), or null. */
export function pawnLetterAlternative(state) {
  const i = PAWN_COLOURS.indexOf(state.parameters.pawn_letter_alternative);
  return i >= 0 && i < state.pawns.length ? i : null;
}

/** Places the pawn letter may send a pawn to: the board's own choice, or every named place. */
export function pawnLetterPlaces(board) {
  const declared = board.letters ? board.letters.pawn : null;
  return declared ? board.places.filter((p) => p.name === declared) : board.places;
}

/** The pawns the head of investigation may send after the pawn letter named `named`. */
export function goulstonPawns(state, named) {
  const alternative = pawnLetterAlternative(state);
  return alternative === null || alternative === named ? [named] : [named, alternative];
}
