// The Ripper rummy play page: the game's adapter for the card table (../common/cardtable.js). A seat's screen shows the
// move at hand first (only legal moves, from choices.js), then the seat's own hand as cards, then the table:
// Scotland Yard, every seat's area, the scores. It draws from the seat's view (view.js) and never from another
// seat's hand.

import { el } from '../../assets/dom.js';
import { backNode, button, cardNode, mountCardTable } from '../common/cardtable.js';
import { merged } from '../common/cardtext.js';
import { botMove, STRENGTHS } from './bots.js';
import { choices, forcedWindowMove } from './choices.js';
import { apply, newGame, toMove } from './engine.js';
import { MESSAGES } from './messages.js';
import { RUMMY_REASONS, reasonText as refusalText } from './reasons.js';
import { gameFrom, LETTERS } from './rules.js';
import { load, save } from './save.js';
import { view } from './view.js';

const SUSPECT_TABLE = new Set(['evidence', 'wild', 'suspect', 'alibi']);

const faceOf = (app, id) => {
  const c = app.game.cards[id];
  return app.table.faces[c.base] || { name: c.name, type: c.kind, value: c.points };
};
const cardName = (app, id) => faceOf(app, id).name;
const suitName = (app, suit) => (suit === LETTERS ? app.t('letters') : app.game.suitNames[suit] || suit);

/** Points of evidence against each suspect on the table, and Jack as the scoring would name him now. */
export function evidenceTotals(game, v) {
  const totals = {};
  for (const area of v.table) {
    for (const { id, suit } of area) {
      if (SUSPECT_TABLE.has(game.cards[id].kind) && suit !== LETTERS) totals[suit] = (totals[suit] || 0) + game.cards[id].points;
    }
  }
  const covered = v.alibi ? v.alibi.suit : null;
  let jack = null;
  for (const s of Object.keys(totals)) {
    if (s === covered || totals[s] <= 0) continue;
    if (jack === null || totals[s] > totals[jack] || (totals[s] === totals[jack] && game.ranks[s] < game.ranks[jack])) jack = s;
  }
  return { totals, jack };
}

function statusNode(app, v) {
  return el('p', { class: 'gl-status', 'data-testid': 'status', text: app.t('status', {
    hand: v.handNumber, dealer: app.seats[v.dealer].name, mover: app.seats[v.toMove].name,
    target: app.game.parameters.target_score }) });
}

/** The move at hand: a prompt and the legal moves as buttons. */
function actionNode(app, v, seat) {
  const t = app.t;
  const selected = app.picks.selected || [];
  const c = choices(app.game, app.state, seat, selected);
  const act = (action) => () => app.act(action);
  const buttons = [];
  let prompt = t(`prompt.${v.phase}`, { card: v.step.picked ? cardName(app, v.step.picked) : '' });
  for (const a of c.draw) {
    buttons.push(a.from === 'file' ? button(t('drawFile'), 'draw-file', act(a), 'gl-primary')
      : button(t('drawYard', { card: cardName(app, v.yardTop) }), 'draw-yard', act(a)));
  }
  if (c.vote) buttons.push(button(t('vote'), 'vote', act(c.vote)));
  for (const a of c.ballots) buttons.push(button(t('ballot', { suspect: suitName(app, a.suspect) }), `ballot-${a.suspect}`, act(a)));
  if (c.meld) buttons.push(button(t('meld', { n: c.meld.cards.length }), 'meld', act(c.meld), 'gl-primary'));
  if (c.forCard) {
    const name = cardName(app, c.forCard.card);
    for (const a of c.forCard.layoffs) {
      buttons.push(button(a.suspect ? t('layoffOn', { card: name, suspect: suitName(app, a.suspect) }) : t('layoff', { card: name }),
        a.suspect ? `layoff-${a.suspect}` : 'layoff', act(a), 'gl-primary'));
    }
    for (const a of c.forCard.gavels) {
      buttons.push(button(a.suspect ? t('gavelFor', { card: name, suspect: suitName(app, a.suspect) }) : t('gavel', { card: name }),
        a.suspect ? `gavel-${a.suspect}` : 'gavel', act(a), 'gl-primary'));
    }
    if (c.forCard.discard) buttons.push(button(t('discard', { card: name }), 'discard', act(c.forCard.discard)));
  }
  for (const a of c.sceneGavel || []) {
    buttons.push(button(a.suspect ? t('gavelFor', { card: cardName(app, a.card), suspect: suitName(app, a.suspect) })
      : t('gavel', { card: cardName(app, a.card) }), 'gavel', act(a), 'gl-primary'));
  }
  if (c.keep) buttons.push(button(t('keep'), 'keep', act(c.keep)));
  if (c.escape) buttons.push(button(t('escape'), 'escape', act(c.escape), 'gl-danger'));
  if (c.pass) buttons.push(button(t('pass'), 'pass', act(c.pass)));
  if (v.phase === 'play' && !c.forCard && !c.meld) prompt = `${prompt} ${t('tapHint')}`;
  const parts = [el('p', { class: 'gl-prompt', 'data-testid': 'prompt', text: prompt }), el('div', { class: 'gl-buttons' }, ...buttons)];
  if (v.phase === 'scene') {
    parts.push(el('div', { class: 'gl-hand', 'data-testid': 'look-through' },
      ...c.picks.map((a) => cardNode(faceOf(app, a.card), { id: a.card, onClick: act(a), small: true }))));
  }
  if (c.forCard) parts.push(el('div', { class: 'gl-detail' }, cardNode(faceOf(app, c.forCard.card), { id: c.forCard.card })));
  return el('section', { class: 'gl-action', 'data-testid': 'action' }, ...parts);
}

