// Helpers for the 24 engine tests: the bundled game data (written by gaslight.play.twentyfour and kept
// current by tests/decks/test_twentyfour_engine.py), arranged layouts, chosen dice and scripted seasons.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apply, actor, newGame } from '../../site/engine/twentyfour/engine.js';
import { Rng, seedRng } from '../../site/engine/common/rng.js';
import { prepare } from '../../site/engine/twentyfour/rules.js';

export const DATA = JSON.parse(readFileSync(new URL('./fixtures/twentyfour.game.json', import.meta.url), 'utf8'));
export const GAME = prepare(DATA);

/** The bundled game with some parameters changed (a designer's variant). */
export const variantGame = (parameters) => prepare({ ...DATA, parameters: { ...DATA.parameters, ...parameters } });

/** Apply every action; a refusal fails the test with the action's index and reason. */
export function go(game, state, actions) {
  let s = state;
  actions.forEach((action, n) => {
    const r = apply(game, s, action);
    assert.ok(r.ok, `action ${n} ${JSON.stringify(action)} refused: ${r.reason}`);
    s = r.state;
  });
  return s;
}

/** The reason `action` is refused (the test fails if it is accepted). */
export function no(game, state, action) {
  const r = apply(game, state, action);
  assert.equal(r.ok, false, `${JSON.stringify(action)} was accepted`);
  return r.reason;
}

/** Card ids from `seat`'s hand by hours ('H' for Hero Time), in the order given. */
export function cards(game, state, seat, hours) {
  const hand = state.seats[seat].hand.slice();
  return hours.map((h) => {
    const at = hand.findIndex((id) => game.hours[id] === (h === 'H' ? null : h));
    assert.ok(at >= 0, `seat ${seat} holds no ${h} in ${hand.join(', ')}`);
    return hand.splice(at, 1)[0];
  });
}

/** A copy of `state` whose next die rolls (1-based, `faces`-sided) are `rolls`. */
export function withRolls(state, rolls, faces = 8) {
  for (let seed = 0; seed < 1e6; seed += 1) {
    const r = new Rng(seedRng(seed));
    if (rolls.every((want) => 1 + r.int(faces) === want)) return { ...state, rng: seedRng(seed) };
  }
  throw new Error(`no generator found for rolls ${rolls}`);
}

/** A copy of `state` with this season's layout (rows of incident ids), the deck keeping every other card. */
export function arrange(state, layout) {
  const wanted = new Set(layout.flat());
  const dealt = state.layout.flat().filter((id) => !wanted.has(id));
  return { ...state, layout, deck: [...state.deck.filter((id) => !wanted.has(id)), ...dealt] };
}

/** A copy of `state` with seat `seat`'s fields changed. */
export function withSeat(state, seat, fields) {
  return { ...state, seats: state.seats.map((x, i) => (i === seat ? { ...x, ...fields } : x)) };
}

export const LAYOUT = [
  ['bombing-4', 'hijacking-2', 'outbreak-6', 'street-3.1', 'siege-4'],
  ['bombing-2', 'hijacking-3.1', 'outbreak-2', 'street-2', 'siege-3.1'],
];

/** Seat 0 strong on incident 1 (6 + 5 = 11); the default of an unlisted seat is 0 + 3 there. */
export const STRONG1 = [[6, 0, 0, 1, 2], [5, 3, 3, 4, 'H']];
/** Seats 0–3 at 11, 5, 4, 3 on incident 1. */
export const SPREAD = [{ 0: STRONG1[0], 1: [2, 0, 0, 1, 3], 2: [1, 0, 0, 2, 3] }, { 0: STRONG1[1] }];

/** A fresh game of these detectives (seat order), dealt LAYOUT. */
export function fresh(detectives = ['kestrel', 'bishop', 'hound', 'ember'], { game = GAME, seed = 1, npc = null, layout = LAYOUT } = {}) {
  return arrange(newGame(game, { seed, detectives, npc }), layout);
}

