// The play page's board, drawn as SVG for the side on screen: the streets, the districts, every circle
// and crossing with what lies on it, the legal choices of the decision at hand (buttons for the keyboard
// and for assistive technology), where Jack could be (the police's overlay) and, once the game is over,
// Jack's routes. On a small screen the board follows each decision. Everything drawn comes from the view
// of the side on screen; every word from the page's message table (`app.t`); text is set as text, never HTML.

import { targetLabel } from './boardinput.js';
import { legalTargets } from './choices.js';
import { routeMap } from './ending.js';
import { patrolQuota, PAWN_COLOURS } from './hunt.js';
import { letterDistricts } from './letters.js';
import { colourIn } from './messages.js';
import { crossingIn } from './reasons.js';
import { Tracker } from './tracker.js';
import { READABLE_PX } from './zoom.js';

const SVG = 'http://www.w3.org/2000/svg';
// Before the crime the pawns are off the board: the patrol tokens stand for them.
const PAWNS_ON_BOARD = new Set(['jack', 'goulston', 'falseClue', 'policeMove', 'policeAction', 'over']);

// Below this drawn width (px) the board follows each decision; at most this close.
const SMALL_SCREEN = 700;
const FOLLOW_ZOOM = 3;
/** More circles than this to choose among or where Jack could be: their numbers are not enlarged on a phone. */
const CROWDED = 40;

/** The drawn radius of a circle on this board (board units). */
export const nodeSize = (board) => Math.max(board.json.width, board.json.height) / 90;

