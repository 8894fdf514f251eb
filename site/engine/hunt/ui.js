// The play page: an SVG board, hot-seat or bot play, save/load, refusal reasons, and the
// possible-position overlay for the police. Everything shown comes from `view(state, role)`:
// the side on screen only ever sees its own view.
//
// The page holds <div id="gaslight-hunt" data-board="…board.json" data-rules-index="…index.json">
// and loads this module. All text from data files is set with textContent (never as HTML).

import { loadBoard } from './board.js';
import { BoardKeys, tapToNearest, targetLabel, targetName } from './boardinput.js';
import { crossingIn, reasonText } from './reasons.js';
import { JackBot, PoliceBot } from './bots.js';
import { CONTROLS, legend } from './controls.js';
import { gameOverBox, routeMap } from './ending.js';
import { legalTargets, pawnLetterStage, pickForPawnLetter } from './choices.js';
import { actor, apply, newGame, patrolQuota, PAWN_COLOURS, womenQuota, withRng } from './hunt.js';
import { LETTER_TOKENS, letterDistricts, letterTokens } from './letters.js';
import { handoverNode } from '../common/cardtable.js';
import { Rng } from '../common/rng.js';
import { saveLoadBox, whileBusy } from '../common/savebox.js';
import {
  beginRecord, drawsBetween, LIMITS, load, recordStep, save, SAVE_HELP,
} from './save.js';
import { logLines, nightSummary } from './story.js';
import { colourIn, huntWords } from './messages.js';
import { pageLanguage } from '../common/messages.js';
import { Tracker } from './tracker.js';
import { READABLE_PX, ZoomPan } from './zoom.js';
import { view } from './view.js';
import { el } from '../../assets/dom.js';

const SVG = 'http://www.w3.org/2000/svg';
// The page's words (messages.js), in the page's language once main() has read it.
let t = huntWords('en');
const roleName = (role) => (role === 'jack' || role === 'police' ? t(`role.${role}`) : t('nobody'));
const handoverWords = (key, values) => t(key, values);
// Before the crime the pawns are off the board: the patrol tokens stand for them.
const PAWNS_ON_BOARD = new Set(['jack', 'goulston', 'falseClue', 'policeMove', 'policeAction', 'over']);

// Below this drawn width (px) the board follows each decision; at most this close.
const SMALL_SCREEN = 700;
const FOLLOW_ZOOM = 3;
/** More circles than this to choose among or where Jack could be: their numbers are not enlarged on a phone. */
const CROWDED = 40;

/** Jack's moves: after each, the move kind returns to a normal move. */
const JACK_MOVES = new Set(['move', 'coach', 'alley']);

/** The picks of a decision in progress, empty (kept apart from the lasting choices: move kind, search mode). */
const freshPicks = () => ({ marked: [], unmarked: [], real: [], fake: [], victims: [], coach: null, letter: null,
  letterFrom: [], relocate: [], pawnLetter: false, letterPlace: '', letterPawn: null });

