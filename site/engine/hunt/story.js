// What the play page tells the players: a line per public log event, and the summary of the night
// just ended, shown until the next crime. Text only (the page sets it with textContent). The words come from the
// page's message table (`t`, messages.js; English when none is given).
//
// Example:
//   logLines(board, [{ e: 'search', circle: 12, found: true }])   // → ['Search on 12: a clue.']
//   nightSummary(board, view(state, 'police'))                      // → 'Night 1 is over: …' or null

import { LETTER_NAMES, PAWN_COLOURS } from './letters.js';
import { andIn, colourIn, countIn, huntWords, letterIn } from './messages.js';
import { perNight } from './rules.js';
import { crossingIn } from './reasons.js';

const ENGLISH = huntWords('en');

/** The line a log event shows, or null for an event with nothing to say. */
export function logLine(board, e, t = ENGLISH) {
  const circles = () => andIn(t, e.circles.map(String));
  switch (e.e) {
    case 'head': return t('log.head', { colour: colourIn(t, e.pawn, PAWN_COLOURS) });
    case 'scenes': return t(e.circles.length > 1 ? 'log.scenes' : 'log.scene', { circles: circles(), moves: e.moves });
    case 'jack': return t(`log.jack.${e.kind}`);
    case 'search': return t(e.found ? 'log.searchClue' : 'log.searchNothing', { circle: e.circle });
    case 'arrest': return t(e.success ? 'log.arrestCaught' : 'log.arrestNobody', { circles: circles() });
    case 'wait': return t('log.wait');
    case 'patrol': return t(e.real ? 'log.patrolReal' : 'log.patrolBlank', { crossing: crossingIn(t, board, e.at) });
    case 'falseClue': return t('log.falseClue', { circle: e.circle });
    case 'letter': return t(e.place ? 'log.letterTo' : 'log.letter', { letter: letterIn(t, e.letter, LETTER_NAMES), place: e.place });
    case 'women': return t('log.women', { circles: circles() });
    default: return null;
  }
}

export const logLines = (board, log, t = ENGLISH) => log.map((e) => logLine(board, e, t)).filter((line) => line !== null);

/**
 * The summary of the night just ended, from a view: how Jack got home, the clues found, the crime
 * scenes and what tonight brings. Null once tonight's crime is done, before the first night ends,
 * and when the game is over. Jack's route shows only in a view that holds it.
 */
export function nightSummary(board, v, t = ENGLISH) {
  const last = v.nights.at(-1);
  if (!last || v.phase === 'over' || v.log.some((e) => e.e === 'scenes')) return null;
  const clues = [...new Set(last.log.filter((e) => e.e === 'search' && e.found).map((e) => e.circle))].sort((a, b) => a - b);
  const arrests = last.log.filter((e) => e.e === 'arrest').length;
  const parts = [t('summary.over', { night: last.night, moves: countIn(t, last.moves, 'move') })];
  const found = { clues: countIn(t, clues.length, 'clue'), circles: andIn(t, clues.map(String)),
    arrests: countIn(t, arrests, 'arrest') };
  parts.push(t(`summary.${clues.length ? 'clues' : 'noClue'}${arrests ? 'Arrests' : ''}`, found));
  if (last.route) parts.push(t('route', { route: last.route.join(' → ') }));
  const scenes = v.scenes.map((s) => s.circle);
  if (scenes.length) parts.push(t('summary.scenes', { circles: andIn(t, scenes.map(String)) }));
  const p = v.parameters;
  const women = perNight(p.women_per_night, v.night);
  const marked = perNight(p.marked_women_per_night, v.night);
  parts.push(t('summary.tonight', { night: v.night, women: countIn(t, women, 'woman'), marked,
    coaches: countIn(t, v.jack.coaches, 'coach'), alleys: countIn(t, v.jack.alleys, 'alley') }));
  return parts.join(t.lang === 'ja' ? '' : ' ');
}
