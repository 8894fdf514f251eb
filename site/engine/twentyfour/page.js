// The 24 play page: the game's adapter for the card table (../common/cardtable.js). A seat's screen shows the move at
// hand first (a draft of the round's cards, the dice with their odds, first pick, giving up a card, stand or
// co-op), then the incidents and what lies on them, then every detective's state. It draws from the seat's view
// (view.js): another seat's hand and unrevealed cards never reach the page.

import { el } from '../../assets/dom.js';
import { backNode, button, cardNode, mountCardTable } from '../common/cardtable.js';
import { merged } from '../common/cardtext.js';
import { STRENGTHS, TwentyFourBot } from './bots.js';
import { assign, emptyDraft, odds, unassign, unplaced } from './choices.js';
import { actor, apply, newGame } from './engine.js';
import { MESSAGES } from './messages.js';
import { TWENTYFOUR_REASONS, reasonText as refusalText } from './reasons.js';
import { prepare } from './rules.js';
import { load, save } from './save.js';
import { view } from './view.js';

const bases = new WeakMap();

/** Each card id of the game (action cards' and incidents' copies) → the deck's card id that draws it. */
function baseOf(game, id) {
  if (!bases.has(game)) {
    const map = new Map();
    for (const d of game.data.detectives) for (const a of d.actions) map.set(a.id, a.card || a.id);
    for (const c of game.data.incidents) map.set(c.id, c.card || c.id);
    bases.set(game, map);
  }
  return bases.get(game).get(id) || id;
}

function faceOf(app, id) {
  const face = app.table.faces[baseOf(app.game, id)];
  if (face) return face;
  const c = app.game.incident[id];
  return c ? { name: id, type: '', suit: app.game.suitName[c.suit], value: c.value } : { name: id, type: '', value: app.game.hours[id] };
}
const cardName = (app, id) => faceOf(app, id).name;

function seatLabel(app, v, s) {
  const x = v.seats[s];
  const detective = app.game.detective[x.detective].name;
  if (x.npc) return `${detective} (${app.t('standIn')})`;
  return `${app.seatName(s)} · ${detective}`;
}

function statusNode(app, v) {
  const t = app.t;
  const stage = v.phase === 'place' ? t('stage.place', { round: v.round }) : v.phase === 'set' ? t('stage.set')
    : t('stage.incident', { k: v.incident });
  return el('p', { class: 'gl-status', 'data-testid': 'status', text: t('status', { season: v.season, seasons: app.game.P.seasons,
    stage, mover: seatLabel(app, v, v.turn.seat) }) });
}

function placePanel(app, v, seat) {
  const t = app.t;
  const cols = app.game.P.incidents_per_season;
  const hand = v.seats[seat].hand;
  const draft = app.picks.draft && app.picks.draft.length === cols ? app.picks.draft : emptyDraft(cols);
  const redraw = (next) => { app.picks.draft = next; app.show(); };
  const slots = draft.map((id, i) => (id === null
    ? el('button', { type: 'button', class: 'gl-slot', 'data-testid': `slot-${i}`, text: t('incident', { k: i + 1 }) })
    : cardNode(faceOf(app, id), { id, small: true, label: t('incident', { k: i + 1 }), onClick: () => redraw(unassign(draft, i)) })));
  const left = unplaced(hand, draft);
  const cards = left.map((id) => cardNode(faceOf(app, id), { id, small: true, onClick: () => redraw(assign(draft, id)) }));
  const parts = [el('p', { class: 'gl-prompt', 'data-testid': 'prompt', text: t('prompt.place', { round: v.round }) }),
    el('div', { class: 'gl-layout', style: `--gl-cols: ${cols}`, 'data-testid': 'draft' }, ...slots),
    el('h3', { text: t('yourHand', { n: hand.length }) }), el('div', { class: 'gl-hand', 'data-testid': 'hand' }, ...cards)];
  if (!draft.includes(null)) parts.push(el('div', { class: 'gl-buttons' }, button(t('placeIt'), 'place', () => app.act({ type: 'place', seat, cards: draft }), 'gl-primary')));
  return parts;
}