/** The drawn radius of a circle on this board (board units). */
const nodeSize = (board) => Math.max(board.json.width, board.json.height) / 90;

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url}: ${response.status}`);
  return response.json();
}

class HuntApp {
  constructor(root, board, rulesIndex, rulesBase) {
    this.root = root;
    this.t = t; // the page's words: controls.js asks through the page
    this.board = board;
    this.rulesIndex = rulesIndex;
    this.rulesBase = rulesBase;
    this.state = null;
    this.record = null; // how the game began and every move since: what Save writes
    this.mode = 'hotseat';
    this.viewer = null; // whose view is on screen
    this.pending = { ...freshPicks(), kind: 'move', search: 'search' };
    this.bots = { jack: new JackBot(board), police: new PoliceBot(board) };
    this.undos = []; // states (and records) before the choices the other side has not seen yet
    this.overlay = true;
    this.buildFrame();
  }

  buildFrame() {
    const r = this.root;
    r.replaceChildren();
    this.setup = el('div', { class: 'gl-setup' });
    this.status = el('p', { class: 'gl-status', 'data-testid': 'status' });
    this.prompt = el('p', { class: 'gl-prompt', 'data-testid': 'prompt' });
    this.message = el('p', { class: 'gl-message', role: 'alert', 'data-testid': 'message' });
    this.controls = el('div', { class: 'gl-controls' });
    this.screen = el('div', { class: 'gl-screen', hidden: '' });
    // A group, not an image: its legal choices are buttons (an image's insides are hidden from assistive technology).
    this.svgRoot = svg('svg', { viewBox: `0 0 ${this.board.json.width} ${this.board.json.height}`, class: 'gl-board', role: 'group' });
    this.announcer = el('p', { class: 'gl-sr-only', 'aria-live': 'polite', 'data-testid': 'announce' });
    this.logList = el('ol', { class: 'gl-log', 'data-testid': 'log' });
    this.pastNights = el('div', { class: 'gl-past-nights', 'data-testid': 'past-nights' });
    this.summary = el('p', { class: 'gl-summary', 'data-testid': 'summary', hidden: '' });
    this.saveBox = el('textarea', { class: 'gl-save', rows: '3', 'aria-label': t('savedGame'), 'data-testid': 'save' });
    this.svgRoot.setAttribute('tabindex', '0');
    this.svgRoot.setAttribute('aria-label', t('mapLabel', { board: this.board.title }));
    this.zoom = new ZoomPan(this.svgRoot, this.board.json.width, this.board.json.height);
    this.svgRoot.style.setProperty('--gl-node', `${nodeSize(this.board)}px`); // a circle number's own size (hunt.css)
    this.keys = new BoardKeys(this.svgRoot, (id) => this.pick(id), (id) => this.reveal(id));
    this.choices = new Map(); // the legal choices on the board now: id → [x, y]
    tapToNearest(this.svgRoot, this.zoom, () => this.choices, (id) => this.pick(id), (ids, at) => this.closeChoices(ids, at));
    const c = this.zoom.centre.bind(this.zoom);
    const zoomButtons = el('div', { class: 'gl-zoom' },
      this.button('+', () => this.zoom.zoomAt(1.5, c().x, c().y), 'zoom-in'),
      this.button('−', () => this.zoom.zoomAt(1 / 1.5, c().x, c().y), 'zoom-out'),
      this.button(t('wholeBoard'), () => this.zoom.reset(), 'zoom-reset'));
    // Wide screens: the board on the left, the turn and the record beside it; phones: turn, board, record.
    r.append(this.setup, el('div', { class: 'gl-play' },
      el('div', { class: 'gl-panel' }, this.status, this.summary, this.prompt, this.message, this.controls, this.screen),
      el('div', { class: 'gl-board-wrap' }, this.svgRoot, this.announcer, zoomButtons, legend(t)),
      el('div', { class: 'gl-record' }, this.logList, this.pastNights, this.saveControls())));
    this.drawSetup();
    // Before the first game the map is already there to look at (no pieces, nothing to click).
    this.drawBoard({ phase: 'setup', wretched: [], women: [], scenes: [], clues: [], falseClues: [], pawns: [],
      patrols: [], jack: {}, log: [], turn: {} }, null);
  }

  saveControls() {
    // A paste longer than any save never reaches the box (a 40 MB line stalls the browser's own drawing of it).
    this.saveBox.addEventListener('paste', (event) => {
      const pasted = event.clipboardData ? event.clipboardData.getData('text') : '';
      if (pasted.length > LIMITS.characters) { event.preventDefault(); this.loadText(pasted); }
    });
    const labels = { passphrase: t('passphrase'), placeholder: t('passphrasePlaceholder'),
      summary: t('saveOrLoad'), help: SAVE_HELP, save: t('save'), load: t('load') };
    Object.assign(this, saveLoadBox(this.saveBox, labels, () => this.saveText(), () => this.loadText(this.saveBox.value)));
    return this.saveLoad;
  }

  /** Sealing and opening are asynchronous: the controls say so while they work (`data-busy`). */
  busy(work) {
    return whileBusy(this, (message) => this.say(message), work);
  }

  saveText() {
    if (!this.record) { this.say(t('startFirst')); return Promise.resolve(); }
    const record = this.record;
    return this.busy(async (passphrase) => {
      this.saveBox.value = await save(record, { passphrase });
      this.say(passphrase ? t('savedLocked') : t('saved'));
    });
  }

  /** Replace the game with the saved one; a save that does not load leaves the game in play as it was. */
  loadText(text) {
    return this.busy(async (passphrase) => {
      const { record, state } = await load(text, this.board, { passphrase, rulesFor: (variant) => this.rulesFor(variant) });
      this.record = record;
      this.state = state;
      this.mode = record.players;
      this.setup.querySelector('[data-testid=mode]').value = record.players;
      const careful = { strength: record.strength };
      this.bots = { jack: new JackBot(this.board, careful), police: new PoliceBot(this.board, careful) };
      this.undos = [];
      this.viewer = null;
      this.pending = { ...this.pending, ...freshPicks() };
      this.say('');
      const who = actor(state);
      // Hot-seat: whoever loaded it may not be the side to act, so the device is passed first.
      if (this.mode === 'hotseat' && who) this.showScreen(who);
      else this.render();
    });
  }

  /** The rules this page offers under `variant` (the rules index's file name), or undefined. */
  async rulesFor(variant) {
    const item = this.rulesIndex.find((entry) => entry.file === variant);
    if (!item) return undefined;
    return variant ? fetchJson(new URL(variant, this.rulesBase)) : null;
  }

  drawSetup() {
    const variant = el('select', { 'data-testid': 'variant', 'aria-label': t('rules') });
    // Letters name the board's districts: a board without any is not offered rules that play them.
    const playable = this.rulesIndex.filter((item) => !item.letters || this.board.districts.length);
    for (const item of playable) variant.append(el('option', { value: item.file, text: item.title }));
    const mode = el('select', { 'data-testid': 'mode', 'aria-label': t('players') });
    for (const [value, text] of [['hotseat', t('hotseat')], ['police', t('playPolice')],
      ['jack', t('playJack')]]) mode.append(el('option', { value, text }));
    const seed = el('input', { type: 'number', value: '1', 'aria-label': t('seed'), 'data-testid': 'seed' });
    const strength = el('select', { 'data-testid': 'strength', 'aria-label': t('botStrength') });
    for (const [value, text] of [['1', t('strong')], ['0.8', t('fair')], ['0.55', t('gentle')]]) {
      strength.append(el('option', { value, text }));
    }
    const start = el('button', { type: 'button', 'data-testid': 'start', text: t('startGame') });
    start.addEventListener('click', async () => {
      try {
        const rules = variant.value ? await fetchJson(new URL(variant.value, this.rulesBase)) : null;
        this.mode = mode.value;
        const careful = { strength: Number(strength.value) };
        this.bots = { jack: new JackBot(this.board, careful), police: new PoliceBot(this.board, careful) };
        this.record = beginRecord({ board: this.board, variant: variant.value, seed: Number(seed.value) || 0,
          players: this.mode, strength: careful.strength });
        this.state = newGame({ board: this.board, rules, seed: this.record.seed });
        this.undos = [];
        this.viewer = null;
        this.render();
      } catch (err) {
        this.say(err.message);
      }
    });
    const title = el('h2', { text: this.board.title });
    this.setup.replaceChildren(title, el('label', { text: t('rulesLabel') }, variant),
      el('label', { text: t('playersLabel') }, mode), el('label', { text: t('botLabel') }, strength),
      el('label', { text: t('seedLabel') }, seed), start);
  }

  say(text) { this.message.textContent = text; }

  humanRoles() {
    if (this.mode === 'hotseat') return ['jack', 'police'];
    return [this.mode];
  }

  act(action) {
    const before = this.state;
    const result = apply(this.board, before, action);
    if (!result.ok) {
      this.say(t('refused', { reason: reasonText(t, this.board, result.why || result.reason) }));
      return false;
    }
    this.say('');
    this.undos.push({ state: before, record: this.record, by: actor(before) });
    this.state = result.state;
    this.record = recordStep(this.record, action);
    // A coach or an alley is chosen for one move: Jack's next turn opens on a normal move again.
    this.pending = { ...this.pending, ...freshPicks(), ...(JACK_MOVES.has(action.type) ? { kind: 'move' } : {}) };
    this.render();
    return true;
  }

  /** Take back the last choice: only while the other side has not seen it (no bot has answered, no handover). */
  undo() {
    const last = this.undos.pop();
    if (!last) return;
    this.state = last.state;
    this.record = last.record;
    this.viewer = last.by;
    this.pending = { ...this.pending, ...freshPicks() };
    this.say('');
    this.render();
  }

  undoButton(role) {
    const mine = this.undos.length && this.undos.at(-1).by === role && this.state.phase !== 'over';
    return mine ? [this.button(t('undo'), () => this.undo(), 'undo')] : [];
  }

  runBots() {
    let guard = 0;
    if (this.state.phase !== 'over' && !this.humanRoles().includes(actor(this.state))) this.undos = [];
    while (this.state.phase !== 'over' && !this.humanRoles().includes(actor(this.state)) && guard < 10000) {
      const who = actor(this.state);
      const rng = new Rng(this.state.rng);
      const action = this.bots[who].act(view(this.state, who), rng);
      const result = apply(this.board, this.state, action);
      if (!result.ok) { this.say(t('botRefused', { who: roleName(who), reason: reasonText(t, this.board, result.why || result.reason) })); return; }
      this.record = recordStep(this.record, action, drawsBetween(this.state.rng, rng.state));
      this.state = withRng(result.state, rng.state);
      guard += 1;
    }
  }

  render() {
    if (!this.state) return;
    this.runBots();
    const who = actor(this.state);
    const role = who && this.humanRoles().includes(who) ? who : this.humanRoles()[0];
    if (this.mode === 'hotseat' && who && this.viewer !== null && this.viewer !== who) {
      this.showScreen(who);
      return;
    }
    if (this.undos.length && this.undos.at(-1).by !== role) this.undos = []; // the other side sees it now
    this.viewer = role;
    this.screen.hidden = true;
    this.screen.replaceChildren();
    const v = view(this.state, role);
    this.drawStatus(v, role);
    this.drawBoard(v, role);
    this.drawControls(v, role);
    this.drawLog(v);
    // A phone shows the turn's words above the map: scroll no further than needed to show the whole map.
    if (this.scrollToBoard && this.svgRoot.scrollIntoView) this.svgRoot.scrollIntoView({ block: 'nearest' });
    this.scrollToBoard = false;
  }

  showScreen(who) {
    this.svgRoot.replaceChildren();
    this.controls.replaceChildren();
    this.logList.replaceChildren();
    this.pastNights.replaceChildren(); // it may hold Jack's routes
    this.summary.hidden = true;
    this.prompt.textContent = '';
    this.status.textContent = '';
    // The card games' handover screen, with the hunt's words: it names the side next and shows nothing of either.
    this.screen.replaceChildren(handoverNode(handoverWords, roleName(who), () => { this.viewer = who; this.render(); }),
      ...this.undoButton(this.viewer));
    this.screen.hidden = false;
  }

  drawStatus(v, role) {
    const j = v.jack;
    const parts = [t('nightOf', { night: v.night, nights: v.parameters.nights }), t('youSee', { role: roleName(role) }),
      t('head', { colour: colourIn(t, v.head, PAWN_COLOURS) })];
    if (v.jack.maxMoves) parts.push(t('track', { used: j.movesUsed, max: j.maxMoves }));
    parts.push(t('tokens', { coaches: j.coaches, alleys: j.alleys }));
    if (v.phase === 'over') {
      parts.unshift(t('gameOver', { winner: v.winner === 'jack' ? t('jackWins') : t('policeWin'), reason: reasonText(t, this.board, v.why || v.reason) }));
    }
    this.status.textContent = parts.join(' · ');
    this.status.dataset.phase = v.phase;
  }

  possible(v) {
    const t = new Tracker(this.board);
    for (const ev of v.log) t.observe(ev);
    return new Set(t.positions());
  }

  /** Choose circle or crossing `id` on the board (a click, a tap, or Enter): the live region says what came of it. */
  pick(id) {
    const { v, role } = this.shown;
    if (typeof id === 'number') this.clickCircle(id, v, role);
    else this.clickCrossing(id, v, role);
    const next = this.screen.hidden ? (this.message.textContent || this.prompt.textContent) : this.screen.textContent;
    this.announcer.textContent = `${targetName(this.board, id, t)}: ${next}`;
  }

  /** The arrow keys moved to `id`: on a zoomed map, bring it into view. */
  reveal(id) {
    const [x, y] = this.board.position.get(id);
    const box = this.zoom.box;
    if (x < box.x || x > box.x + box.w || y < box.y || y > box.y + box.h) this.zoom.pan(x - box.x - box.w / 2, y - box.y - box.h / 2);
  }

  /** A tap between two choices too close to tell apart: zoom in there until they stand 44 px apart. */
  closeChoices([a, b], at) {
    const [pa, pb] = [this.board.position.get(a), this.board.position.get(b)];
    const apart = Math.hypot(pa[0] - pb[0], pa[1] - pb[1]) / at.unit; // CSS px now
    this.zoom.zoomAt(Math.max(1.5, 48 / Math.max(apart, 1)), at.x, at.y);
    this.say(t('closeTogether', { a: targetName(this.board, a, t), b: targetName(this.board, b, t).replace(/^C/, t.lang === 'en' ? 'c' : 'C') }));
  }

  drawBoard(v, role) {
    const b = this.board;
    const g = this.svgRoot;
    const refocus = this.keys.focused();
    this.shown = { v, role };
    g.replaceChildren();
    const choices = new Map();
    const size = nodeSize(b);
    this.drawDistricts(v, size);
    for (const s of b.json.segments) {
      const pts = s.points.length ? s.points : [b.position.get(s.a), b.position.get(s.b)];
      g.append(svg('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: 'gl-line' }));
    }
    // Once the game is over Jack's circle and hideout are shown: the guesses would only hide them.
    const guessing = role === 'police' && this.overlay && v.phase !== 'over' && v.log.some((e) => e.e === 'scenes');
    const possible = guessing ? this.possible(v) : new Set();
    const targets = legalTargets(b, v, role, this.pending);
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
      if (this.pending.marked.includes(c)) classes.push('pick-marked');
      if (this.pending.unmarked.includes(c) || this.pending.victims.includes(c)) classes.push('pick');
      const node = svg('g', { class: classes.join(' '), 'data-circle': c });
      if (targets.has(c)) { choices.set(c, node); node.setAttribute('aria-label', targetLabel(b, c, classes, '', t)); }
      const title = svg('title');
      title.textContent = t('target.circleTitle', { circle: c });
      node.append(title, svg('circle', { cx: x, cy: y, r: size }));
      const label = svg('text', { x, y: y + size * 0.35, 'text-anchor': 'middle', 'font-size': size });
      label.textContent = String(c);
      node.append(label);
      node.addEventListener('click', () => this.pick(c));
      g.append(node);
    }
    const pawnAt = new Map(v.pawns.map((k, i) => [k, i]));
    const ended = new Set(v.phase === 'patrols' ? patrolQuota(b, v).fixed : []);
    const tokenAt = new Map(v.patrols.map((p) => [p.at, p]));
    const letterPlace = v.phase === 'jack' && this.pending.pawnLetter && b.places.find((p) => p.name === this.pending.letterPlace);
    for (const k of b.crossings) {
      const [x, y] = b.position.get(k);
      const classes = ['gl-crossing'];
      if (b.yellow.includes(k)) classes.push('yellow');
      if (targets.has(k)) classes.push('target');
      if (tokenAt.has(k)) classes.push(tokenAt.get(k).revealed ? 'patrol revealed' : 'patrol');
      if (this.pending.real.includes(k) || this.pending.letterFrom.includes(k)) classes.push('pick-marked');
      if (this.pending.fake.includes(k) || this.pending.relocate.includes(k)) classes.push('pick');
      if (letterPlace && letterPlace.crossing === k) classes.push('pick-marked'); // the pawn letter's place and pawn
      if (this.pending.letterPawn !== null && pawnAt.get(k) === this.pending.letterPawn) classes.push('pick');
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
      node.addEventListener('click', () => this.pick(k));
      g.append(node);
    }
    if (v.phase === 'over') g.append(routeMap(v, (c) => b.position.get(c), size));
    this.choices = new Map([...choices.keys()].map((id) => [id, b.position.get(id)]));
    this.keys.install(choices, this.choices, refocus);
    this.follow(v, targets, possible);
  }

  /**
   * On a small screen, bring the choice at hand into view: when a new decision starts (after any
   * action), zoom to its highlighted circles or crossings and the piece that acts. The
   * player's own zoom stands until the next decision; "Whole board" shows everything.
   */
  follow(v, targets, possible) {
    if (!v.turn.searched) return; // the map before a game: nothing to follow
    // A new decision: another state (every action makes one), or another kind of Jack move.
    const key = { state: this.state, kind: this.pending.kind, coach: this.pending.coach };
    const last = this.followed;
    if (last && last.state === key.state && last.kind === key.kind && last.coach === key.coach) return;
    this.followed = key;
    if (v.phase === 'over') { this.zoom.reset(); return; } // every route is drawn: the whole map
    const drawn = this.svgRoot.getBoundingClientRect().width;
    if (!drawn || drawn >= SMALL_SCREEN) return;
    const pieces = [...targets];
    // Enlarged numbers (hunt.css) read only when few circles have them: not for a hideout anywhere on the map.
    this.svgRoot.dataset.crowded = String([...targets, ...possible].filter((x) => typeof x === 'number').length > CROWDED);
    if (v.phase === 'jack') pieces.push(v.jack.pos);
    if (['policeMove', 'policeAction'].includes(v.phase)) pieces.push(v.pawns[v.turn.pawn]);
    pieces.push(...possible); // where Jack could be stays in view beside the pawn that acts (issue 35)
    // As close as every circle number there reads READABLE_PX tall, when the pieces fit (hunt.css enlarges
    // the numbers of the choices and of where Jack could be when they do not).
    const r = this.svgRoot.getBoundingClientRect();
    const readable = READABLE_PX / (nodeSize(this.board) * Math.min(drawn / this.board.json.width, (r.height || Infinity) / this.board.json.height));
    this.zoom.fit(pieces.map((x) => this.board.position.get(x)).filter(Boolean), nodeSize(this.board) * 4,
      Math.max(FOLLOW_ZOOM, readable));
    this.scrollToBoard = true; // once the turn's words above it are drawn (render)
  }

  /** District outlines and names (the letters name them); the districts of the letter being sent are shaded. */
  drawDistricts(v, size) {
    const chosen = v.phase === 'letter' && this.pending.letter !== null
      ? new Set(letterDistricts(this.board, v, this.pending.letter).map((d) => d.id)) : new Set();
    for (const d of this.board.districts) {
      if (!Array.isArray(d.area) || d.area.length < 3) continue;
      const shape = svg('polygon', { points: d.area.map((p) => p.join(',')).join(' '),
        class: `gl-district${chosen.has(d.id) ? ' chosen' : ''}`, 'data-district': d.id });
      const x = d.area.reduce((t, p) => t + p[0], 0) / d.area.length;
      const y = d.area.reduce((t, p) => t + p[1], 0) / d.area.length;
      const name = svg('text', { x, y, 'text-anchor': 'middle', 'font-size': size * 1.6, class: 'gl-district-name' });
      name.textContent = d.name || d.id;
      this.svgRoot.append(shape, name);
    }
  }

  clickCircle(c, v, role) {
    if (!this.state) { this.say(t('startFirst')); return; }
    if (actor(v) !== role) { this.say(t('turnOf', { name: roleName(actor(v)) })); return; }
    const p = this.pending;
    const toggle = (list, x) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);
    switch (v.phase) {
      case 'hideout': this.act({ type: 'hideout', circle: c }); break;
      case 'women': {
        const { marked } = womenQuota(this.board, v);
        if (p.marked.includes(c)) { p.marked = p.marked.filter((x) => x !== c); p.unmarked = [...p.unmarked, c]; } else if (p.unmarked.includes(c)) p.unmarked = p.unmarked.filter((x) => x !== c);
        else if (p.marked.length < marked) p.marked = [...p.marked, c];
        else p.unmarked = [...p.unmarked, c];
        this.render();
        break;
      }
      case 'crime': p.victims = toggle(p.victims, c); this.render(); break;
      case 'moveWomen': this.act({ type: 'moveWoman', to: c }); break;
      case 'jack':
        if (pawnLetterStage(p)) this.say(`First click the pawn letter's ${pawnLetterStage(p)} (a highlighted crossing), or cancel the letter.`);
        else if (p.kind === 'coach') {
          if (p.coach === null) { p.coach = c; this.render(); } else this.act(this.withLetter({ type: 'coach', via: p.coach, to: c }));
        } else if (p.kind === 'alley') this.act(this.withLetter({ type: 'alley', to: c }));
        else this.act(this.withLetter({ type: 'move', to: c, escape: c === v.jack.hideout && this.escapeBox && this.escapeBox.checked }));
        break;
      case 'falseClue': this.act({ type: 'falseClue', circle: c }); break;
      case 'policeAction': this.act(p.search === 'arrest' ? { type: 'arrest', circle: c } : { type: 'search', circle: c }); break;
      default: this.say(t('clickCrossing'));
    }
  }

  /** A Jack move with the pawn letter attached when one is chosen. */
  withLetter(action) {
    const p = this.pending;
    return p.pawnLetter ? { ...action, letter: 4, place: p.letterPlace, pawn: p.letterPawn } : action;
  }

  clickCrossing(k, v, role) {
    if (!this.state) { this.say(t('startFirst')); return; }
    if (actor(v) !== role) { this.say(t('turnOf', { name: roleName(actor(v)) })); return; }
    const p = this.pending;
    switch (v.phase) {
      case 'patrols': {
        const q = patrolQuota(this.board, v);
        if (p.real.includes(k)) { p.real = p.real.filter((x) => x !== k); p.fake = [...p.fake, k]; } else if (p.fake.includes(k)) p.fake = p.fake.filter((x) => x !== k);
        else if (p.real.length < q.real) p.real = [...p.real, k];
        else p.fake = [...p.fake, k];
        this.render();
        break;
      }
      case 'revealPatrol': this.act({ type: 'revealPatrol', at: k }); break;
      case 'policeMove': this.act({ type: 'policeMove', to: k }); break;
      case 'letter': this.clickLetter(k, v); break;
      case 'jack': {
        const refusal = pawnLetterStage(p) ? pickForPawnLetter(this.board, v, p, k) : t('clickCircle');
        if (refusal) this.say(refusal); else { this.say(''); this.render(); }
        break;
      }
      case 'letterRelocate': {
        p.relocate = p.relocate.includes(k) ? p.relocate.filter((x) => x !== k) : [...p.relocate, k];
        if (p.relocate.length === v.turn.letterPatrols.length) this.act({ type: 'relocate', to: p.relocate });
        else this.render();
        break;
      }
      default: this.say(t('clickCircle'));
    }
  }

  /** Letters by clicking: the letter's tokens first, then (letters 1 and 3) where the token goes. */
  clickLetter(k, v) {
    const p = this.pending;
    if (p.letter === null) { this.say(t('chooseLetter')); return; }
    const need = LETTER_TOKENS[p.letter];
    if (p.letterFrom.length < need || p.letterFrom.includes(k)) {
      if (!letterTokens(this.board, v, p.letter).some((t) => t.at === k)) {
        this.say(`That is not a patrol token letter ${p.letter} may pick.`);
        return;
      }
      p.letterFrom = p.letterFrom.includes(k) ? p.letterFrom.filter((x) => x !== k) : [...p.letterFrom, k];
      if (p.letter === 2 && p.letterFrom.length === 2) this.act({ type: 'letter', letter: 2, from: p.letterFrom });
      else { this.say(''); this.render(); }
      return;
    }
    this.act({ type: 'letter', letter: p.letter, from: p.letterFrom[0], to: k });
  }

  button(text, onclick, testid) {
    return el('button', { type: 'button', text, onclick, ...(testid ? { 'data-testid': testid } : {}) });
  }

  drawControls(v, role) {
    const c = this.controls;
    c.replaceChildren();
    const who = actor(v);
    this.prompt.dataset.phase = v.phase;
    this.prompt.dataset.pawn = String(v.turn.pawn);
    if (v.phase === 'over') this.prompt.textContent = t('over.prompt', { reason: reasonText(t, this.board, v.why || v.reason) });
    else if (who !== role) this.prompt.textContent = t('waitingFor', { name: roleName(who) });
    else this.prompt.textContent = CONTROLS[v.phase](this, v, (...nodes) => c.append(...nodes));
    c.append(...this.undoButton(role));
    if (v.phase === 'over') c.append(gameOverBox(v, t));
    if (role === 'police' && v.phase !== 'over') {
      const box = el('input', { type: 'checkbox', 'data-testid': 'overlay' });
      box.checked = this.overlay;
      box.addEventListener('change', () => { this.overlay = box.checked; this.render(); });
      c.append(el('label', { text: t('overlay') }, box));
    }
  }

  drawLog(v) {
    // Once Jack escapes on the last night, that night's log lives under its own heading only.
    const archived = v.nights.length > 0 && v.nights.at(-1).night === v.night;
    const tonight = archived ? [] : logLines(this.board, v.log, t);
    this.logList.replaceChildren(...tonight.map((t) => el('li', { text: t })));
    this.pastNights.replaceChildren(...v.nights.map((night) => el('details', {},
      el('summary', { text: t('night', { night: night.night }) }),
      el('ol', {}, ...logLines(this.board, night.log || [], t).map((t) => el('li', { text: t })),
        ...(night.route ? [el('li', { text: t('route', { route: night.route.join(' → ') }) })] : [])))));
    const summary = nightSummary(this.board, v, t);
    this.summary.textContent = summary || '';
    this.summary.hidden = !summary;
  }
}

async function main() {
  if (typeof document === 'undefined') return;
  const root = document.getElementById('gaslight-hunt');
  if (!root) return;
  t = huntWords(pageLanguage(root));
  try {
    const boardUrl = new URL(root.dataset.board, document.baseURI);
    const board = loadBoard(await fetchJson(boardUrl));
    let index = [{ file: '', title: t('baseRules') }];
    let rulesBase = document.baseURI;
    if (root.dataset.rulesIndex) {
      const url = new URL(root.dataset.rulesIndex, document.baseURI);
      index = (await fetchJson(url)).items;
      rulesBase = url;
    }
    // Kept in module scope, not on `window`: the page exposes only the view of the side on screen.
    new HuntApp(root, board, index, rulesBase);
  } catch (err) {
    root.textContent = t('engineFailed', { error: err.message });
  }
}

main();
