// The Walton table page: 2–5 seats, each a person (hot-seat, behind the card games' handover screen) or a bot,
// playing a case as the card game is played (table.js). A person sees only their own seat's view: their hand as
// cards, the move at hand on one screen (tablemoves.js), their own investigation sheet beside it (a tab on a
// phone), the cards they have seen and what was said; bots move as soon as it is their turn. The solution is
// fetched only once the game is over.

import { el } from '../../assets/dom.js';
import { handoverNode, reveal } from '../common/cardtable.js';
import { COMMON, merged, translator } from '../common/cardtext.js';
import { pageLanguage } from '../common/messages.js';
import { casebook } from './deduce.js';
import { investigationSheet } from './sheet.js';
import { solutionNode } from './solution.js';
import { act, newTable, prepare, toMove, view } from './table.js';
import { botMove, cardsSeen } from './tablebots.js';
import { cardFace, offerStack } from './tablecards.js';
import { movePanel } from './tablemoves.js';
import { WALTON_MESSAGES, andIn, countIn, refusalIn, sayIn, waltonWords } from './messages.js';

const DEFAULT_SEATS = [['Hollis', 'person'], ['Ada', 'bot'], ['Basil', 'bot'], ['Clara', 'empty'], ['Digby', 'empty']];
/** How many lines of each card's text a decision too tall for the screen shows, tried in turn until it fits. */
const CUT_LINES = [6, 5, 4, 3, 2];
const TABS = ['move', 'sheet', 'seen', 'log'];
/** The stylesheets the page needs besides engine.css: the card games' and the table's own. */
const SHEETS = ['../common/cards.css', './table.css'];

class TableApp {
  constructor(root, index, base, chosen, lang = 'en') {
    this.root = root;
    this.index = index;
    this.base = base;
    this.chosen = chosen;
    // The page's language (lang="ja" under /ja/): the handover screen's words and the table's own.
    this.t = translator(merged(COMMON, WALTON_MESSAGES), lang);
    this.words = waltonWords(lang);
    this.drawSetup();
  }

  say(text) { this.message.textContent = text; }

  // ---------------------------------------------------------------- set-up

  drawSetup() {
    const w = this.words;
    const select = el('select', { 'data-testid': 'setup-case', 'aria-label': w('caseLabel') });
    for (const item of this.index) select.append(el('option', { value: item.file, text: w('caseOption', { title: item.title, level: item.difficulty }) }));
    const wanted = this.index.find((item) => item.id === this.chosen);
    if (wanted) select.value = wanted.file;
    const rows = DEFAULT_SEATS.map(([name, kind], i) => {
      const input = el('input', { type: 'text', value: name, maxlength: '24', 'aria-label': w('seatNameLabel', { n: i + 1 }), 'data-testid': `seat-name-${i}` });
      const who = el('select', { 'aria-label': w('seatKindLabel', { n: i + 1 }), 'data-testid': `seat-kind-${i}` });
      for (const value of ['person', 'bot', 'empty']) who.append(el('option', { value, text: w(`kind.${value}`) }));
      who.value = kind;
      return { input, who, row: el('li', {}, input, w('playedBy'), who) };
    });
    const seed = el('input', { type: 'number', value: '1', 'aria-label': w('seedLabel'), 'data-testid': 'seed', inputmode: 'numeric' });
    const app = el('input', { type: 'checkbox', 'data-testid': 'app-check' });
    const start = el('button', { type: 'button', text: w('deal'), 'data-testid': 'start', class: 'gl-primary' });
    start.addEventListener('click', () => this.start(select.value, rows, Number(seed.value) || 0, app.checked));
    this.message = el('p', { class: 'gl-message', role: 'alert', 'data-testid': 'message' });
    this.body = el('div', { class: 'gl-cardtable gl-wtable', 'data-testid': 'table' });
    this.setup = el('details', { open: '', class: 'gl-setup', 'data-testid': 'setup' }, el('summary', { text: w('setupTitle') }),
      el('p', {}, el('label', { text: w('caseWord') }, select)),
      el('p', { text: w('seatsHelp') }),
      el('ol', { class: 'gl-seats-setup' }, ...rows.map((r) => r.row)),
      el('p', {}, el('label', { text: w('seedWord') }, seed), ' ',
        el('label', {}, app, w('withApp'))),
      el('p', {}, start));
    this.root.replaceChildren(this.setup, this.message, this.body);
  }

