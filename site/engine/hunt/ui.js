// The play page: an SVG board, hot-seat or bot play, save/load, refusal reasons, and the
// possible-position overlay for the police. Everything shown comes from `view(state, role)`:
// the side on screen only ever sees its own view.
//
// The page holds <div id="gaslight-hunt" data-board="…board.json" data-rules-index="…index.json">
// and loads this module. All text from data files is set with textContent (never as HTML).
// The board is drawn by boarddraw.js; what choosing on it does in each phase is boardclicks.js's.

import { loadBoard } from './board.js';
import { BoardKeys, tapToNearest, targetName } from './boardinput.js';
import { clickCircle, clickCrossing } from './boardclicks.js';
import { drawBoard, nodeSize, svg } from './boarddraw.js';
import { reasonText } from './reasons.js';
import { JackBot, PoliceBot } from './bots.js';
import { CONTROLS, legend } from './controls.js';
import { gameOverBox } from './ending.js';
import { actor, apply, newGame, PAWN_COLOURS, withRng } from './hunt.js';
import { handoverNode } from '../common/cardtable.js';
import { Rng } from '../common/rng.js';
import { saveLoadBox, whileBusy } from '../common/savebox.js';
import {
  beginRecord, drawsBetween, LIMITS, load, recordStep, save,
} from './save.js';
import { logLines, nightSummary } from './story.js';
import { colourIn, huntWords } from './messages.js';
import { pageLanguage } from '../common/messages.js';
import { ZoomPan } from './zoom.js';
import { view } from './view.js';
import { el } from '../../assets/dom.js';

// The page's words (messages.js), in the page's language once main() has read it.
let t = huntWords('en');
const roleName = (role) => (role === 'jack' || role === 'police' ? t(`role.${role}`) : t('nobody'));
const handoverWords = (key, values) => t(key, values);

/** Jack's moves: after each, the move kind returns to a normal move. */
const JACK_MOVES = new Set(['move', 'coach', 'alley']);

/** The picks of a decision in progress, empty (kept apart from the lasting choices: move kind, search mode). */
const freshPicks = () => ({ marked: [], unmarked: [], real: [], fake: [], victims: [], coach: null, letter: null,
  letterFrom: [], relocate: [], pawnLetter: false, letterPlace: '', letterPawn: null });

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
    drawBoard(this, { phase: 'setup', wretched: [], women: [], scenes: [], clues: [], falseClues: [], pawns: [],
      patrols: [], jack: {}, log: [], turn: {} }, null);
  }

  saveControls() {
    // A paste longer than any save never reaches the box (a 40 MB line stalls the browser's own drawing of it).
    this.saveBox.addEventListener('paste', (event) => {
      const pasted = event.clipboardData ? event.clipboardData.getData('text') : '';
      if (pasted.length > LIMITS.characters) { event.preventDefault(); this.loadText(pasted); }
    });
    const labels = { passphrase: t('passphrase'), placeholder: t('passphrasePlaceholder'),
      summary: t('saveOrLoad'), help: t('saveHelp'), save: t('save'), load: t('load') };
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
    drawBoard(this, v, role);
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

  /** Choose circle or crossing `id` on the board (a click, a tap, or Enter): the live region says what came of it. */
  pick(id) {
    const { v, role } = this.shown;
    if (!this.state) this.say(t('startFirst'));
    else if (actor(v) !== role) this.say(t('turnOf', { name: roleName(actor(v)) }));
    else if (typeof id === 'number') clickCircle(this, id, v);
    else clickCrossing(this, id, v);
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
