// The play page's prompt and controls for each phase, and the colour legend. Every control acts
// through the page (`app.act`, `app.pending`, `app.render`); all text is set as text, never HTML. Every word
// comes from the page's message table (`app.t`, messages.js), in the page's language.

import { el } from '../../assets/dom.js';
import {
  falseCluesAvailable, jackOptions, patrolQuota, PAWN_COLOURS, pawnLetterSendable, womenQuota,
} from './hunt.js';
import {
  goulstonPawns, LETTER_NAMES, letterDistricts, pawnLetterPawns, pawnLetterPlaces, sendableLetters,
} from './letters.js';
import { colourIn, eitherIn, letterIn } from './messages.js';
import { beginPawnLetter, pawnLetterStage } from './choices.js';
import { perNight, policeSteps, timeSpaces } from './rules.js';
import { crossingIn } from './reasons.js';

/**
 * The prompt and controls of each phase for the side that acts: `(app, view, add) → prompt`,
 * where `add(...nodes)` puts buttons and fields under the prompt.
 */
/** The time of the crime: the track's own label for the space, else "2 of 5" in the page's words. */
function timeIn(t, parameters, waits) {
  const spaces = parameters.time_of_crime_spaces;
  return Array.isArray(spaces) ? String(spaces[spaces.length - 1 - waits]) : t('time.of', { n: waits + 1, total: timeSpaces(parameters) });
}

const colourOf = (app, pawn) => colourIn(app.t, pawn, PAWN_COLOURS);
const letterName = (app, n, start = false) => letterIn(app.t, n, LETTER_NAMES, start);

export const CONTROLS = {
  hideout: (app) => app.t('prompt.hideout'),
  women(app, v, add) {
    const q = womenQuota(app.board, v);
    const p = app.pending;
    add(app.button(app.t('button.placeTokens'), () => app.act({ type: 'women', marked: p.marked, unmarked: p.unmarked }), 'confirm'));
    return app.t('prompt.women', { total: q.total, marked: q.marked });
  },
  patrols(app, v, add) {
    const q = patrolQuota(app.board, v);
    const p = app.pending;
    add(app.button(app.t('button.placePatrols'), () => app.act({ type: 'patrols', real: p.real, fake: p.fake }), 'confirm'));
    const tokens = app.t('patrolTokens', { real: q.real, fake: q.fake });
    if (q.fixed.length === 0) return app.t('prompt.patrolsFirst', { count: q.real + q.fake, tokens });
    return app.t('prompt.patrolsLater', { fixed: q.fixed.length, more: q.real + q.fake - q.fixed.length, tokens });
  },
  letter(app, v, add) {
    const p = app.pending;
    const sendable = sendableLetters(app.board, v);
    if (!sendable.includes(p.letter)) { p.letter = null; p.letterFrom = []; }
    for (const n of sendable) {
      add(app.button(letterName(app, n, true), () => { p.letter = n; p.letterFrom = []; app.render(); }, `letter-${n}`));
    }
    add(app.button(app.t('button.noLetter'), () => app.act({ type: 'skip' }), 'skip'));
    if (p.letter === null) {
      return app.t('prompt.letterChoice', { first: LETTER_NAMES[1], second: LETTER_NAMES[2], third: LETTER_NAMES[3] });
    }
    const where = eitherIn(app.t, letterDistricts(app.board, v, p.letter).map((d) => d.name));
    if (p.letter === 2) return app.t('prompt.letterTwo', { letter: letterName(app, 2), where, picked: p.letterFrom.length });
    return p.letterFrom.length === 0 ? app.t('prompt.letterToken', { letter: letterName(app, p.letter), where })
      : app.t('prompt.letterTarget', { letter: letterName(app, p.letter) });
  },
  letterRelocate(app, v) {
    const n = v.turn.letterPatrols.length;
    return app.t(n === 1 ? 'prompt.relocateOne' : 'prompt.relocateMany', { n, chosen: app.pending.relocate.length });
  },
  crime(app, v, add) {
    const need = Math.min(perNight(v.parameters.victims_per_night, v.night), v.wretched.length);
    add(app.button(app.t('button.kill'), () => app.act({ type: 'kill', victims: app.pending.victims }), 'kill'),
      app.button(app.t('button.wait'), () => app.act({ type: 'wait' }), 'wait'));
    const how = need === 1 ? app.t('crime.one') : app.t('crime.many', { need });
    return app.t('prompt.crime', { how, time: timeIn(app.t, v.parameters, v.jack.waits) });
  },
  moveWomen: (app, v) => app.t('prompt.moveWomen', { circle: v.wretched[v.turn.woman] }),
  revealPatrol: (app) => app.t('prompt.revealPatrol'),
  jack(app, v, add) {
    const p = app.pending;
    const options = jackOptions(app.board, v);
    const open = { move: options.normal.length > 0, coach: options.coach.length > 0, alley: options.alley.length > 0 };
    if (!open[p.kind]) { p.kind = ['move', 'coach', 'alley'].find((k) => open[k]) || 'move'; p.coach = null; }  // never a dead prompt
    for (const kind of ['move', 'coach', 'alley']) {
      const label = app.t(`kind.${kind}`);
      const button = app.button(label, () => { p.kind = kind; p.coach = null; app.render(); }, `kind-${kind}`);
      button.disabled = !open[kind];
      button.setAttribute('aria-pressed', String(p.kind === kind));
      add(button);
    }
    app.escapeBox = el('input', { type: 'checkbox', checked: '', 'data-testid': 'escape' });
    add(el('label', { text: app.t('declareEscape') }, app.escapeBox));
    // Offered only on a night it can be sent; its place and pawn are picked on the board like the other letters'.
    const letter = pawnLetterSendable(app.board, v) && pawnLetterPlaces(app.board).some((pl) => app.board.isCrossing(pl.crossing))
      && pawnLetterPawns(v).length;
    if (letter) add(pawnLetterButton(app, v));
    else Object.assign(p, { pawnLetter: false, letterPlace: '', letterPawn: null });
    const stage = pawnLetterStage(p);
    if (stage === 'place') return app.t('prompt.pawnPlace', { letter: letterName(app, 4) });
    if (stage === 'pawn') {
      return app.t('prompt.pawnPawn', { letter: letterName(app, 4), place: p.letterPlace,
        colours: eitherIn(app.t, pawnLetterPawns(v).map((i) => colourOf(app, i))) });
    }
    const sending = p.pawnLetter
      ? app.t('sending', { letter: letterName(app, 4), colour: colourOf(app, p.letterPawn), place: p.letterPlace }) : '';
    const how = {
      move: open.move ? app.t('how.move') : app.t('how.blocked'),
      coach: p.coach === null ? app.t('how.coach') : app.t('how.coachThrough', { circle: p.coach }),
      alley: app.t('how.alley'),
    }[p.kind];
    const ways = app.t(open.coach && open.alley ? 'ways.both' : open.coach ? 'ways.coach' : 'ways.alley');
    const boxed = open.move ? '' : app.t('boxed', { circle: v.jack.pos, ways });
    return app.t('prompt.jack', { how, circle: v.jack.pos, hideout: v.jack.hideout, boxed, sending });
  },
  goulston(app, v, add) {
    const pawns = goulstonPawns(v, v.turn.letterPawn);
    for (const i of pawns) {
      add(app.button(app.t('button.colourPawn', { colour: colourOf(app, i) }), () => app.act({ type: 'goulston', pawn: i }),
        `goulston-${i}`));
    }
    return app.t('prompt.goulston', { name: LETTER_NAMES[4], colours: eitherIn(app.t, pawns.map((i) => colourOf(app, i))),
      place: v.turn.letterPlace });
  },
  falseClue(app, v, add) {
    add(app.button(app.t('button.skip'), () => app.act({ type: 'skip' }), 'skip'));
    return app.t('prompt.falseClue', { count: falseCluesAvailable(v) });
  },
  policeMove: (app, v) => app.t('prompt.policeMove', { colour: colourOf(app, v.turn.pawn),
    crossing: crossingIn(app.t, app.board, v.pawns[v.turn.pawn]), steps: policeSteps(v.parameters) }),
  policeAction(app, v, add) {
    const p = app.pending;
    const started = v.turn.searched.length > 0;
    if (!started) {
      const wide = v.options.wide_area_arrest;
      add(app.button(app.t('button.search'), () => { p.search = 'search'; app.render(); }, 'mode-search'),
        app.button(app.t(wide ? 'button.arrestAll' : 'button.arrest'),
          () => (wide ? app.act({ type: 'arrest' }) : (p.search = 'arrest', app.render())), 'mode-arrest'));
    }
    add(app.button(app.t(started ? 'button.stopSearching' : 'button.pass'),
      () => { p.search = 'search'; app.act({ type: 'pass' }); }, 'pass'));
    const pawn = app.t('pawnAt', { colour: colourOf(app, v.turn.pawn), crossing: crossingIn(app.t, app.board, v.pawns[v.turn.pawn]) });
    if (started) return app.t('prompt.searchMore', { pawn });
    return app.t(p.search === 'arrest' ? 'prompt.arrest' : 'prompt.search', { pawn });
  },
};

