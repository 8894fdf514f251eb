// The play page's prompt and controls for each phase, and the colour legend. Every control acts
// through the page (`app.act`, `app.pending`, `app.render`); all text is set as text, never HTML.

import { el } from '../../assets/dom.js';
import {
  falseCluesAvailable, jackOptions, patrolQuota, PAWN_COLOURS, pawnLetterSendable, womenQuota,
} from './hunt.js';
import {
  colourOf, either, goulstonPawns, LETTER_NAMES, letterDistricts, letterName, pawnLetterPawns, pawnLetterPlaces,
  sendableLetters,
} from './letters.js';
import { beginPawnLetter, pawnLetterStage } from './choices.js';
import { perNight, policeSteps, timeLabel } from './rules.js';

/**
 * The prompt and controls of each phase for the side that acts: `(app, view, add) → prompt`,
 * where `add(...nodes)` puts buttons and fields under the prompt.
 */
export const CONTROLS = {
  hideout: () => 'Jack: choose your hideout (any circle that is not red).',
  women(app, v, add) {
    const q = womenQuota(app.board, v);
    const p = app.pending;
    add(app.button('Place the tokens', () => app.act({ type: 'women', marked: p.marked, unmarked: p.unmarked }), 'confirm'));
    return `Jack: place ${q.total} women tokens on red circles, ${q.marked} marked (first clicks are marked; click again to switch).`;
  },
  patrols(app, v, add) {
    const q = patrolQuota(app.board, v);
    const p = app.pending;
    add(app.button('Place the patrols', () => app.act({ type: 'patrols', real: p.real, fake: p.fake }), 'confirm'));
    const tokens = `${q.real} real and ${q.fake} blank (the first ${q.real} clicks are real, in pawn order; click again to switch)`;
    if (q.fixed.length === 0) return `Police: place ${q.real + q.fake} patrol tokens on yellow crossings: ${tokens}.`;
    return `Police: put a token on each of the ${q.fixed.length} crossings where your pawns ended last night (dashed `
      + `rings), and ${q.real + q.fake - q.fixed.length} more on other yellow crossings: ${tokens}.`;
  },
  letter(app, v, add) {
    const p = app.pending;
    const sendable = sendableLetters(app.board, v);
    if (!sendable.includes(p.letter)) { p.letter = null; p.letterFrom = []; }
    for (const n of sendable) {
      add(app.button(letterName(n, true), () => { p.letter = n; p.letterFrom = []; app.render(); }, `letter-${n}`));
    }
    add(app.button('Send no letter', () => app.act({ type: 'skip' }), 'skip'));
    if (p.letter === null) {
      return `Jack: you may send a letter tonight — ${LETTER_NAMES[1]} and ${LETTER_NAMES[3]} (letters 1 and 3) let you `
        + `move one patrol token yourself, ${LETTER_NAMES[2]} (letter 2) makes the police move two — or send none.`;
    }
    const where = either(letterDistricts(app.board, v, p.letter).map((d) => d.name));
    if (p.letter === 2) return `Jack: ${letterName(2)} — click two patrol tokens in ${where} (${p.letterFrom.length} of 2 picked).`;
    return p.letterFrom.length === 0 ? `Jack: ${letterName(p.letter)} — click a patrol token in ${where}.`
      : `Jack: ${letterName(p.letter)} — click the empty crossing the token moves to.`;
  },
  letterRelocate(app, v) {
    const n = v.turn.letterPatrols.length;
    return `Police: Jack's letter names ${n === 1 ? 'a patrol token' : `${n} patrol tokens`} (circled); `
      + `click ${n === 1 ? 'an empty crossing' : `${n} empty crossings`} to move ${n === 1 ? 'it' : 'them'} to `
      + `(${app.pending.relocate.length} of ${n} chosen).`;
  },
  crime(app, v, add) {
    const need = Math.min(perNight(v.parameters.victims_per_night, v.night), v.wretched.length);
    add(app.button('Kill', () => app.act({ type: 'kill', victims: app.pending.victims }), 'kill'),
      app.button('Wait', () => app.act({ type: 'wait' }), 'wait'));
    return `Jack: kill (${need === 1 ? 'click a women pawn: you start there' : `click ${need} women pawns, the last one is where you start`}) or wait. `
      + `Time of the crime: ${timeLabel(v.parameters, v.jack.waits)}.`;
  },
  moveWomen: (app, v) => `Police: move the women pawn on ${v.wretched[v.turn.woman]} (click a highlighted circle).`,
  revealPatrol: () => 'Jack: turn over one patrol token (click it).',
  jack(app, v, add) {
    const p = app.pending;
    const options = jackOptions(app.board, v);
    const open = { move: options.normal.length > 0, coach: options.coach.length > 0, alley: options.alley.length > 0 };
    if (!open[p.kind]) { p.kind = ['move', 'coach', 'alley'].find((k) => open[k]) || 'move'; p.coach = null; }  // never a dead prompt
    for (const kind of ['move', 'coach', 'alley']) {
      const label = kind === 'move' ? 'Normal move' : `${kind[0].toUpperCase()}${kind.slice(1)}`;
      const button = app.button(label, () => { p.kind = kind; p.coach = null; app.render(); }, `kind-${kind}`);
      button.disabled = !open[kind];
      button.setAttribute('aria-pressed', String(p.kind === kind));
      add(button);
    }
    app.escapeBox = el('input', { type: 'checkbox', checked: '', 'data-testid': 'escape' });
    add(el('label', { text: ' declare escape on reaching the hideout ' }, app.escapeBox));
    // Offered only on a night it can be sent; its place and pawn are picked on the board like the other letters'.
    const letter = pawnLetterSendable(app.board, v) && pawnLetterPlaces(app.board).some((pl) => app.board.isCrossing(pl.crossing))
      && pawnLetterPawns(v).length;
    if (letter) add(pawnLetterButton(app, v));
    else Object.assign(p, { pawnLetter: false, letterPlace: '', letterPawn: null });
    const stage = pawnLetterStage(p);
    if (stage === 'place') return `Jack: ${letterName(4)} — click the named place (highlighted) it sends a police pawn to.`;
    if (stage === 'pawn') {
      return `Jack: ${letterName(4)} to ${p.letterPlace} — click the pawn it sends there: the `
        + `${either(pawnLetterPawns(v).map(colourOf))} pawn (highlighted).`;
    }
    const sending = p.pawnLetter ? ` With this move you send ${letterName(4)}: the ${colourOf(p.letterPawn)} pawn to ${p.letterPlace}.` : '';
    const how = {
      move: open.move ? 'click a highlighted circle to move there, or choose Coach or Alley first' : 'choose Coach or Alley',
      coach: p.coach === null ? 'coach: click the circle to pass through' : `coach through ${p.coach}: click where it ends`,
      alley: 'alley: click a highlighted circle across the block',
    }[p.kind];
    const boxed = open.move ? '' : ` Police hold every way out of ${v.jack.pos}, so you cannot walk: `
      + `take ${open.coach && open.alley ? 'a coach or an alley' : open.coach ? 'a coach' : 'an alley'}.`;
    return `Jack: ${how}. You are on ${v.jack.pos}; your hideout is ${v.jack.hideout}.${boxed}${sending}`;
  },
  goulston(app, v, add) {
    const pawns = goulstonPawns(v, v.turn.letterPawn);
    for (const i of pawns) add(app.button(`${colourOf(i)} pawn`, () => app.act({ type: 'goulston', pawn: i }), `goulston-${i}`));
    return `Police: Jack's pawn letter (${LETTER_NAMES[4]}) — the head of investigation sends the ${either(pawns.map(colourOf))} pawn `
      + `to ${v.turn.letterPlace} at once.`;
  },
  falseClue(app, v, add) {
    add(app.button('Skip', () => app.act({ type: 'skip' }), 'skip'));
    return `Jack: you may lay ${falseCluesAvailable(v)} false clue(s): click a circle, or skip.`;
  },
  policeMove: (app, v) => `Police: move the ${PAWN_COLOURS[v.turn.pawn]} pawn from ${app.board.crossingName(v.pawns[v.turn.pawn])} `
    + `(0–${policeSteps(v.parameters)} crossings; click its own crossing to stay).`,
  policeAction(app, v, add) {
    const p = app.pending;
    const started = v.turn.searched.length > 0;
    if (!started) {
      const wide = v.options.wide_area_arrest;
      add(app.button('Search', () => { p.search = 'search'; app.render(); }, 'mode-search'),
        app.button(wide ? 'Arrest on every neighbour' : 'Arrest',
          () => (wide ? app.act({ type: 'arrest' }) : (p.search = 'arrest', app.render())), 'mode-arrest'));
    }
    add(app.button(started ? 'Stop searching' : 'Pass', () => { p.search = 'search'; app.act({ type: 'pass' }); }, 'pass'));
    const pawn = `the ${PAWN_COLOURS[v.turn.pawn]} pawn on ${app.board.crossingName(v.pawns[v.turn.pawn])}`;
    if (started) return `Police: ${pawn} found no clue yet: click another highlighted circle to search it, or stop searching.`;
    return p.search === 'arrest'
      ? `Police: ${pawn} arrests: click the highlighted circle where you think Jack is (or choose Search).`
      : `Police: ${pawn} searches: click a highlighted circle to look for clues, choose Arrest, or pass.`;
  },
};