function challengePanel(app, v, seat) {
  const t = app.t;
  const j = v.judge;
  const k = v.incident;
  const top = Math.max(...j.present.map((s) => j.strength[s]));
  const die = (id, key) => {
    const o = odds(app.game, k, id);
    return button(t(key, { p: Math.round(o.success * 100), bonus: o.bonus, great: o.greatBonus, faces: app.game.P.die_faces, damage: o.damage }),
      `roll-${id}`, () => app.act({ type: 'challenge', seat, dice: [id] }));
  };
  return [el('p', { class: 'gl-prompt', 'data-testid': 'prompt', text: t('prompt.challenge', { k, strength: j.strength[seat], top }) }),
    el('div', { class: 'gl-buttons' }, die('green', 'rollGreen'), die('red', 'rollRed'),
      button(t('rollBoth'), 'roll-both', () => app.act({ type: 'challenge', seat, dice: app.game.dice.map((d) => d.id) })),
      button(t('pass'), 'pass', () => app.act({ type: 'pass', seat }), 'gl-primary'))];
}

function pickPanel(app, v, seat) {
  const t = app.t;
  const i = v.incident - 1;
  const first = v.layout[0][i];
  const second = v.layout[1][i];
  return [el('p', { class: 'gl-prompt', 'data-testid': 'prompt', text: t('prompt.pick', { k: v.incident }) }),
    el('div', { class: 'gl-hand' }, cardNode(faceOf(app, first), { id: first, small: true }), cardNode(faceOf(app, second), { id: second, small: true })),
    el('div', { class: 'gl-buttons' }, button(t('pickFirst', { card: cardName(app, first) }), 'pick-first', () => app.act({ type: 'pick', seat, card: 'first' }), 'gl-primary'),
      button(t('pickSecond', { card: cardName(app, second) }), 'pick-second', () => app.act({ type: 'pick', seat, card: 'second' })))];
}

function discardPanel(app, v, seat) {
  const t = app.t;
  const won = v.seats[seat].won;
  return [el('p', { class: 'gl-prompt', 'data-testid': 'prompt', text: t('prompt.discard') }),
    el('div', { class: 'gl-hand', 'data-testid': 'won' }, ...won.map((id) => cardNode(faceOf(app, id), { id, small: true,
      onClick: () => app.act({ type: 'discard', seat, card: id }), label: t('giveUp', { card: '' }).trim() })))];
}

function setPanel(app, v, seat) {
  const t = app.t;
  const won = v.seats[seat].won;
  const stand = (app.picks.stand || []).filter((id) => won.includes(id));
  const toggle = (id) => () => { app.picks.stand = stand.includes(id) ? stand.filter((x) => x !== id) : [...stand, id]; app.show(); };
  return [el('p', { class: 'gl-prompt', 'data-testid': 'prompt', text: t('prompt.set') }),
    el('div', { class: 'gl-hand', 'data-testid': 'won' }, ...won.map((id) => cardNode(faceOf(app, id), { id, small: true, onClick: toggle(id),
      state: stand.includes(id) ? 'selected' : '', label: stand.includes(id) ? t('toStand') : t('toCoop') }))),
    el('div', { class: 'gl-buttons' }, button(t('setIt', { stand: stand.length, coop: won.length - stand.length }), 'set',
      () => app.act({ type: 'set', seat, stand }), 'gl-primary'))];
}

const PANELS = { place: placePanel, challenge: challengePanel, pick: pickPanel, discard: discardPanel, set: setPanel };

