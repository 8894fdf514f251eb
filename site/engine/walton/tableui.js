// The Walton table page: 2–5 seats, each a person (hot-seat, behind a pass screen) or a bot, playing a case as
// the card game is played (table.js). A person sees only their own seat's view: their hand, their notes, the
// cards seen listed by reference, their own investigation sheet; bots move as soon as it is their turn.

import { el } from '../../assets/dom.js';
import { answerDigest } from './answers.js';
import { casebook } from './deduce.js';
import { investigationSheet } from './sheet.js';
import { solutionNode } from './solution.js';
import { act, newTable, prepare, toMove, view } from './table.js';
import { botMove, cardsSeen } from './tablebots.js';

const NO_ACCOMPLICE_LEVELS = new Set(['I', 'A', 'B']);
const DEFAULT_SEATS = [['Hollis', 'person'], ['Ada', 'bot'], ['Basil', 'bot'], ['Clara', 'empty'], ['Digby', 'empty']];
const YOUR_MOVE = {
  investigate: 'name references', offer: 'make an offer, or none', exchange: 'take offers or draw',
  solve: 'solve or keep investigating', answer: 'write your answer', discard: 'discard down to your keep',
};

class TableApp {
  constructor(root, index, base, chosen) {
    this.root = root;
    this.index = index;
    this.base = base;
    this.chosen = chosen;
    this.drawSetup();
  }

  say(text) { this.message.textContent = text; }

  // ---------------------------------------------------------------- set-up

  drawSetup() {
    const select = el('select', { 'data-testid': 'setup-case', 'aria-label': 'Case' });
    for (const item of this.index) select.append(el('option', { value: item.file, text: `${item.title} (level ${item.difficulty})` }));
    const wanted = this.index.find((item) => item.id === this.chosen);
    if (wanted) select.value = wanted.file;
    const rows = DEFAULT_SEATS.map(([name, kind], i) => {
      const input = el('input', { type: 'text', value: name, maxlength: '24', 'aria-label': `Seat ${i + 1} name`, 'data-testid': `seat-name-${i}` });
      const who = el('select', { 'aria-label': `Seat ${i + 1} player`, 'data-testid': `seat-kind-${i}` });
      for (const [value, text] of [['person', 'a person'], ['bot', 'a bot'], ['empty', 'nobody']]) who.append(el('option', { value, text }));
      who.value = kind;
      return { input, who, row: el('li', {}, input, ' played by ', who) };
    });
    const seed = el('input', { type: 'number', value: '1', 'aria-label': 'Seed', 'data-testid': 'seed' });
    const app = el('input', { type: 'checkbox', 'data-testid': 'app-check' });
    const start = el('button', { type: 'button', text: 'Deal the cards', 'data-testid': 'start' });
    start.addEventListener('click', () => this.start(select.value, rows, Number(seed.value) || 0, app.checked));
    this.message = el('p', { role: 'alert', 'data-testid': 'message' });
    this.body = el('div');
    this.setup = el('details', { open: '', 'data-testid': 'setup' }, el('summary', { text: 'The table: case, seats and seed' }),
      el('p', {}, el('label', { text: 'Case ' }, select)),
      el('p', { text: 'Seats, clockwise from the first player (two to five):' }),
      el('ol', { class: 'gl-seats-setup' }, ...rows.map((r) => r.row)),
      el('p', {}, el('label', { text: 'Seed ' }, seed), ' ',
        el('label', {}, app, ' With the app: a wrong answer sits out the next solution phase instead of leaving the game')),
      el('p', {}, start));
    this.root.replaceChildren(this.setup, this.message, this.body);
  }

  async start(file, rows, seed, appCheck) {
    const seats = rows.filter((r) => r.who.value !== 'empty').map((r, i) => ({ name: r.input.value.trim() || `Seat ${i + 1}`, kind: r.who.value }));
    if (seats.length < 2) { this.say('A Walton table needs two to five players.'); return; }
    try {
      const response = await fetch(new URL(file, this.base));
      if (!response.ok) throw new Error(`could not load the case: ${response.status}`);
      this.caseJson = await response.json();
      this.item = this.index.find((item) => item.file === file) || null;
      this.game = prepare(this.caseJson, { appCheck });
      this.book = seats.some((s) => s.kind === 'bot') ? casebook(this.caseJson) : null;
    } catch (err) {
      this.say(`The table could not be set: ${err.message}`);
      return;
    }
    this.kinds = seats.map((s) => s.kind);
    this.sheets = seats.map(() => ({}));
    this.viewer = null;
    this.state = newTable(this.game, seats.map((s) => s.name), seed);
    this.setup.open = false;
    this.say('');
    await this.advance();
  }

  // ---------------------------------------------------------------- whose move