  async start(file, rows, seed, appCheck) {
    const w = this.words;
    const seats = rows.filter((r) => r.who.value !== 'empty').map((r, i) => ({ name: r.input.value.trim() || w('seatDefault', { n: i + 1 }), kind: r.who.value }));
    if (seats.length < 2) { this.say(w('needSeats')); return; }
    try {
      const response = await fetch(new URL(file, this.base));
      if (!response.ok) throw new Error(w('cannotLoadCase', { status: response.status }));
      this.caseJson = await response.json();
      this.item = this.index.find((item) => item.file === file) || null;
      this.game = prepare(this.caseJson, { appCheck });
      this.book = seats.some((s) => s.kind === 'bot') ? casebook(this.caseJson) : null;
    } catch (err) {
      this.say(w('cannotSet', { reason: err.message }));
      return;
    }
    this.cardsByNumber = new Map(this.caseJson.cards.map((c) => [c.number, c]));
    this.kinds = seats.map((s) => s.kind);
    this.sheets = seats.map(() => ({}));
    this.logSeen = seats.map(() => 0);
    this.tab = 'move';
    this.viewer = null;
    this.state = newTable(this.game, seats.map((s) => s.name), seed);
    this.setup.open = false;
    this.say('');
    await this.advance();
  }

  // ---------------------------------------------------------------- whose move

  /** Let the bots move until a person must, then show that person's seat (behind the handover screen when the
   *  device changes hands between people). */
  async advance() {
    for (;;) {
      if (this.state.phase === 'over') { this.drawOver(); return; }
      const movers = toMove(this.state);
      const bot = movers.find((s) => this.kinds[s] === 'bot');
      if (bot === undefined) break;
      const move = await botMove(view(this.state, bot), this.game, this.book);
      const result = act(this.state, this.game, move);
      if (!result.ok) { this.say(this.words('botRefused', { reason: refusalIn(this.words, result) })); return; }
      this.state = result.state;
    }
    const seat = toMove(this.state)[0];
    const people = this.kinds.filter((k) => k === 'person').length;
    if (people > 1 && this.viewer !== seat) this.drawPass(seat);
    else this.drawSeat(seat);
  }

  async perform(move) {
    const result = act(this.state, this.game, move);
    if (!result.ok) { this.say(this.words('notAllowed', { reason: refusalIn(this.words, result) })); return; }
    this.state = result.state;
    this.wholeTexts = false;
    this.tab = 'move'; // a new decision opens on the move, whichever panel the last one ended on
    this.say('');
    await this.advance();
  }

  drawPass(seat) {
    this.viewer = null;
    this.tab = 'move';
    this.body.replaceChildren(handoverNode(this.t, this.state.seats[seat].name, () => { this.viewer = seat; this.drawSeat(seat); }));
    reveal(this.body);
  }

  // ---------------------------------------------------------------- a seat's screen

  refName = (ref) => this.game.refs.get(ref)?.name ?? ref;

  card = (n) => this.cardsByNumber.get(n);

  drawSeat(seat) {
    this.viewer = seat;
    const w = this.words;
    const v = view(this.state, seat);
    const me = v.seats[seat];
    const status = w('status', { round: v.round, turn: v.seats[v.turn].name, first: v.seats[v.first].name, name: me.name,
      move: w(`yourMove.${v.phase}`) });
    const panel = movePanel({ v, game: this.game, caseJson: this.caseJson, card: this.card, refName: this.refName,
      perform: (move) => this.perform(move), t: w });
    // What was said since this seat last looked (the latest lines; the log tab holds them all), but not the naming
    // an offer answers: the prompt says it.
    const said = v.said.map((entry, i) => [entry, i]).slice(this.logSeen[seat] ?? 0);
    const naming = v.phase === 'offer' ? v.said.findLastIndex((entry) => entry.key === 'log.names') : -1;
    const news = said.filter(([, i]) => i !== naming).slice(-3).map(([entry]) => sayIn(w, entry));
    this.logSeen[seat] = v.said.length;
    const move = el('section', { class: 'gl-wpanel gl-wpanel-move', 'data-panel': 'move' },
      ...(news.length ? [el('p', { class: 'gl-wnews', 'data-testid': 'news', text: w('sinceLast', { news: news.join(w('news.separator')) }) })] : []),
      el('section', { class: 'gl-action gl-wmove', 'data-testid': 'action', 'aria-label': w('yourMoveLabel') },
        el('p', { class: 'gl-prompt', text: panel.prompt }), ...panel.controls,
        el('div', { class: 'gl-wbar', 'data-testid': 'confirm-bar' }, ...panel.bar)),
      ...(panel.hand ? [] : [this.handNode(me.hand)]),
      this.tableSummary(v));
    const sheet = el('section', { class: 'gl-wpanel gl-wpanel-sheet', 'data-panel': 'sheet' },
      investigationSheet(this.caseJson, this.sheets[seat], (key, mark) => { this.sheets[seat] = { ...this.sheets[seat], [key]: mark }; },
        { t: w }));
    const seen = el('section', { class: 'gl-wpanel gl-wpanel-seen', 'data-panel': 'seen' }, this.seenByReference(v));
    const log = el('section', { class: 'gl-wpanel gl-wpanel-log', 'data-panel': 'log' }, this.logList(v));
    const screen = el('div', { class: 'gl-wscreen', 'data-tab': this.tab },
      el('p', { class: 'gl-status', 'data-testid': 'status', role: 'status', text: status }),
      this.tabBar(seen.querySelector('details'), log.querySelector('details')),
      el('div', { class: 'gl-wpanels' }, move, sheet, seen, log));
    this.screen = screen;
    this.body.replaceChildren(screen);
    this.fit(screen, move.querySelector('.gl-prompt'));
  }

