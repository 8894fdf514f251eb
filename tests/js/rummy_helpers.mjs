// Fixtures for the Ripper rummy engine tests: the bundled game's data (written by gaslight.play.rummy and held
// equal to it by tests/decks/test_rummy_engine.py), card ids by kind and suit, and rigged positions.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { botMove } from '../../site/engine/rummy/bots.js';
import { apply, newGame, toMove } from '../../site/engine/rummy/engine.js';
import { gameFrom, LETTERS } from '../../site/engine/rummy/rules.js';
import { view } from '../../site/engine/rummy/view.js';

export const DATA = JSON.parse(readFileSync(new URL('./fixtures/ripper-rummy.game.json', import.meta.url), 'utf8'));
export const GAME = gameFrom(DATA);

/** The bundled data with some parameters, options or card lists changed (a designer's variant or deck). */
export function dataWith({ parameters = {}, options = {}, cards = null, ...rest } = {}) {
  return { ...DATA, ...rest, parameters: { ...DATA.parameters, ...parameters }, options: { ...DATA.options, ...options },
    cards: cards ?? DATA.cards };
}

export const gameWith = (changes) => gameFrom(dataWith(changes));

/** The n-th (from 1) physical card of a kind (and suit) in the deck's order. */
export function card(kind, suit = null, n = 1, game = GAME) {
  const found = game.deck.filter((id) => game.cards[id].kind === kind && (suit === null || game.cards[id].suit === suit));
  assert.ok(found.length >= n, `the deck has no ${kind} ${suit ?? ''} number ${n}`);
  return found[n - 1];
}

export const E = (suit, n = 1) => card('evidence', suit, n);
export const W = (n = 1) => card('wild', null, n);
export const L = (n = 1) => card('letter', null, n);
export const V = (suit) => card('victim', suit);
export const SC = (suit) => card('scene', suit);
export const SUS = (suit) => card('suspect', suit);
export const ALIBI = (suit) => card('alibi', suit);
export const ESCAPE = () => card('escape');
export const STRIKE = (n = 1) => card('strike', null, n);
export const RESIGNS = (n = 1) => card('resigns', null, n);

function entry(game, x) {
  if (Array.isArray(x)) return { id: x[0], suit: x[1] };
  const c = game.cards[x];
  return { id: x, suit: c.kind === 'letter' ? LETTERS : c.suit };
}

/**
 * A position made by hand: `hands` per seat; `melds` [{seat, cards}] (on the table, as melds); `table` per seat
 * (more cards in front of a seat: ids, or [id, suit] for a wild card); `yard` bottom to top; `top` the case
 * file's top cards (the last is drawn first), the rest of the deck under them in deck order. Every card of the
 * deck is in exactly one place, or the fixture itself fails.
 */
export function rig({ game = GAME, players = 2, turn = 0, phase = 'play', hands, melds = [], table = [], yard = [],
  top = [], file = null, step = {}, seed = 1, totals = null, runOuts = 0 }) {
  const s = newGame(game, { players, seed });
  s.held = hands.map((h) => h.slice());
  s.table = Array.from({ length: players }, (_, seat) => (table[seat] || []).map((x) => entry(game, x)));
  s.melds = melds.map(({ seat, cards }) => {
    const first = game.cards[cards.find((id) => game.cards[id].kind !== 'wild')];
    const suit = first.kind === 'letter' ? LETTERS : first.suit;
    s.table[seat] = [...s.table[seat], ...cards.map((id) => ({ id, suit }))];
    return { seat, suit, cards };
  });
  s.yard = yard.slice();
  const placed = new Set([...s.held.flat(), ...s.table.flat().map((x) => x.id), ...s.yard, ...top]);
  s.file = file ?? [...game.deck.filter((id) => !placed.has(id)), ...top];
  const all = [...s.held.flat(), ...s.table.flat().map((x) => x.id), ...s.yard, ...s.file];
  assert.equal(new Set(all).size, all.length, 'a card is in two places');
  assert.equal(all.length, game.deck.length, 'the rig loses cards');
  s.victims = s.table.flat().filter((x) => game.cards[x.id].kind === 'victim').length;
  const alibis = s.table.flatMap((t, seat) => t.filter((x) => game.cards[x.id].kind === 'alibi').map((x) => ({ seat, ...x })));
  s.alibi = alibis.length ? alibis[0] : null;
  s.turn = turn;
  s.phase = phase;
  s.step = { drawn: phase !== 'draw', gavel: false, picked: null, kept: null, ...step };
  s.runOuts = runOuts;
  if (totals) s.totals = totals.slice();
  s.events = [];
  return s;
}

const withSeat = (state, action) => (action.seat === undefined ? { ...action, seat: toMove(state) } : action);

/** Apply actions that must all be legal (the seat defaults to the seat to move). */
export function go(state, actions, game = GAME) {
  let s = state;
  actions.forEach((a, i) => {
    const r = apply(game, s, withSeat(s, a));
    assert.ok(r.ok, `action ${i + 1} ${JSON.stringify(a)} was refused: ${r.reason}`);
    s = r.state;
  });
  return s;
}

/** The reason an action is refused (it must be). */
export function no(state, action, game = GAME) {
  const r = apply(game, state, withSeat(state, action));
  assert.equal(r.ok, false, `${JSON.stringify(action)} was allowed`);
  return r.reason;
}

/** Pass every window until the turn's seat (or the hand's end) is reached. */
export function passAll(state, game = GAME) {
  let s = state;
  while (s.phase === 'window') s = go(s, [{ type: 'pass' }], game);
  return s;
}

/** Run table rows: each {name, ...} through `check(row)`, naming the row on failure. */
export function rows(list, check) {
  for (const row of list) {
    try {
      check(row);
    } catch (error) {
      error.message = `[${row.name}] ${error.message}`;
      throw error;
    }
  }
}

export const newFixtureGame = (players, seed, game = GAME) => newGame(game, { players, seed });

/**
 * A whole bot game; `visit(state, seat, action)` sees every state before its action. Returns the final state
 * and the list of actions (what a save holds).
 */
export function botGame({ game = GAME, players, seed, strengths = null, visit = null, maxActions = 20000 }) {
  const bots = strengths || new Array(players).fill('sharp');
  let s = newGame(game, { players, seed });
  const actions = [];
  while (s.phase !== 'over') {
    const seat = toMove(s);
    const action = botMove(game, view(s, seat), bots[seat]);
    if (visit) visit(s, seat, action);
    const r = apply(game, s, action);
    assert.ok(r.ok, `seed ${seed}: ${JSON.stringify(action)} refused: ${r.reason}`);
    actions.push(action);
    s = r.state;
    assert.ok(actions.length < maxActions, `seed ${seed}: the game did not end in ${maxActions} actions`);
  }
  return { state: s, actions };
}

/** The state with the cards `seat` cannot see (other hands, the case file) dealt among themselves anew. */
export function shuffleHidden(state, seat, rng) {
  const hidden = [...state.file];
  state.held.forEach((h, i) => { if (i !== seat) hidden.push(...h); });
  const mixed = rng.shuffle(hidden);
  let at = 0;
  const take = (n) => { const out = mixed.slice(at, at + n); at += n; return out; };
  const held = state.held.map((h, i) => (i === seat ? h : take(h.length)));
  return { ...state, held, file: take(state.file.length) };
}