  /** Let the bots move until a person must, then show that person's seat (behind a pass screen when the
   *  screen changes hands between people). */
  async advance() {
    for (;;) {
      if (this.state.phase === 'over') { this.drawOver(); return; }
      const movers = toMove(this.state);
      const bot = movers.find((s) => this.kinds[s] === 'bot');
      if (bot === undefined) break;
      const move = await botMove(view(this.state, bot), this.game, this.book);
      const result = act(this.state, this.game, move);
      if (!result.ok) { this.say(`A bot's move was refused: ${result.reason}`); return; }
      this.state = result.state;
    }
    const seat = toMove(this.state)[0];
    const people = this.kinds.filter((k) => k === 'person').length;
    if (people > 1 && this.viewer !== seat) this.drawPass(seat);
    else this.drawSeat(seat);
  }

  async perform(move) {
    const result = act(this.state, this.game, move);
    if (!result.ok) { this.say(`Not allowed: ${result.reason}.`); return; }
    this.state = result.state;
    this.say('');
    await this.advance();
  }

  drawPass(seat) {
    const name = this.state.seats[seat].name;
    const ready = el('button', { type: 'button', text: `I am ${name}: show my cards`, 'data-testid': 'pass' });
    ready.addEventListener('click', () => { this.viewer = seat; this.drawSeat(seat); });
    this.body.replaceChildren(el('section', { class: 'gl-pass', 'data-testid': 'pass-screen' },
      el('h2', { text: `Pass the screen to ${name}` }),
      el('p', { text: 'Everyone else looks away: the next screen shows their hand and notes.' }), ready));
  }

  // ---------------------------------------------------------------- a seat's screen

  name(ref) { return this.game.refs.get(ref)?.name ?? ref; }

  drawSeat(seat) {
    this.viewer = seat;
    const v = view(this.state, seat);
    const me = v.seats[seat];
    const status = `Round ${v.round} · turn: ${v.seats[v.turn].name} · first player: ${v.seats[v.first].name} · `
      + `your move, ${me.name}: ${YOUR_MOVE[v.phase]}.`;
    this.body.replaceChildren(
      el('h2', { text: `${this.caseJson.title}: the seat of ${me.name}` }),
      el('p', { 'data-testid': 'status', role: 'status', text: status }),
      this.tableSummary(v),
      el('section', { class: 'gl-action', 'data-testid': 'action' }, ...this.actionPanel(v)),
      this.handList(v, me.hand),
      this.seenByReference(v),
      investigationSheet(this.caseJson, this.sheets[seat], (key, mark) => { this.sheets[seat] = { ...this.sheets[seat], [key]: mark }; }),
      this.logList(v));
  }

  tableSummary(v) {
    const rows = v.seats.map((s, i) => el('li', {},
      `${s.name}${i === v.you ? ' (you)' : ''}: ${s.cards} cards${s.out ? ', out' : ''}${s.sitOutRound === v.round ? ', sits out this solution phase' : ''}`,
      ...(s.hand && i !== v.you ? [el('span', { text: ` — face up: ${s.hand.join(', ')}` })] : [])));
    const parts = [el('ul', { class: 'gl-table-seats', 'data-testid': 'seats' }, ...rows),
      el('p', { text: `Deck: ${v.deck} cards · discards: ${v.discard}${v.faceUp.length ? ` · face up: ${v.faceUp.join(', ')}` : ''}` })];
    if (v.targets.length) parts.push(el('p', { text: `Named this turn: ${v.targets.map((t) => this.name(t)).join(', ')}.` }));
    return el('div', {}, ...parts);
  }

  cardLine(n) {
    const card = this.caseJson.cards.find((c) => c.number === n);
    return `Card ${n} (worth ${card.value}): ${card.text} [${card.refs.map((r) => this.name(r)).join(', ')}]`;
  }

  handList(v, hand) {
    return el('section', { 'data-testid': 'hand' }, el('h3', { text: `Your hand (${hand.length})` }),
      el('ul', { class: 'gl-hand-cards' }, ...[...hand].sort((a, b) => a - b).map((n) => el('li', { 'data-card': String(n), text: this.cardLine(n) }))));
  }

  seenByReference(v) {
    const seen = new Set(cardsSeen(v));
    const byRef = [...this.game.refs.keys()].map((ref) => [ref, [...seen].filter((n) => this.game.cards.get(n).refs.includes(ref)).sort((a, b) => a - b)]);
    return el('details', { class: 'gl-seen', 'data-testid': 'seen' }, el('summary', { text: `Cards you have seen (${seen.size}), by reference` }),
      el('ul', {}, ...byRef.map(([ref, cards]) => el('li', { text: `${this.name(ref)}: ${cards.length ? cards.join(', ') : 'none yet'}` }))),
      el('ul', {}, ...[...seen].sort((a, b) => a - b).map((n) => el('li', { text: this.cardLine(n) }))));
  }