  /** The seat's screen at the top of the window (below the site's header), its decision on one screen: while the
   *  move (its choice and the confirm bar) runs below the fold, the cards' texts are cut to fewer lines; "Whole
   *  texts" shows them in full again (and lets the page scroll). */
  fit(screen, prompt) {
    const move = screen.querySelector('[data-testid=action]');
    const toTop = () => {
      const header = document.querySelector('.md-header');
      const below = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
      window.scrollBy(0, this.body.getBoundingClientRect().top - below - 4);
    };
    toTop();
    if (this.wholeTexts) return;
    for (const lines of CUT_LINES) {
      if (move.getBoundingClientRect().bottom <= window.innerHeight) break;
      screen.dataset.lines = String(lines);
      screen.style.setProperty('--gl-lines', String(lines));
      toTop();
    }
    if (screen.dataset.lines === undefined || !move.querySelector('.gl-wcard')) return;
    const whole = el('button', { type: 'button', class: 'gl-wwhole', 'data-testid': 'whole-texts', text: this.words('wholeTexts') });
    whole.addEventListener('click', () => {
      this.wholeTexts = true;
      delete screen.dataset.lines;
      whole.remove();
    });
    prompt.append(' ', whole);
  }

  /** On a phone one panel at a time (the move, the sheet, the cards seen, the log); on a wide screen the tabs are
   *  hidden and the sheet stands beside the move. */
  tabBar(seenDetails, logDetails) {
    const bar = el('div', { class: 'gl-wtabs', role: 'tablist', 'aria-label': this.words('yourSeat') });
    for (const id of TABS) {
      const tab = el('button', { type: 'button', role: 'tab', 'data-testid': `tab-${id}`, 'aria-selected': String(this.tab === id), text: this.words(`tab.${id}`) });
      tab.addEventListener('click', () => {
        this.tab = id;
        this.screen.dataset.tab = id;
        for (const other of bar.children) other.setAttribute('aria-selected', String(other === tab));
        if (id === 'seen') seenDetails.open = true;
        if (id === 'log') logDetails.open = true;
        this.body.scrollIntoView({ block: 'start' });
      });
      bar.append(tab);
    }
    return bar;
  }

  handNode(hand) {
    const w = this.words;
    return el('section', { class: 'gl-wmine', 'data-testid': 'hand', 'aria-label': w('yourHandLabel') },
      el('h3', { text: w('yourHand', { cards: countIn(w, hand.length, 'card') }) }),
      el('div', { class: 'gl-whand' }, ...[...hand].sort((a, b) => a - b).map((n) => cardFace(this.card(n), this.refName, { t: w }))));
  }

