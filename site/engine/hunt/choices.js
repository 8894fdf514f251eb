// The legal choices on the board for the decision at hand, as the play page highlights them (and as the
// keyboard and a tap reach them), and the pawn letter's two picks on the board.
//
// Example:
//   legalTargets(board, view, 'jack', pending)   // → Set {12, 14, 27}  circles Jack may move to
//   pawnLetterStage(pending)                     // → 'place', 'pawn' or null (nothing left to pick)

import { actor, jackOptions, patrolQuota, searchable, womenQuota } from './hunt.js';
import { freeCrossings, LETTER_TOKENS, letterTokens, pawnLetterPawns, pawnLetterPlaces } from './letters.js';
import { policeSteps, womanTargets } from './rules.js';

/** What the pawn letter being written still needs picked on the board: its place, its pawn, or nothing. */
export function pawnLetterStage(pending) {
  if (!pending.pawnLetter) return null;
  if (!pending.letterPlace) return 'place';
  return pending.letterPawn === null ? 'pawn' : null;
}

/** Crossing → the named place there the pawn letter may send a pawn to. */
function letterPlaces(board) {
  return new Map(pawnLetterPlaces(board).filter((p) => board.isCrossing(p.crossing)).map((p) => [p.crossing, p.name]));
}

/** Start writing the pawn letter: a single place or pawn is picked at once, the rest are clicked on the board. */
export function beginPawnLetter(board, v, pending) {
  const places = [...letterPlaces(board).values()];
  const pawns = pawnLetterPawns(v);
  Object.assign(pending, { pawnLetter: true, letterPlace: places.length === 1 ? places[0] : '',
    letterPawn: pawns.length === 1 ? pawns[0] : null });
}

/** Pick crossing `k` for the pawn letter: null when taken, or the key of the words saying why it cannot be. */
export function pickForPawnLetter(board, v, pending, k) {
  const stage = pawnLetterStage(pending);
  if (stage === 'place') {
    const place = letterPlaces(board).get(k);
    if (place === undefined) return 'letter.pawnNotPlace';
    pending.letterPlace = place;
    return null;
  }
  const pawn = pawnLetterPawns(v).find((i) => v.pawns[i] === k);
  if (pawn === undefined) return 'letter.pawnNotPawn';
  pending.letterPawn = pawn;
  return null;
}

/** Circles or crossings the side on screen may choose now (empty when the other side acts). */
export function legalTargets(b, v, role, pending) {
  const out = new Set();
  if (actor(v) !== role) return out;
  if (v.phase === 'moveWomen') {
    const i = v.turn.woman;
    for (const c of womanTargets(b, v.wretched[i], { patrols: v.patrols.map((p) => p.at),
      occupied: v.wretched.filter((_, j) => j !== i), scenes: v.scenes.map((s) => s.circle) })) out.add(c);
  } else if (v.phase === 'jack' && pawnLetterStage(pending) === 'place') {
    letterPlaces(b).forEach((_, k) => out.add(k));
  } else if (v.phase === 'jack' && pawnLetterStage(pending) === 'pawn') {
    pawnLetterPawns(v).forEach((i) => out.add(v.pawns[i]));
  } else if (v.phase === 'jack') {
    const o = jackOptions(b, v);
    if (pending.kind === 'move') o.normal.forEach((c) => out.add(c));
    if (pending.kind === 'alley') o.alley.forEach((c) => out.add(c));
    if (pending.kind === 'coach') {
      for (const [via, to] of o.coach) if (pending.coach === null || via === pending.coach) out.add(pending.coach === null ? via : to);
    }
  } else if (v.phase === 'policeMove') {
    const i = v.turn.pawn;
    b.policeMoves(v.pawns[i], v.pawns.filter((_, j) => j !== i), policeSteps(v.parameters)).forEach((k) => out.add(k));
  } else if (v.phase === 'policeAction') {
    searchable(b, v).forEach((c) => out.add(c));
  } else if (v.phase === 'hideout') {
    b.circles.filter((c) => !b.red.includes(c)).forEach((c) => out.add(c));
  } else if (v.phase === 'women') {
    womenQuota(b, v).free.forEach((c) => out.add(c));
  } else if (v.phase === 'patrols') {
    const q = patrolQuota(b, v);
    [...q.fixed, ...q.others].forEach((k) => out.add(k));
  } else if (v.phase === 'crime') {
    v.wretched.forEach((c) => out.add(c));
  } else if (v.phase === 'revealPatrol') {
    v.patrols.filter((p) => !p.revealed).forEach((p) => out.add(p.at));
  } else if (v.phase === 'letter' && pending.letter !== null) {
    const n = pending.letter;
    if (pending.letterFrom.length < LETTER_TOKENS[n]) letterTokens(b, v, n).forEach((t) => out.add(t.at));
    else freeCrossings(b, v).forEach((k) => out.add(k));
  } else if (v.phase === 'letterRelocate') {
    const named = v.turn.letterPatrols;
    b.crossings.filter((k) => !v.patrols.some((p) => p.at === k && !named.includes(k))).forEach((k) => out.add(k));
  }
  return out;
}