function layoutNode(app, v) {
  const t = app.t;
  const cols = app.game.P.incidents_per_season;
  const cells = [];
  for (let c = 0; c < cols; c += 1) cells.push(el('div', { class: `gl-incident-head${v.incident === c + 1 ? ' now' : ''}`, text: t('incident', { k: c + 1 }) }));
  v.layout.forEach((row, r) => row.forEach((id, c) => {
    const taker = v.outcome[c] ? v.outcome[c][r] : undefined;
    const label = taker === undefined ? (r === 0 ? t('place1') : r === 1 ? t('place2') : t('placeN', { n: r + 1 }))
      : taker === null ? t('noTaker') : t('takenBy', { name: seatLabel(app, v, taker) });
    cells.push(id === null ? backNode(t('faceDown'), true) : cardNode(faceOf(app, id), { id, small: true, label,
      state: v.outcome[c] ? 'faded' : '' }));
  }));
  return el('section', {}, el('h3', { text: t('layout') }), el('div', { class: 'gl-layout', style: `--gl-cols: ${cols}`, 'data-testid': 'layout' }, ...cells));
}

function hours(app, id) {
  if (id === null) return app.t('hidden');
  const h = app.game.hours[id];
  return h === null ? 'H' : String(h);
}

function seatsNode(app, v) {
  const t = app.t;
  const cols = app.game.P.incidents_per_season;
  const rows = v.seats.map((x, s) => el('tr', { class: v.turn && v.turn.seat === s ? 'gl-to-move' : '', 'data-seat': String(s) },
    el('th', { text: seatLabel(app, v, s) }),
    ...x.plays.map(([a, b]) => el('td', { text: `${hours(app, a)}+${hours(app, b)}` })),
    el('td', { text: t('seatState', { damage: x.damage, injured: x.injured ? t('injured') : '', dead: x.dead ? t('dead') : '',
      stand: x.stand.length, coop: x.coop.length, assists: x.assists }) })));
  const head = el('tr', {}, el('th', { text: t('seatCol') }),
    ...Array.from({ length: cols }, (_, c) => el('th', { text: String(c + 1) })), el('th', { text: '' }));
  return el('section', {}, el('h3', { text: t('plays') }),
    el('div', { class: 'gl-scroll' }, el('table', { class: 'gl-results gl-seat-plays', 'data-testid': 'seats' }, el('thead', {}, head), el('tbody', {}, ...rows))));
}

function mineNode(app, v, seat) {
  const t = app.t;
  const me = v.seats[seat];
  const detective = app.table.faces[`detective-${me.detective}`];
  const parts = [];
  if (detective) parts.push(el('h3', { text: t('yourDetective') }), cardNode(detective, {}));
  if (v.phase !== 'place') parts.push(el('h3', { text: t('yourHand', { n: me.hand.length }) }),
    el('div', { class: 'gl-hand', 'data-testid': 'hand' }, ...me.hand.map((id) => cardNode(faceOf(app, id), { id, small: true }))));
  if (me.won.length && v.phase !== 'set' && v.phase !== 'discard') parts.push(el('h3', { text: t('yourWon') }),
    el('div', { class: 'gl-hand' }, ...me.won.map((id) => cardNode(faceOf(app, id), { id, small: true }))));
  for (const [key, list] of [['yourStand', me.stand], ['yourCoop', me.coop]]) {
    if (list.length) parts.push(el('h3', { text: t(key, { n: list.length }) }), el('div', { class: 'gl-hand' }, ...list.map((id) => cardNode(faceOf(app, id), { id, small: true }))));
  }
  return el('section', { class: 'gl-hand-area' }, ...parts);
}

function drawSeat(app, seat) {
  const v = view(app.game, app.state, seat);
  return [statusNode(app, v), el('section', { class: 'gl-action', 'data-testid': 'action' }, ...PANELS[v.phase](app, v, seat)),
    layoutNode(app, v), seatsNode(app, v), mineNode(app, v, seat)];
}

