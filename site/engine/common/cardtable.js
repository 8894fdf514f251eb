// The card games' play page: set-up, seats played by people (hot-seat, behind a handover screen) or bots, the
// screen of the seat whose move it is, save and load, the end screen. What a game draws and decides is its
// adapter's (rummy/page.js, twentyfour/page.js); this file owns who sees what, and when.
//
// Example (in a game's page module):
//   mountCardTable(document.getElementById('gaslight-cards'), RUMMY);   // RUMMY: the rummy adapter
//
// A person sees only their own seat's view (the engine's `view`), never the state. Between two people a
// handover screen holds no card of either; bots move from their own view as soon as it is their turn. Every
// text goes in as text (el's `text`), never as HTML: card names and texts are the designer's data.

import { el } from '../../assets/dom.js';
import { COMMON, LANGUAGES, merged, pickLanguage, translator } from './cardtext.js';
import { ENGINE_COMMON, pageLanguage } from './messages.js';
import { saveLoadBox, whileBusy } from './savebox.js';

/** Bot moves played between two looks at the browser's event loop (a long bot stretch stays responsive). */
const BOT_BATCH = 40;
const LOG_LINES = 14;

/** One card drawn as a card: band (type, suit, value), name, fields, text. `face` from the table file. */
export function cardNode(face, { id = '', state = '', onClick = null, label = '', small = false } = {}) {
  const node = el(onClick ? 'button' : 'div', {
    class: `gl-pcard${small ? ' gl-pcard-small' : ''}${state ? ` ${state}` : ''}`,
    style: `--gl-band: ${face.band || '#555'}; --gl-on-band: ${face.ink || '#fff'}`,
  });
  if (id) node.dataset.card = id;
  if (onClick) {
    node.type = 'button';
    node.addEventListener('click', onClick);
    node.setAttribute('aria-pressed', state.includes('selected') ? 'true' : 'false');
  }
  const band = el('span', { class: 'gl-pcard-band' }, el('span', { class: 'gl-pcard-type', text: face.type || '' }));
  if (face.value !== null && face.value !== undefined && face.value !== '') band.append(el('span', { class: 'gl-pcard-value', text: String(face.value) }));
  node.append(band, el('span', { class: 'gl-pcard-name', text: face.name || '' }));
  if (face.suit) node.append(el('span', { class: 'gl-pcard-suit', text: face.suit }));
  if (!small) {
    for (const line of face.fields || []) node.append(el('span', { class: 'gl-pcard-field', text: line }));
    if (face.text) node.append(el('span', { class: 'gl-pcard-text', text: face.text }));
  }
  if (label) node.append(el('span', { class: 'gl-pcard-label', text: label }));
  return node;
}

/** A card face down: its back, with what may be said of it (a count, "face down"). */
export function backNode(label = '', small = false) {
  return el('div', { class: `gl-pcard gl-pcard-back${small ? ' gl-pcard-small' : ''}` }, el('span', { class: 'gl-pcard-name', text: label }));
}

export function button(text, testid, onClick, cls = '') {
  const b = el('button', { type: 'button', text, 'data-testid': testid, class: cls });
  b.addEventListener('click', onClick);
  return b;
}

/** The screen between two people at one device: it names who is next and holds no card of anyone's; the
 *  button (`handover`) calls `onReady` once that person has the device. `t`: a translator over COMMON. */
export function handoverNode(t, name, onReady) {
  return el('section', { class: 'gl-pass', 'data-testid': 'pass-screen' },
    el('h2', { text: t('passTo', { name }) }), el('p', { text: t('passHelp', { name }) }),
    button(t('ready', { name }), 'handover', onReady, 'gl-big'));
}

/** Bring `node` into view when a new screen starts off it (a phone shows one decision at a time). */
export function reveal(node) {
  const top = node.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight * 0.4) node.scrollIntoView({ block: 'start' });
}

class CardTableApp {
  constructor(root, adapter, table, base) {
    this.root = root;
    this.adapter = adapter;
    this.table = table;
    this.base = base;
    this.games = new Map(); // a variant file's address → prepared game
    // A page of the site in another language (lang="ja" under /ja/) speaks it before the browser's languages do.
    const page = pageLanguage(root);
    const browser = navigator.languages || [];
    this.lang = pickLanguage({ search: window.location.search, stored: readStored(),
      languages: page === 'en' ? browser : [page, ...browser] });
    // Each language's table file (faces, variants' titles), so the faces speak the language the control picks.
    this.tables = new Map([[table.language || page, Promise.resolve({ table, base })]]);
    this.sources = tableSources(root);
    this.state = null;
  }