function handNode(app, v, seat) {
  const t = app.t;
  const selected = app.picks.selected || [];
  const tappable = v.phase === 'play' && v.toMove === seat;
  const playable = tappable ? new Set(choices(app.game, app.state, seat, []).playable) : new Set();
  const toggle = (id) => () => {
    const now = app.picks.selected || [];
    app.picks.selected = now.includes(id) ? now.filter((x) => x !== id) : [...now, id];
    app.show();
  };
  const hand = [...v.hand].sort((a, b) => order(app.game, a) - order(app.game, b) || (a < b ? -1 : 1));
  const cards = hand.map((id) => cardNode(faceOf(app, id), { id, small: true, onClick: tappable ? toggle(id) : null,
    state: `${selected.includes(id) ? 'selected' : ''}${playable.has(id) ? ' playable' : ''}`.trim() }));
  const parts = [el('h3', { text: t('hand', { n: v.hand.length }) }), el('div', { class: 'gl-hand', 'data-testid': 'hand' }, ...cards)];
  const escape = v.hand.find((id) => app.game.cards[id].kind === 'escape');
  if (escape && app.people > 1) parts.push(standingNode(app, seat));
  return el('section', { class: 'gl-hand-area' }, ...parts);
}

/** A person holding the Escape says what to do when it opens out of turn (nobody is handed the device then). */
function standingNode(app, seat) {
  const t = app.t;
  const pick = el('select', { 'data-testid': 'standing', 'aria-label': t('standing') });
  for (const k of ['ask', 'play', 'pass']) pick.append(el('option', { value: k, text: t(`standing.${k}`) }));
  pick.value = (app.extra.standing || {})[seat] || 'ask';
  pick.addEventListener('change', () => { app.extra.standing = { ...app.extra.standing, [seat]: pick.value }; });
  return el('p', { class: 'gl-standing' }, el('label', { text: t('standing') }, pick));
}

const KIND_ORDER = ['evidence', 'wild', 'letter', 'victim', 'scene', 'suspect', 'alibi', 'strike', 'resigns', 'escape'];
const order = (game, id) => KIND_ORDER.indexOf(game.cards[id].kind) * 100 + (game.ranks[game.cards[id].suit] ?? 50);

function tableNode(app, v) {
  const t = app.t;
  const { totals, jack } = evidenceTotals(app.game, v);
  const yard = [el('div', { class: 'gl-pile' }, el('span', { class: 'gl-pile-label', text: t('caseFile') }),
    backNode(t('faceDown', { n: v.caseFile }), true)),
  el('div', { class: 'gl-pile' }, el('span', { class: 'gl-pile-label', text: `${t('yard')} (${v.yardCount})` }),
    v.yardTop ? cardNode(faceOf(app, v.yardTop), { id: v.yardTop, small: true }) : backNode(t('yardEmpty'), true))];
  const seats = Array.from({ length: v.players }, (_, s) => {
    const area = v.table[s];
    const cards = area.map(({ id, suit }) => cardNode(faceOf(app, id), { id, small: true,
      label: v.alibi && v.alibi.id === id ? `${t('alibi')}: ${suitName(app, suit)}` : '' }));
    return el('li', { class: s === v.toMove ? 'gl-to-move' : '', 'data-seat': String(s) },
      el('p', { text: t('seatLine', { name: app.seatName(s), cards: v.handCounts[s], total: v.totals[s] }) }),
      el('div', { class: 'gl-hand gl-area' }, ...(cards.length ? cards : [el('span', { class: 'gl-muted', text: t('nothing') })])));
  });
  const list = Object.entries(totals).sort((a, b) => b[1] - a[1]).map(([s, n]) => `${suitName(app, s)} ${n}`).join(', ');
  return el('section', { class: 'gl-table', 'data-testid': 'table-area' }, el('h3', { text: t('table') }),
    el('div', { class: 'gl-piles' }, ...yard),
    el('p', { text: list ? `${t('evidence', { list })} · ${t('jackNow', { name: jack ? suitName(app, jack) : '—' })}` : t('noJack') }),
    el('ul', { class: 'gl-seat-areas' }, ...seats));
}

/** Why a hand ended and how it was scored, in the page's language (`r`: a hand's summary in state.results). */
function reasonText(app, r) {
  const who = (seat) => (seat === null || seat === undefined ? '?' : app.seats[seat].name);
  return app.t(`reason.${r.reason}`, { out: who(r.out), escaper: who(r.escaper), jack: r.jack ? suitName(app, r.jack) : '' });
}