/** The pawn letter on Jack's move: a button that starts it (its place and pawn are then picked on the board) or cancels it. */
function pawnLetterButton(app, v) {
  const p = app.pending;
  const button = app.button(app.t(p.pawnLetter ? 'button.cancelPawnLetter' : 'button.sendPawnLetter', { letter: letterName(app, 4) }), () => {
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

/** What the marks and colours on the board mean: Jack, the hideout, the women, the pawns, the picks (`t`: the page's words). */
export function legend(t) {
  const items = [
    ['circle', 'gl-circle jack', t('legend.jack')], ['circle', 'gl-circle hideout', t('legend.hideout')],
    ['circle', 'gl-circle red', t('legend.red')], ['circle', 'gl-circle woman', t('legend.woman')],
    ['circle', 'gl-circle woman marked', t('legend.marked')], ['circle', 'gl-circle scene', t('legend.scene')],
    ['circle', 'gl-circle clue', t('legend.clue')], ['circle', 'gl-circle false-clue', t('legend.falseClue')],
    ['circle', 'gl-circle possible', t('legend.possible')], ['circle', 'gl-circle target', t('legend.target')],
    ['rect', 'gl-crossing yellow', t('legend.yellow')], ['rect', 'gl-crossing patrol', t('legend.patrol')],
    ...PAWN_COLOURS.map((c) => ['pawn', `gl-pawn ${c}`, t('legend.pawn', { colour: t(`colour.${c}`) })]),
    ['circle', 'gl-circle pick-marked', t('legend.pickMarked')],
    ['circle', 'gl-circle pick', t('legend.pick')],
  ];
  return el('details', { class: 'gl-legend', 'data-testid': 'legend' }, el('summary', { text: t('legend') }),
    el('ul', {}, ...items.map(([shape, cls, text]) => el('li', {}, swatch(shape, cls), el('span', { text })))));
}
