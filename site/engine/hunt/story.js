// What the play page tells the players: a line per public log event, and the summary of the night
// just ended, shown until the next crime. Text only (the page sets it with textContent).
//
// Example:
//   logLines(board, [{ e: 'search', circle: 12, found: true }])   // → ['Search on 12: a clue.']
//   nightSummary(board, view(state, 'police'))                      // → 'Night 1 is over: …' or null

import { andList } from './board.js';
import { colourOf, letterName } from './letters.js';
import { perNight } from './rules.js';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The line a log event shows, or null for an event with nothing to say. */
export function logLine(board, e) {
  switch (e.e) {
    case 'head': return `The ${colourOf(e.pawn)} pawn's player heads the investigation tonight.`;
    case 'scenes': return `Crime scene${e.circles.length > 1 ? 's' : ''}: ${andList(e.circles.map(String))}; `
      + `${e.moves} moves on the track.`;
    case 'jack': return `Jack moves (${e.kind === 'normal' ? 'on foot' : `by ${e.kind}`}).`;
    case 'search': return `Search on ${e.circle}: ${e.found ? 'a clue' : 'nothing'}.`;
    case 'arrest': return `Arrest on ${andList(e.circles.map(String))}: ${e.success ? 'Jack is caught.' : 'nobody there.'}`;
    case 'wait': return 'Jack waits; the women move.';
    case 'patrol': return `Patrol token on ${board.crossingName(e.at)} turned over: ${e.real ? 'real' : 'blank'}.`;
    case 'falseClue': return `A false clue on ${e.circle}.`;
    case 'letter': return `Jack sends ${letterName(e.letter)}${e.place ? ` to ${e.place}` : ''}.`;
    case 'women': return `The women now stand on ${andList(e.circles.map(String))}.`;
    default: return null;
  }
}

export const logLines = (board, log) => log.map((e) => logLine(board, e)).filter((line) => line !== null);

/**
 * The summary of the night just ended, from a view: how Jack got home, the clues found, the crime
 * scenes and what tonight brings. Null once tonight's crime is done, before the first night ends,
 * and when the game is over. Jack's route shows only in a view that holds it.
 */
export function nightSummary(board, v) {
  const last = v.nights.at(-1);
  if (!last || v.phase === 'over' || v.log.some((e) => e.e === 'scenes')) return null;
  const clues = [...new Set(last.log.filter((e) => e.e === 'search' && e.found).map((e) => e.circle))].sort((a, b) => a - b);
  const arrests = last.log.filter((e) => e.e === 'arrest').length;
  const parts = [`Night ${last.night} is over: Jack reached his hideout after ${plural(last.moves, 'move')}.`];
  parts.push(clues.length ? `The police found ${plural(clues.length, 'clue')} (on ${andList(clues.map(String))})`
    : 'The police found no clue');
  parts[1] += arrests ? ` and tried ${plural(arrests, 'arrest')}.` : '.';
  if (last.route) parts.push(`Jack's route: ${last.route.join(' → ')}.`);
  const scenes = v.scenes.map((s) => s.circle);
  if (scenes.length) parts.push(`Crime scenes so far: ${andList(scenes.map(String))} (no women token goes there again).`);
  const p = v.parameters;
  const women = perNight(p.women_per_night, v.night);
  const marked = perNight(p.marked_women_per_night, v.night);
  parts.push(`Night ${v.night}: ${plural(women, 'women token')}, ${marked} marked; Jack has `
    + `${v.jack.coaches} coach${v.jack.coaches === 1 ? '' : 'es'} and ${plural(v.jack.alleys, 'alley')}; `
    + 'one patrol token, real or blank, goes where each police pawn ended, the others on other yellow crossings.');
  return parts.join(' ');
}
