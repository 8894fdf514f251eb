// What choosing a circle or a crossing on the play page's board does in each phase (a click, a tap or
// Enter: boardinput.js turns each into one choice): it adds to the picks of the decision at hand
// (`app.pending`) and redraws the page, or acts through the page (`app.act`). The page has checked that
// a game is on and that the side on screen is the one to act.

import { pawnLetterStage, pickForPawnLetter } from './choices.js';
import { patrolQuota, womenQuota } from './hunt.js';
import { LETTER_TOKENS, letterTokens } from './letters.js';

/** Circle `c` chosen in the view `v` by the side to act. */
export function clickCircle(app, c, v) {
  const p = app.pending;
  const toggle = (list, x) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);
  switch (v.phase) {
    case 'hideout': app.act({ type: 'hideout', circle: c }); break;
    case 'women': {
      const { marked } = womenQuota(app.board, v);
      if (p.marked.includes(c)) { p.marked = p.marked.filter((x) => x !== c); p.unmarked = [...p.unmarked, c]; } else if (p.unmarked.includes(c)) p.unmarked = p.unmarked.filter((x) => x !== c);
      else if (p.marked.length < marked) p.marked = [...p.marked, c];
      else p.unmarked = [...p.unmarked, c];
      app.render();
      break;
    }
    case 'crime': p.victims = toggle(p.victims, c); app.render(); break;
    case 'moveWomen': app.act({ type: 'moveWoman', to: c }); break;
    case 'jack':
      if (pawnLetterStage(p)) app.say(app.t(pawnLetterStage(p) === 'place' ? 'letter.pawnFirstPlace' : 'letter.pawnFirstPawn'));
      else if (p.kind === 'coach') {
        if (p.coach === null) { p.coach = c; app.render(); } else app.act(withLetter(app, { type: 'coach', via: p.coach, to: c }));
      } else if (p.kind === 'alley') app.act(withLetter(app, { type: 'alley', to: c }));
      else app.act(withLetter(app, { type: 'move', to: c, escape: c === v.jack.hideout && app.escapeBox && app.escapeBox.checked }));
      break;
    case 'falseClue': app.act({ type: 'falseClue', circle: c }); break;
    case 'policeAction': app.act(p.search === 'arrest' ? { type: 'arrest', circle: c } : { type: 'search', circle: c }); break;
    default: app.say(app.t('clickCrossing'));
  }
}

/** A Jack move with the pawn letter attached when one is chosen. */
function withLetter(app, action) {
  const p = app.pending;
  return p.pawnLetter ? { ...action, letter: 4, place: p.letterPlace, pawn: p.letterPawn } : action;
}

/** Crossing `k` chosen in the view `v` by the side to act. */
export function clickCrossing(app, k, v) {
  const p = app.pending;
  switch (v.phase) {
    case 'patrols': {
      const q = patrolQuota(app.board, v);
      if (p.real.includes(k)) { p.real = p.real.filter((x) => x !== k); p.fake = [...p.fake, k]; } else if (p.fake.includes(k)) p.fake = p.fake.filter((x) => x !== k);
      else if (p.real.length < q.real) p.real = [...p.real, k];
      else p.fake = [...p.fake, k];
      app.render();
      break;
    }
    case 'revealPatrol': app.act({ type: 'revealPatrol', at: k }); break;
    case 'policeMove': app.act({ type: 'policeMove', to: k }); break;
    case 'letter': clickLetter(app, k, v); break;
    case 'jack': {
      const refusal = pawnLetterStage(p) ? pickForPawnLetter(app.board, v, p, k) : 'clickCircle';
      if (refusal) app.say(app.t(refusal)); else { app.say(''); app.render(); }
      break;
    }
    case 'letterRelocate': {
      p.relocate = p.relocate.includes(k) ? p.relocate.filter((x) => x !== k) : [...p.relocate, k];
      if (p.relocate.length === v.turn.letterPatrols.length) app.act({ type: 'relocate', to: p.relocate });
      else app.render();
      break;
    }
    default: app.say(app.t('clickCircle'));
  }
}

/** Letters by clicking: the letter's tokens first, then (letters 1 and 3) where the token goes. */
function clickLetter(app, k, v) {
  const p = app.pending;
  if (p.letter === null) { app.say(app.t('chooseLetter')); return; }
  const need = LETTER_TOKENS[p.letter];
  if (p.letterFrom.length < need || p.letterFrom.includes(k)) {
    if (!letterTokens(app.board, v, p.letter).some((t) => t.at === k)) {
      app.say(app.t('letter.notItsToken', { n: p.letter }));
      return;
    }
    p.letterFrom = p.letterFrom.includes(k) ? p.letterFrom.filter((x) => x !== k) : [...p.letterFrom, k];
    if (p.letter === 2 && p.letterFrom.length === 2) app.act({ type: 'letter', letter: 2, from: p.letterFrom });
    else { app.say(''); app.render(); }
    return;
  }
  app.act({ type: 'letter', letter: p.letter, from: p.letterFrom[0], to: k });
}