  /** The table file of `lang` (this page's when none is listed or it does not load). */
  tableIn(lang) {
    if (!this.tables.has(lang)) {
      const own = this.tables.values().next().value;
      this.tables.set(lang, this.sources[lang] ? fetchTable(this.sources[lang]).catch(() => own) : own);
    }
    return this.tables.get(lang);
  }

  /** Speak `lang`: its faces and variants' titles, and a game on the table read in it (same play, its names). */
  async speak(lang) {
    const { table, base } = await this.tableIn(lang);
    if (this.lang !== lang) return; // the reader picked another language meanwhile
    this.table = table;
    this.base = base;
    if (!this.chosen) return;
    try {
      const same = await this.gameFor(this.chosen.file);
      if (this.lang === lang && this.chosen) { this.chosen = same; this.game = same.game; }
    } catch { /* its names stay in the language it was dealt in */ }
  }

  get t() { return translator(merged(COMMON, this.adapter.messages), this.lang); }

  say(text) { this.message.textContent = text; }

  frame() {
    const t = this.t;
    this.root.replaceChildren();
    this.root.lang = this.lang;
    const lang = el('select', { 'aria-label': t('language'), 'data-testid': 'language' });
    for (const [code, name] of [['en', 'English'], ['ja', '日本語']]) lang.append(el('option', { value: code, text: name }));
    lang.value = this.lang;
    lang.addEventListener('change', async () => {
      const picked = LANGUAGES.includes(lang.value) ? lang.value : 'en';
      this.lang = picked;
      try { window.localStorage.setItem('gaslight-lang', picked); } catch { /* private mode: the choice lasts this page */ }
      const seats = this.readSeats();
      const setupOpen = this.setup.open;
      await this.speak(picked);
      if (this.lang !== picked) return;
      this.frame();
      this.setup.open = setupOpen;
      if (seats) this.fillSeats(seats);
      this.show();
    });
    this.message = el('p', { class: 'gl-message', role: 'alert', 'data-testid': 'message' });
    this.body = el('div', { class: 'gl-cardtable', 'data-testid': 'table' });
    this.root.append(el('p', { class: 'gl-lang' }, el('label', { text: `${t('language')} ` }, lang)), this.setupForm(),
      this.message, this.body, this.saveControls());
  }

  // ---------------------------------------------------------------- set-up

  setupForm() {
    const t = this.t;
    const a = this.adapter;
    this.variant = el('select', { 'aria-label': t('rules'), 'data-testid': 'variant' });
    for (const v of this.table.variants) this.variant.append(el('option', { value: v.file, text: v.title }));
    this.rows = a.defaultSeats.map((name, i) => {
      const input = el('input', { type: 'text', value: name, maxlength: '24', 'aria-label': t('seatName', { n: i + 1 }),
        'data-testid': `seat-name-${i}` });
      const who = el('select', { 'aria-label': t('seatKind', { n: i + 1 }), 'data-testid': `seat-kind-${i}` });
      who.append(el('option', { value: 'person', text: t('person') }));
      for (const s of a.strengths) who.append(el('option', { value: `bot:${s}`, text: t('bot', { strength: t(`strength.${s}`) }) }));
      who.append(el('option', { value: 'empty', text: t('nobody') }));
      who.value = i === 0 ? 'person' : i < a.defaultCount ? `bot:${a.strengths[a.strengths.length - 1]}` : 'empty';
      return { input, who, row: el('li', {}, input, ' ', who) };
    });
    this.seed = el('input', { type: 'number', value: '1', 'aria-label': t('seed'), 'data-testid': 'seed', inputmode: 'numeric' });
    this.setup = el('details', { open: '', class: 'gl-setup', 'data-testid': 'setup' }, el('summary', { text: t('setup') }),
      el('p', {}, el('label', { text: `${t('rules')} ` }, this.variant)),
      el('p', { text: t('seats') }),
      el('ol', { class: 'gl-seats-setup' }, ...this.rows.map((r) => r.row)),
      el('p', {}, el('label', { text: `${t('seed')} ` }, this.seed)),
      el('p', {}, button(t('start'), 'start', () => this.start(), 'gl-primary')));
    return this.setup;
  }

  readSeats() {
    if (!this.rows) return null;
    return { variant: this.variant.value, seed: this.seed.value, rows: this.rows.map((r) => [r.input.value, r.who.value]) };
  }