function drawOver(app) {
  const t = app.t;
  const v = view(app.game, app.state, null);
  const people = v.seats.map((x, s) => [x, s]).filter(([x]) => !x.npc);
  const nameOf = (detective) => {
    const found = people.find(([x]) => x.detective === detective);
    return found ? seatLabel(app, v, found[1]) : detective;
  };
  const { scores, winners } = app.state.result;
  const names = winners.map(nameOf);
  return [el('h2', { 'data-testid': 'over-title', text: names.length === 1 ? t('winner', { name: names[0] }) : t('winners', { names: names.join(' & ') }) }),
    el('h3', { text: t('scores') }),
    el('ul', {}, ...people.map(([x]) => {
      const s = scores[x.detective];
      return el('li', { text: t('scoreLine', { name: nameOf(x.detective), cards: s.cards, assists: s.assists, sets: s.sets, death: s.death,
        lone: s.lone_hunter, total: s.total }) });
    })),
    layoutNode(app, v), seatsNode(app, v)];
}

/** New public events of one action as log lines (the season's log is public: committed cards are not in it). */
function logLines(app, before, after) {
  const t = app.t;
  const v = { seats: after.seats };
  const name = (s) => (after.seats[s] ? seatLabel(app, v, s) : '?');
  const events = after.season === before.season && after.log.length >= before.log.length ? after.log.slice(before.log.length) : after.log;
  const lines = [];
  for (const e of events) {
    const card = e.card ? cardName(app, e.card) : '';
    switch (e.e) {
      case 'committed': lines.push(t(e.round === 0 ? 'e.committedSet' : 'e.committed', { name: name(e.seat) })); break;
      case 'judge': lines.push(t('e.judge', { k: e.incident, list: e.second.map(([s]) => `${name(s)} ${e.strength[s]}`).join(', ') })); break;
      case 'challenge': lines.push(t('e.challenge', { name: name(e.seat), k: e.incident, bonus: e.bonus,
        rolls: e.rolls.map((r) => `${t(r.die)} ${r.roll} (${t(`roll.${r.result}`)})`).join(', '),
        damage: (e.damage ? t('e.damage', { n: e.damage }) : '') + (e.shield ? t('e.shield', { n: e.shield }) : '') })); break;
      case 'tie': lines.push(t('e.tie', { k: e.incident, place: e.place, names: e.seats.map(name).join(', ') })); break;
      case 'award': {
        const i = e.incident - 1;
        const list = e.takers.map((s, row) => (s === null ? t('e.awardNone', { card: cardName(app, after.layout[row][i]) })
          : t('e.awardOne', { card: cardName(app, after.layout[row][i]), name: name(s) })));
        lines.push(t('e.award', { k: e.incident, list: list.join(', ') }));
        break;
      }
      default: lines.push(t(`e.${e.e}`, { name: name(e.seat), card, k: e.incident, points: e.points, season: e.season }));
    }
  }
  return lines;
}

export const TWENTYFOUR = {
  messages: merged(TWENTYFOUR_REASONS, MESSAGES),
  // A refusal in the page's language (the engine says why as data, reasons.js).
  reasonText: (t, game, result, state) => (result.why ? refusalText(t, game, state, result.why) : result.reason),
  strengths: STRENGTHS,
  defaultSeats: ['Ann', 'Basil', 'Clara', 'Digby', 'Edith'],
  defaultCount: 3,
  prepare,
  seatCounts: (game) => Array.from({ length: game.P.players_max - game.P.players_min + 1 }, (_, i) => game.P.players_min + i),
  newGame: (game, { players, seed }) => newGame(game, { seed, players }),
  isOver: (state) => state.phase === 'over',
  toMove: actor,
  apply,
  // A bot made afresh for each move, seeded by the game and the move: a loaded game plays on as it would have.
  botMove: (game, state, seat, strength, moves) => new TwentyFourBot({ strength, seed: (state.setup.seed * 7919 + moves * 31 + seat) >>> 0 })
    .act(game, view(game, state, seat)),
  forcedMove: () => null,
  drawSeat,
  drawOver,
  logLines,
  setupOf: (state) => state.setup,
  seatTotal: (state) => state.setup.detectives.length,
  save,
  load,
};

if (typeof document !== 'undefined') mountCardTable(document.getElementById('gaslight-cards'), TWENTYFOUR);