  logList(v) {
    return el('details', { class: 'gl-log', 'data-testid': 'log' }, el('summary', { text: 'What happened so far' }),
      el('ol', {}, ...v.log.map((line) => el('li', { text: line }))));
  }

  // ---------------------------------------------------------------- the move at hand

  actionPanel(v) {
    const seat = v.you;
    const panels = {
      investigate: () => this.investigatePanel(v, seat),
      offer: () => this.offerPanel(v, seat),
      exchange: () => this.exchangePanel(v, seat),
      solve: () => [el('p', { text: 'Everyone chooses at once, hidden until all have chosen.' }),
        this.button('Keep investigating', 'solve-no', () => this.perform({ type: 'solve', seat, solve: false })), ' ',
        this.button('Solve the case', 'solve-yes', () => this.perform({ type: 'solve', seat, solve: true }))],
      answer: () => this.answerPanel(seat),
      discard: () => this.cardChoice(v.seats[seat].hand, `Discard down to ${v.rules.keep} cards: tick the cards to let go.`,
        'discard', 'Discard these', (cards) => this.perform({ type: 'discard', seat, cards })),
    };
    return panels[v.phase]();
  }

  button(text, id, onClick) {
    const b = el('button', { type: 'button', text, 'data-testid': id });
    b.addEventListener('click', onClick);
    return b;
  }

  checkbox(value, label, id) {
    const box = el('input', { type: 'checkbox', value: String(value), 'data-testid': id });
    return [box, el('label', {}, box, ` ${label}`)];
  }

  investigatePanel(v, seat) {
    const wanted = v.rules.referencesPerTurn;
    const boxes = [];
    const group = (kind, title) => {
      const items = [...this.game.refs].filter(([, r]) => r.kind === kind).map(([id, r]) => {
        const [box, label] = this.checkbox(id, r.name, `ref-${id}`);
        boxes.push(box);
        return el('li', {}, label);
      });
      return el('fieldset', {}, el('legend', { text: title }), el('ul', { class: 'gl-choices gl-refs' }, ...items));
    };
    return [el('p', { text: `Name ${wanted} references (suspects or rooms): the others may offer cards that show them.` }),
      group('suspect', 'Suspects'), group('room', 'Rooms'),
      this.button('Name them', 'investigate', () => this.perform({ type: 'investigate', seat, targets: boxes.filter((b) => b.checked).map((b) => b.value) }))];
  }

  cardChoice(cards, prompt, id, label, onDone, enabled = () => true) {
    const boxes = [];
    const items = [...cards].sort((a, b) => a - b).map((n) => {
      const [box, text] = this.checkbox(n, this.cardLine(n), `${id}-card-${n}`);
      if (!enabled(n)) box.disabled = true;
      boxes.push(box);
      return el('li', {}, text);
    });
    return [el('p', { text: prompt }), el('ul', { class: 'gl-choices' }, ...items),
      this.button(label, id, () => onDone(boxes.filter((b) => b.checked).map((b) => Number(b.value))))];
  }

  offerPanel(v, seat) {
    const shows = (n) => this.game.cards.get(n).refs.some((r) => v.targets.includes(r));
    const turn = v.seats[v.turn].name;
    return [...this.cardChoice(v.seats[seat].hand,
      `${turn} named ${v.targets.map((t) => this.name(t)).join(', ')}. Offer cards face down that show one of them (or none); ${turn} sees only how many and their total value.`,
      'offer', 'Offer the cards ticked', (cards) => this.perform({ type: 'offer', seat, cards }), shows),
    ' ', this.button('Offer nothing', 'offer-none', () => this.perform({ type: 'offer', seat, cards: [] }))];
  }

  exchangePanel(v, seat) {
    if (!v.offers.length) {
      return [el('p', { text: 'Nobody offered anything.' }),
        this.button(`Draw ${v.rules.drawIfNoOffer} cards`, 'exchange', () => this.perform({ type: 'exchange', seat, payments: {} }))];
    }
    const hand = [...v.seats[seat].hand].sort((a, b) => a - b);
    const choices = v.offers.map((o) => {
      const boxes = hand.map((n) => this.checkbox(n, this.cardLine(n), `pay-${o.seat}-card-${n}`));
      return { offer: o, boxes: boxes.map(([box]) => box),
        box: el('fieldset', {}, el('legend', { text: `${v.seats[o.seat].name} offers ${o.count} card${o.count === 1 ? '' : 's'} worth ${o.value}: pay with cards worth at least ${o.value}, or tick none to decline` }),
          el('ul', { class: 'gl-choices' }, ...boxes.map(([, label]) => el('li', {}, label)))) };
    });
    const done = () => {
      const payments = {};
      for (const c of choices) {
        const paid = c.boxes.filter((b) => b.checked).map((b) => Number(b.value));
        if (paid.length) payments[c.offer.seat] = paid;
      }
      return this.perform({ type: 'exchange', seat, payments });
    };
    return [...choices.map((c) => c.box), this.button('Make the exchange', 'exchange', done)];
  }