/** An SVG element with these attributes. */
export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Draw the board for `role` (null: nobody's, before a game) from its view `v`; its legal choices become buttons. */
export function drawBoard(app, v, role) {
  const t = app.t;
  const b = app.board;
  const g = app.svgRoot;
  const refocus = app.keys.focused();
  app.shown = { v, role };
  g.replaceChildren();
  const choices = new Map();
  const size = nodeSize(b);
  drawDistricts(app, v, size);
  for (const s of b.json.segments) {
    const pts = s.points.length ? s.points : [b.position.get(s.a), b.position.get(s.b)];
    g.append(svg('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: 'gl-line' }));
  }
  // Once the game is over Jack's circle and hideout are shown: the guesses would only hide them.
  const guessing = role === 'police' && app.overlay && v.phase !== 'over' && v.log.some((e) => e.e === 'scenes');
  const possible = guessing ? jackCouldBe(app, v) : new Set();
  const targets = legalTargets(b, v, role, app.pending);
  const marks = new Map();
  for (const c of v.wretched) marks.set(c, 'wretched');
  for (const w of v.women) marks.set(w.at, w.marked === undefined ? 'woman' : (w.marked ? 'woman marked' : 'woman'));
  for (const s of v.scenes) marks.set(s.circle, 'scene');
  for (const c of v.clues) marks.set(c, 'clue');
  for (const c of v.falseClues) marks.set(c, 'false-clue');
  for (const c of b.circles) {
    const [x, y] = b.position.get(c);
    const classes = ['gl-circle'];
    if (b.red.includes(c)) classes.push('red');
    if (marks.has(c)) classes.push(marks.get(c));
    if (possible.has(c)) classes.push('possible');
    if (targets.has(c)) classes.push('target');
    const open = role === 'jack' || v.phase === 'over';
    if (open && v.jack.pos === c) classes.push('jack');
    if (open && v.jack.hideout === c) classes.push('hideout');
    if (app.pending.marked.includes(c)) classes.push('pick-marked');
    if (app.pending.unmarked.includes(c) || app.pending.victims.includes(c)) classes.push('pick');
    const node = svg('g', { class: classes.join(' '), 'data-circle': c });
    if (targets.has(c)) { choices.set(c, node); node.setAttribute('aria-label', targetLabel(b, c, classes, '', t)); }
    const title = svg('title');
    title.textContent = t('target.circleTitle', { circle: c });
    node.append(title, svg('circle', { cx: x, cy: y, r: size }));
    const label = svg('text', { x, y: y + size * 0.35, 'text-anchor': 'middle', 'font-size': size });
    label.textContent = String(c);
    node.append(label);
    node.addEventListener('click', () => app.pick(c));
    g.append(node);
  }
  const pawnAt = new Map(v.pawns.map((k, i) => [k, i]));
  const ended = new Set(v.phase === 'patrols' ? patrolQuota(b, v).fixed : []);
  const tokenAt = new Map(v.patrols.map((p) => [p.at, p]));
  const letterPlace = v.phase === 'jack' && app.pending.pawnLetter && b.places.find((p) => p.name === app.pending.letterPlace);
  for (const k of b.crossings) {
    const [x, y] = b.position.get(k);
    const classes = ['gl-crossing'];
    if (b.yellow.includes(k)) classes.push('yellow');
    if (targets.has(k)) classes.push('target');
    if (tokenAt.has(k)) classes.push(tokenAt.get(k).revealed ? 'patrol revealed' : 'patrol');
    if (app.pending.real.includes(k) || app.pending.letterFrom.includes(k)) classes.push('pick-marked');
    if (app.pending.fake.includes(k) || app.pending.relocate.includes(k)) classes.push('pick');
    if (letterPlace && letterPlace.crossing === k) classes.push('pick-marked'); // the pawn letter's place and pawn
    if (app.pending.letterPawn !== null && pawnAt.get(k) === app.pending.letterPawn) classes.push('pick');
    const node = svg('g', { class: classes.join(' '), 'data-crossing': k });
    const title = svg('title');
    title.textContent = crossingIn(t, b, k);
    node.append(title, svg('rect', { x: x - size * 0.6, y: y - size * 0.6, width: size * 1.2, height: size * 1.2 }));
    if (ended.has(k)) node.append(svg('circle', { cx: x, cy: y, r: size * 1.2, class: 'gl-ended' }));
    if (pawnAt.has(k) && PAWNS_ON_BOARD.has(v.phase)) {
      const i = pawnAt.get(k);
      node.classList.add('pawn');
      const acting = ['policeMove', 'policeAction'].includes(v.phase) && v.turn.pawn === i ? ' acting' : '';
      node.append(svg('circle', { cx: x, cy: y, r: size * 0.7, class: `gl-pawn ${PAWN_COLOURS[i] || ''}${acting}`, 'data-pawn': i }));
    }
    if (targets.has(k)) {
      choices.set(k, node);
      const on = pawnAt.has(k) && PAWNS_ON_BOARD.has(v.phase) ? t('target.pawn', { colour: colourIn(t, pawnAt.get(k), PAWN_COLOURS) }) : '';
      node.setAttribute('aria-label', targetLabel(b, k, classes, on, t));
    }
    node.addEventListener('click', () => app.pick(k));
    g.append(node);
  }
  if (v.phase === 'over') g.append(routeMap(v, (c) => b.position.get(c), size));
  app.choices = new Map([...choices.keys()].map((id) => [id, b.position.get(id)]));
  app.keys.install(choices, app.choices, refocus);
  follow(app, v, targets, possible);
}

/** The circles where Jack could be, from the police's view of the night so far (tracker.js). */
function jackCouldBe(app, v) {
  const t = new Tracker(app.board);
  for (const ev of v.log) t.observe(ev);
  return new Set(t.positions());
}

/**
 * On a small screen, bring the choice at hand into view: when a new decision starts (after any
 * action), zoom to its highlighted circles or crossings and the piece that acts. The
 * player's own zoom stands until the next decision; "Whole board" shows everything.
 */
function follow(app, v, targets, possible) {
  if (!v.turn.searched) return; // the map before a game: nothing to follow
  // A new decision: another state (every action makes one), or another kind of Jack move.
  const key = { state: app.state, kind: app.pending.kind, coach: app.pending.coach };
  const last = app.followed;
  if (last && last.state === key.state && last.kind === key.kind && last.coach === key.coach) return;
  app.followed = key;
  if (v.phase === 'over') { app.zoom.reset(); return; } // every route is drawn: the whole map
  const drawn = app.svgRoot.getBoundingClientRect().width;
  if (!drawn || drawn >= SMALL_SCREEN) return;
  const pieces = [...targets];
  // Enlarged numbers (hunt.css) read only when few circles have them: not for a hideout anywhere on the map.
  app.svgRoot.dataset.crowded = String([...targets, ...possible].filter((x) => typeof x === 'number').length > CROWDED);
  if (v.phase === 'jack') pieces.push(v.jack.pos);
  if (['policeMove', 'policeAction'].includes(v.phase)) pieces.push(v.pawns[v.turn.pawn]);
  pieces.push(...possible); // where Jack could be stays in view beside the pawn that acts (issue 35)
  // As close as every circle number there reads READABLE_PX tall, when the pieces fit (hunt.css enlarges
  // the numbers of the choices and of where Jack could be when they do not).
  const r = app.svgRoot.getBoundingClientRect();
  const readable = READABLE_PX / (nodeSize(app.board) * Math.min(drawn / app.board.json.width, (r.height || Infinity) / app.board.json.height));
  app.zoom.fit(pieces.map((x) => app.board.position.get(x)).filter(Boolean), nodeSize(app.board) * 4,
    Math.max(FOLLOW_ZOOM, readable));
  app.scrollToBoard = true; // once the turn's words above it are drawn (render)
}

/** District outlines and names (the letters name them); the districts of the letter being sent are shaded. */
function drawDistricts(app, v, size) {
  const chosen = v.phase === 'letter' && app.pending.letter !== null
    ? new Set(letterDistricts(app.board, v, app.pending.letter).map((d) => d.id)) : new Set();
  for (const d of app.board.districts) {
    if (!Array.isArray(d.area) || d.area.length < 3) continue;
    const shape = svg('polygon', { points: d.area.map((p) => p.join(',')).join(' '),
      class: `gl-district${chosen.has(d.id) ? ' chosen' : ''}`, 'data-district': d.id });
    const x = d.area.reduce((t, p) => t + p[0], 0) / d.area.length;
    const y = d.area.reduce((t, p) => t + p[1], 0) / d.area.length;
    const name = svg('text', { x, y, 'text-anchor': 'middle', 'font-size': size * 1.6, class: 'gl-district-name' });
    name.textContent = d.name || d.id;
    app.svgRoot.append(shape, name);
  }
}