/**
 * Both rounds placed: `first[seat]` and `second[seat]` list hours per incident ('H' for Hero Time). Seats
 * not listed (and absent ones) place what is left in hand order. Returns the state at the first decision.
 */
export function placed(game, state, first, second) {
  let s = state;
  for (const round of [first, second]) {
    while (s.phase === 'place' && s.round === (round === first ? 1 : 2)) {
      const seat = actor(s);
      const chosen = round[seat] ? cards(game, s, seat, round[seat]) : s.seats[seat].hand.slice(0, game.P.incidents_per_season);
      s = go(game, s, [{ type: 'place', seat, cards: chosen }]);
    }
  }
  return s;
}

/** Both rounds placed as SPREAD: incident 1 waiting for seat 3's decision. */
export const atSpread = (state = fresh()) => placed(GAME, state, ...SPREAD);
/** A copy of `s` with `ids` moved from the deck into seat's cards won this season. */
export const give = (s, seat, ids) => withSeat({ ...s, deck: s.deck.filter((id) => !ids.includes(id)) }, seat, { won: [...s.seats[seat].won, ...ids] });
/** The state at the start of `season`, everyone passing on the way. */
export const toSeason = (s, season) => passUntil(GAME, s, (x) => x.season === season);
/** The log's events of one kind. */
export const events = (s, e) => s.log.filter((x) => x.e === e);

/** Pass every challenge and take the first card on every pick until `until(state)` or the game's end. */
export function passUntil(game, state, until) {
  let s = state;
  for (let n = 0; n < 2000 && s.phase !== 'over' && !until(s); n += 1) {
    const seat = actor(s);
    const action = s.phase === 'challenge' ? { type: 'pass', seat }
      : s.phase === 'pick' ? { type: 'pick', seat, card: 'first' }
        : s.phase === 'discard' ? { type: 'discard', seat, card: s.seats[seat].won[0] }
          : s.phase === 'set' ? { type: 'set', seat, stand: [] }
            : { type: 'place', seat, cards: s.seats[seat].hand.slice(0, game.P.incidents_per_season) };
    s = go(game, s, [action]);
  }
  return s;
}

/**
 * A state seat `seat` cannot tell from `state`: everything hidden from it redrawn — the deck's order, the
 * other seats' hands and unrevealed choices (which cards they committed, where their face-down second cards
 * lie, what they set in the stand), the stand-in's pile, the face-down incidents (unless the seat sees them)
 * and the random generator.
 */
export function twin(game, state, seat, sees = false, salt = 1) {
  const r = new Rng(seedRng(salt));
  const s = JSON.parse(JSON.stringify(state));
  s.rng = seedRng(salt + 1000);
  s.deck = r.shuffle(s.deck);
  s.seats.forEach((x, i) => {
    if (i === seat) return;
    if (s.phase === 'place' && x.commit) {
      const pool = r.shuffle([...x.commit, ...x.hand]);
      x.commit = pool.slice(0, x.commit.length);
      x.hand = pool.slice(x.commit.length);
    } else {
      x.hand = r.shuffle(x.hand);
    }
    if (s.phase === 'set' && x.commit) x.commit = x.won.filter((id) => !x.commit.includes(id));
    x.pile = r.shuffle(x.pile);
    const hidden = x.plays.flatMap((p, n) => (!s.revealed.second[n] && p[1] !== null ? [n] : []));
    const moved = r.shuffle(hidden.map((n) => x.plays[n][1]));
    hidden.forEach((n, k) => { x.plays[n][1] = moved[k]; });
  });
  if (!sees) {
    s.layout.forEach((row, ri) => row.forEach((id, c) => {
      if (s.faceDown[ri][c] && s.deck.length) {
        const k = r.int(s.deck.length);
        [row[c], s.deck[k]] = [s.deck[k], id];
      }
    }));
  }
  return s;
}