  answerPanel(seat) {
    const m = this.caseJson.mansion;
    // Every list starts on a blank choice: an accusation is chosen, never the list's first entries by default.
    const pick = (label, id, blank, options) => {
      const s = el('select', { 'aria-label': label, 'data-testid': `answer-${id}` });
      s.append(el('option', { value: '', text: blank }));
      for (const [value, text] of options) s.append(el('option', { value, text }));
      return s;
    };
    const motivesOf = (suspectId) => (m.suspects.find((x) => x.id === suspectId)?.motives || []).map((mo) => [mo.id, mo.name]);
    const refill = (select, blank, options) => {
      select.replaceChildren(el('option', { value: '', text: blank }), ...options.map(([value, text]) => el('option', { value, text })));
    };
    const suspects = m.suspects.map((x) => [x.id, x.name]);
    const culprit = pick('Culprit', 'culprit', 'Culprit…', suspects);
    const motive = pick('Motive', 'motive', 'Motive (choose the culprit first)', []);
    const weapon = pick('Weapon', 'weapon', 'Weapon…', m.weapons.map((w) => [w.id, w.name]));
    const helper = !NO_ACCOMPLICE_LEVELS.has(this.caseJson.difficulty);
    const accomplice = pick('Accomplice', 'accomplice', 'Accomplice…', [['none', 'nobody helped'], ...suspects]);
    const theirs = pick('Accomplice\'s motive', 'accomplice-motive', 'Their motive…', []);
    const button = this.button('Accuse', 'accuse', async () => {
      const answer = { culprit: culprit.value, motive: motive.value, weapon: weapon.value,
        accomplice: helper && accomplice.value !== 'none' ? accomplice.value : null,
        accompliceMotive: helper && accomplice.value !== 'none' ? theirs.value : null };
      await this.perform({ type: 'answer', seat, digest: await answerDigest(this.game.check, answer) });
    });
    const ready = () => {
      const helped = helper && accomplice.value && accomplice.value !== 'none';
      button.disabled = !(culprit.value && motive.value && weapon.value && (!helper || accomplice.value) && (!helped || theirs.value));
      theirs.hidden = !helped;
    };
    culprit.addEventListener('change', () => { refill(motive, 'Motive…', motivesOf(culprit.value)); ready(); });
    accomplice.addEventListener('change', () => { refill(theirs, 'Their motive…', motivesOf(accomplice.value)); ready(); });
    for (const select of [motive, weapon, theirs]) select.addEventListener('change', ready);
    ready();
    return [el('p', { text: 'Your answer, written down in secret. A wrong answer puts you out of the game (with the app: you sit out the next solution phase).' }),
      el('p', {}, culprit, ' ', motive, ' ', weapon, ...(helper ? [' ', accomplice, ' ', theirs] : [])),
      button];
  }

  /** The solution, fetched only now that the game is over: the page held only its digest while it was played. */
  async revealSolution(section) {
    const node = await solutionNode(this.item, this.base);
    if (node) section.insertBefore(node, section.querySelector('ol'));
  }

  drawOver() {
    const s = this.state;
    const names = s.winners.map((i) => s.seats[i].name);
    const again = this.button('Set up a new game', 'again', () => { this.setup.open = true; this.body.replaceChildren(); });
    const section = el('section', { 'data-testid': 'over' },
      el('h2', { text: names.length ? `${names.join(' and ')} solved the case` : 'The case goes unsolved' }),
      el('p', { text: `After ${s.round} round${s.round === 1 ? '' : 's'}. Every answer was checked against the case's digest; the solution was fetched only now.` }),
      el('ol', { class: 'gl-log' }, ...s.log.map((line) => el('li', { text: line }))), again);
    this.body.replaceChildren(section);
    this.revealSolution(section);
  }
}

async function main() {
  if (typeof document === 'undefined') return;
  const root = document.getElementById('gaslight-walton-table');
  if (!root) return;
  try {
    const url = new URL(root.dataset.index, document.baseURI);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`could not load ${url}: ${response.status}`);
    const chosen = new URLSearchParams(window.location.search).get('case');
    new TableApp(root, (await response.json()).items, url, chosen);
  } catch (err) {
    root.textContent = `The table could not start: ${err.message}`;
  }
}

main();