/** The pawn letter on Jack's move: a button that starts it (its place and pawn are then picked on the board) or cancels it. */
function pawnLetterButton(app, v) {
  const p = app.pending;
  const button = app.button(p.pawnLetter ? `Cancel ${letterName(4)}` : `Send ${letterName(4)} with this move`, () => {
    if (p.pawnLetter) Object.assign(p, { pawnLetter: false, letterPlace: '', letterPawn: null });
    else beginPawnLetter(app.board, v, p);
    app.render();
  }, 'pawn-letter');
  button.setAttribute('aria-pressed', String(p.pawnLetter));
  return button;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A small drawing of a board mark, with the board's own classes so it takes the board's colours. */
function swatch(shape, cls) {
  const make = (tag, attrs) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  };
  // The board's classes go on an inner <svg>, not a <g>: a board mark is a <g>, and this is no choice on the board.
  const drawing = make('svg', { viewBox: '0 0 20 20', width: 18, height: 18, class: 'gl-swatch', 'aria-hidden': 'true' });
  const mark = shape === 'rect' ? make('rect', { x: 3, y: 3, width: 14, height: 14 }) : make('circle', { cx: 10, cy: 10, r: 7.5 });
  if (shape === 'pawn') mark.setAttribute('class', cls);
  const inner = make('svg', { class: shape === 'pawn' ? 'gl-swatch-mark' : cls, overflow: 'visible' });
  inner.append(mark);
  drawing.append(inner);
  return drawing;
}