  tableSummary(v) {
    const w = this.words;
    const numbers = (cards) => cards.join(w('list.separator'));
    const seats = v.seats.map((s, i) => el('li', { class: i === v.turn ? 'gl-to-move' : '' }, w('seatLine', {
      name: s.name, you: i === v.you ? w('seatYou') : '', cards: countIn(w, s.cards, 'card'),
      marks: `${i === v.first ? w('seatFirst') : ''}${s.out ? w('seatOut') : ''}${s.sitOutRound === v.round ? w('seatSitsOut') : ''}`
        + `${s.hand && i !== v.you ? w('seatFaceUp', { cards: numbers(s.hand) }) : ''}` })));
    const parts = [el('h3', { text: w('theTable') }), el('ul', { class: 'gl-wseats', 'data-testid': 'seats' }, ...seats),
      el('p', { text: w('deckLine', { deck: countIn(w, v.deck, 'card'), discard: countIn(w, v.discard, 'card'),
        faceUp: v.faceUp.length ? w('deckFaceUp', { cards: numbers(v.faceUp) }) : '' }) })];
    if (v.targets.length) parts.push(el('p', { text: w('namedThisTurn', { refs: andIn(w, v.targets.map(this.refName)) }) }));
    const others = v.offers.filter((o) => o.seat !== v.you);
    if (others.length && v.phase === 'offer') {
      parts.push(el('div', { class: 'gl-wstacks' }, ...others.map((o) => offerStack({ name: v.seats[o.seat].name, count: o.count, value: o.value }, { t: w }))));
    }
    return el('section', { class: 'gl-wtable-summary' }, ...parts);
  }

  seenByReference(v) {
    const w = this.words;
    const seen = [...new Set(cardsSeen(v))].sort((a, b) => a - b);
    const byRef = [...this.game.refs.keys()].map((ref) => [ref, seen.filter((n) => this.game.cards.get(n).refs.includes(ref))]);
    return el('details', { class: 'gl-seen', 'data-testid': 'seen' }, el('summary', { text: w('seenTitle', { cards: countIn(w, seen.length, 'card') }) }),
      el('ul', { class: 'gl-wbyref' }, ...byRef.map(([ref, cards]) => el('li', { text: w('refLine', { ref: this.refName(ref),
        cards: cards.length ? cards.join(w('list.separator')) : w('noneYet') }) }))),
      el('div', { class: 'gl-whand gl-wseen-cards' }, ...seen.map((n) => cardFace(this.card(n), this.refName, { t: w }))));
  }

  logList(v) {
    return el('details', { class: 'gl-log', 'data-testid': 'log' }, el('summary', { text: this.words('logTitle') }),
      el('ol', {}, ...v.said.map((entry) => el('li', { text: sayIn(this.words, entry) }))));
  }

  // ---------------------------------------------------------------- the end

  /** The solution, fetched only now that the game is over: the page held only its digest while it was played. */
  async revealSolution(section) {
    const node = await solutionNode(this.item, this.base, this.words);
    if (node) section.insertBefore(node, section.querySelector('[data-testid=again]'));
  }

  drawOver() {
    const w = this.words;
    const s = this.state;
    this.viewer = null;
    const names = s.winners.map((i) => s.seats[i].name);
    const again = el('button', { type: 'button', text: w('newGame'), 'data-testid': 'again', class: 'gl-primary' });
    again.addEventListener('click', () => { this.setup.open = true; this.body.replaceChildren(); this.setup.scrollIntoView(); });
    const section = el('section', { class: 'gl-over', 'data-testid': 'over' },
      el('h2', { text: names.length ? w('solvedBy', { names: andIn(w, names) }) : w('unsolved') }),
      el('p', { text: w('afterRounds', { rounds: countIn(w, s.round, 'round') }) }),
      again,
      el('h3', { text: w('moveByMove') }),
      el('ol', { class: 'gl-log' }, ...s.said.map((entry) => el('li', { text: sayIn(w, entry) }))));
    this.body.replaceChildren(section);
    reveal(this.body);
    this.revealSolution(section);
  }
}

/** Link the stylesheets the table needs (once), and wait for them so the first screen is drawn styled. */
function linkSheets() {
  return Promise.all(SHEETS.map((file) => {
    const href = new URL(file, import.meta.url).href;
    if ([...document.querySelectorAll('link[rel=stylesheet]')].some((l) => l.href === href)) return null;
    const link = el('link', { rel: 'stylesheet', href });
    const loaded = new Promise((resolve) => { link.addEventListener('load', resolve); link.addEventListener('error', resolve); });
    document.head.append(link);
    return loaded;
  }));
}

async function main() {
  if (typeof document === 'undefined') return;
  const root = document.getElementById('gaslight-walton-table');
  if (!root) return;
  root.classList.add('gl-cardgame');
  const w = waltonWords(pageLanguage(root));
  try {
    const url = new URL(root.dataset.index, document.baseURI);
    const [response] = await Promise.all([fetch(url), linkSheets()]);
    if (!response.ok) throw new Error(w('cannotLoad', { url, status: response.status }));
    const chosen = new URLSearchParams(window.location.search).get('case');
    new TableApp(root, (await response.json()).items, url, chosen, w.lang);
  } catch (err) {
    root.textContent = w('cannotStart', { reason: err.message });
  }
}

main();