  fillSeats({ variant, seed, rows }) {
    this.variant.value = variant;
    this.seed.value = seed;
    rows.forEach(([name, kind], i) => { this.rows[i].input.value = name; this.rows[i].who.value = kind; });
  }

  async gameFor(file) {
    const url = new URL(file, this.base).href; // beside the table file of the language spoken
    if (!this.games.has(url)) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      this.games.set(url, { file, game: this.adapter.prepare(await response.json()) });
    }
    return this.games.get(url);
  }

  async start() {
    const t = this.t;
    const seats = this.rows.filter((r) => r.who.value !== 'empty').map((r, i) => ({
      name: r.input.value.trim().slice(0, 24) || `${i + 1}`,
      bot: r.who.value.startsWith('bot:') ? r.who.value.slice(4) : null,
    }));
    let chosen;
    try {
      chosen = await this.gameFor(this.variant.value);
    } catch (err) {
      this.say(t('cannotStart', { reason: err.message }));
      return;
    }
    const counts = this.adapter.seatCounts(chosen.game);
    if (!counts.includes(seats.length)) { this.say(t('seatCount', { counts: counts.join(', ') })); return; }
    try {
      const setup = { players: seats.length, seed: Math.abs(Math.trunc(Number(this.seed.value))) % 2 ** 32 || 0 };
      this.begin(chosen, seats, this.adapter.newGame(chosen.game, setup), [], setup);
    } catch (err) {
      this.say(t('cannotStart', { reason: err.message }));
      return;
    }
    await this.advance();
  }

  begin(chosen, seats, state, actions, setup) {
    this.chosen = chosen;
    this.setupUsed = setup;
    this.game = chosen.game;
    this.seats = seats;
    this.state = state;
    this.actions = actions;
    this.viewer = null;
    this.log = [];
    this.picks = {}; // what the person on screen has tapped so far (cleared by every move)
    this.extra = {}; // the game's own per-table settings (rummy: each seat's standing order for the Escape)
    this.setup.open = false;
    this.say('');
  }

  get people() { return this.seats.filter((s) => s.bot === null).length; }

  // ---------------------------------------------------------------- whose move

  /** Let the bots (and the moves nobody need choose) go until a person must choose; then show that person. */
  async advance() {
    let batch = 0;
    for (;;) {
      if (this.adapter.isOver(this.state)) { this.viewer = null; this.show(); return; }
      const seat = this.adapter.toMove(this.state);
      const bot = this.seats[seat].bot;
      const forced = bot === null ? this.adapter.forcedMove(this.game, this.state, seat, this) : null;
      if (bot === null && forced === null) break;
      const action = forced || this.adapter.botMove(this.game, this.state, seat, bot, this.actions.length);
      if (!this.step(action, true)) return;
      batch += 1;
      if (batch % BOT_BATCH === 0) {
        this.body.setAttribute('aria-busy', 'true');
        await new Promise((resolve) => { setTimeout(resolve, 0); });
      }
    }
    this.body.removeAttribute('aria-busy');
    const seat = this.adapter.toMove(this.state);
    if (this.people > 1 && this.viewer !== seat) this.handover(seat);
    else { this.viewer = seat; this.show(); }
  }

  /** Apply one action; false (and a message) when the engine refuses it. */
  step(action, byBot = false) {
    const result = this.adapter.apply(this.game, this.state, action);
    if (!result.ok) {
      // The game's adapter words the engine's reason in the page's language, where it can.
      const reason = this.adapter.reasonText ? this.adapter.reasonText(this.t, this.game, result, this.state) : result.reason;
      this.say(this.t(byBot ? 'botRefused' : 'refused', { reason }));
      return false;
    }
    const before = this.state;
    this.state = result.state;
    this.actions = [...this.actions, action];
    this.log = [...this.log, ...this.adapter.logLines(this, before, this.state, action)].slice(-200);
    return true;
  }

  /** A person's move from the seat's screen. */
  async act(action) {
    this.picks = {};
    if (!this.step(action)) { this.show(); return; }
    this.say('');
    await this.advance();
  }

  handover(seat) {
    const name = this.seats[seat].name;
    this.viewer = null;
    this.body.replaceChildren(handoverNode(this.t, name, () => { this.viewer = seat; this.show(); }));
    this.reveal();
  }

  reveal() { reveal(this.body); }

  /** Redraw what is on screen now: the end, a seat's screen, or nothing before a game. */
  show() {
    this.draw();
    if (this.state) this.reveal();
  }

  draw() {
    if (!this.state) { this.body.replaceChildren(); return; }
    if (this.adapter.isOver(this.state)) {
      this.body.replaceChildren(el('section', { class: 'gl-over', 'data-testid': 'over' },
        ...this.adapter.drawOver(this), button(this.t('newGame'), 'again', () => { this.setup.open = true; this.setup.scrollIntoView(); })));
      return;
    }
    const seat = this.viewer;
    if (seat === null) { this.handover(this.adapter.toMove(this.state)); return; }
    this.body.replaceChildren(...this.adapter.drawSeat(this, seat), this.logNode());
  }

  logNode() {
    return el('details', { class: 'gl-log', 'data-testid': 'log' }, el('summary', { text: this.t('log') }),
      el('ol', {}, ...this.log.slice(-LOG_LINES).map((line) => el('li', { text: line }))));
  }

  /** The name of the seat, and "(you)" for the seat on screen. */
  seatName(seat) {
    const name = this.seats[seat].name;
    return seat === this.viewer ? `${name} (${this.t('you')})` : name;
  }

  // ---------------------------------------------------------------- save and load

  saveControls() {
    const t = this.t;
    this.saveBox = el('textarea', { class: 'gl-save', rows: '3', 'aria-label': t('saveBox'), 'data-testid': 'save' });
    Object.assign(this, saveLoadBox(this.saveBox, { passphrase: t('passphrase'), summary: t('saveLoad'),
      help: t('saveHelp'), save: t('save'), load: t('load') }, () => this.saveText(), () => this.loadText()));
    return this.saveLoad;
  }

  busy(work) {
    return whileBusy(this, (message) => this.say(message), work);
  }

  saveText() {
    if (!this.state) { this.say(this.t('startFirst')); return Promise.resolve(); }
    const { game, state, actions, seats, setupUsed } = this;
    return this.busy(async (passphrase) => {
      this.saveBox.value = await this.adapter.save(game, this.adapter.setupOf(state, setupUsed), actions, { seats, passphrase });
      this.say(this.t(passphrase ? 'savedLocked' : 'saved'));
    });
  }

  /** Replace the game with the saved one; a save that does not load leaves the game on the table as it was. */
  loadText() {
    const text = this.saveBox.value;
    return this.busy(async (passphrase) => {
      const chosen = await this.gameFor(this.variant.value);
      const found = await this.findSave(chosen, text, passphrase);
      // A save without seats (made by a script) is played by people only.
      const seats = found.seats || Array.from({ length: this.adapter.seatTotal(found.state) }, (_, i) => ({ name: `${i + 1}`, bot: null }));
      this.begin(found.chosen, seats, found.state, found.actions, found.setup);
      this.variant.value = found.chosen.file;
      this.log = [];
      this.say(this.t('loaded', { moves: found.actions.length }));
      await this.advance();
    });
  }

  /** The save loaded under the chosen rules, or else under the first other variant it opens with. */
  async findSave(chosen, text, passphrase) {
    try {
      return { chosen, ...(await this.adapter.load(chosen.game, text, { passphrase })) };
    } catch (first) {
      if (!/other rules or cards/.test(first.message)) throw first;
      for (const v of this.table.variants) {
        if (v.file === chosen.file) continue;
        const other = await this.gameFor(v.file);
        try { return { chosen: other, ...(await this.adapter.load(other.game, text, { passphrase })) }; } catch { /* next */ }
      }
      throw first;
    }
  }
}

/** The table file of each language the root names (`data-table-ja`), by code, as addresses. */
function tableSources(root) {
  const sources = {};
  for (const code of LANGUAGES) {
    const path = root.dataset[`table${code[0].toUpperCase()}${code.slice(1)}`];
    if (path) sources[code] = new URL(path, document.baseURI);
  }
  return sources;
}

async function fetchTable(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url}: ${response.status}`);
  return { table: await response.json(), base: url };
}

function readStored() {
  try { return window.localStorage.getItem('gaslight-lang'); } catch { return null; }
}

/** Start the page: read the table file named by the root's data-table, then mount the app. */
export async function mountCardTable(root, adapter) {
  if (!root) return null;
  try {
    const { table, base } = await fetchTable(new URL(root.dataset.table, document.baseURI));
    if (!table.variants.length) throw new Error('this deck has no rules the engine can play');
    const app = new CardTableApp(root, adapter, table, base);
    await app.speak(app.lang); // a ?lang= or the reader's choice other than the page's: that language's faces
    app.frame();
    return app;
  } catch (err) {
    root.textContent = translator(ENGINE_COMMON, pageLanguage(root))('engineFailed', { error: err.message });
    return null;
  }
}