/** What the marks and colours on the board mean: Jack, the hideout, the women, the pawns, the picks. */
export function legend() {
  const items = [
    ['circle', 'gl-circle jack', 'Jack (on his own view)'], ['circle', 'gl-circle hideout', 'Jack\'s hideout (green ring)'],
    ['circle', 'gl-circle red', 'red circle: women tokens go here'], ['circle', 'gl-circle woman', 'women token or women pawn'],
    ['circle', 'gl-circle woman marked', 'marked women token (Jack\'s view)'], ['circle', 'gl-circle scene', 'crime scene'],
    ['circle', 'gl-circle clue', 'clue found tonight'], ['circle', 'gl-circle false-clue', 'false clue'],
    ['circle', 'gl-circle possible', 'where Jack could be (police overlay)'], ['circle', 'gl-circle target', 'you may choose this'],
    ['rect', 'gl-crossing yellow', 'yellow crossing: first-night patrol start'], ['rect', 'gl-crossing patrol', 'face-down patrol token'],
    ...PAWN_COLOURS.map((c) => ['pawn', `gl-pawn ${c}`, `${c} police pawn`]),
    ['circle', 'gl-circle pick-marked', 'your pick: real token, marked woman, letter token (dark blue, solid)'],
    ['circle', 'gl-circle pick', 'your pick: blank token, unmarked woman, victim, new crossing (light grey, dashed)'],
  ];
  return el('details', { class: 'gl-legend', 'data-testid': 'legend' }, el('summary', { text: 'Legend' }),
    el('ul', {}, ...items.map(([shape, cls, text]) => el('li', {}, swatch(shape, cls), el('span', { text })))));
}