function scoredNode(app, last, open) {
  const t = app.t;
  return el('details', { class: 'gl-scored', 'data-testid': 'last-hand', ...(open ? { open: '' } : {}) },
    el('summary', { text: t('lastHand', { hand: last.hand }) }),
    el('p', { text: t('handScored', { hand: last.hand, reason: reasonText(app, last) }) }),
    el('ul', {}, ...last.scores.map((x, s) => el('li', { text: t('scoreLine', { name: app.seats[s].name, table: x.table,
      hand: x.hand, vote: x.vote, escape: x.escape, total: x.total }) }))));
}

function drawSeat(app, seat) {
  const v = view(app.state, seat);
  const parts = [statusNode(app, v)];
  if (v.lastHand && v.handMoves < v.players) parts.push(scoredNode(app, v.lastHand, true));
  parts.push(actionNode(app, v, seat), handNode(app, v, seat), tableNode(app, v));
  if (v.lastHand && v.handMoves >= v.players) parts.push(scoredNode(app, v.lastHand, false));
  return parts;
}

function drawOver(app) {
  const t = app.t;
  const s = app.state;
  const winner = s.winner;
  const rows = s.results.map((r) => el('tr', {}, el('td', { text: String(r.hand) }),
    ...r.totals.map((n) => el('td', { text: String(n) })), el('td', { text: reasonText(app, r) })));
  return [
    el('h2', { 'data-testid': 'over-title', text: winner === null ? t('over') : t('winner', { name: app.seats[winner].name }) }),
    el('p', { text: `${t('scores')}: ${s.totals.map((n, i) => `${app.seats[i].name} ${n}`).join(' · ')} (${t('overReason', { hands: s.results.length })})` }),
    el('div', { class: 'gl-scroll' }, el('table', { class: 'gl-results' },
      el('thead', {}, el('tr', {}, el('th', { text: t('handCol') }), ...app.seats.map((x) => el('th', { text: x.name })), el('th', { text: '' }))),
      el('tbody', {}, ...rows))),
    ...(s.lastHand ? [scoredNode(app, s.lastHand, false)] : []),
  ];
}

/** Public events of one action as log lines (events hold only what the table sees). */
function logLines(app, before, after, action) {
  const t = app.t;
  const name = (seat) => app.seats[seat]?.name ?? '?';
  const lines = [];
  for (const e of after.events) {
    const card = e.card ? cardName(app, e.card) : '';
    const values = { name: name(e.seat), card, suit: e.suit ? suitName(app, e.suit) : '', n: e.cards ?? e.times ?? '' };
    switch (e.e) {
      case 'deal': lines.push(t('e.deal', { hand: e.hand, dealer: name(e.dealer), cards: e.cards, card: cardName(app, e.turnedUp) })); break;
      case 'draw': lines.push(t(e.from === 'yard' ? 'e.drawYard' : 'e.drawFile', values)); break;
      case 'meld': lines.push(t('e.meld', { ...values, cards: e.cards.map((id) => cardName(app, id)).join(', ') })); break;
      case 'sceneTaken': lines.push(t('e.sceneTaken', { ...values, from: name(e.from) })); break;
      case 'victimDraw': if (e.cards) lines.push(t('e.victimDraw', values)); break;
      case 'handEnd': lines.push(t('e.handEnd', { hand: e.hand, reason: reasonText(app, e) })); break;
      case 'reshuffle': lines.push(t('e.reshuffle', { n: e.cards })); break;
      default: lines.push(t(`e.${e.e}`, values));
    }
  }
  if (action.type === 'keep') lines.push(t('e.keep', { name: name(action.seat) }));
  return lines;
}

export const RUMMY = {
  messages: merged(RUMMY_REASONS, MESSAGES),
  // A refusal in the page's language (the engine says why as data, reasons.js).
  reasonText: (t, game, result) => (result.why ? refusalText(t, game, result.why) : result.reason),
  strengths: STRENGTHS,
  defaultSeats: ['Ann', 'Basil', 'Clara', 'Digby'],
  defaultCount: 3,
  prepare: gameFrom,
  seatCounts: (game) => game.playerCounts,
  newGame: (game, { players, seed }) => newGame(game, { players, seed }),
  isOver: (state) => state.phase === 'over',
  toMove,
  apply,
  botMove: (game, state, seat, strength) => botMove(game, view(state, seat), strength),
  forcedMove: (game, state, seat, app) => forcedWindowMove(game, state, seat, {
    canAsk: app.people === 1 || app.viewer === seat, standing: (app.extra.standing || {})[seat] || 'ask' }),
  drawSeat,
  drawOver,
  logLines,
  setupOf: (state, setup) => setup,
  seatTotal: (state) => state.players,
  save,
  load,
};

if (typeof document !== 'undefined') mountCardTable(document.getElementById('gaslight-cards'), RUMMY);
