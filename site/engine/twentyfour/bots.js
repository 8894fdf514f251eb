// Bots for 24 at two strengths, deciding from their own seat's view only.
//
// Example:
//   const bot = new TwentyFourBot({ strength: 'sharp', seed: 3 });
//   const action = bot.act(game, view(game, state, seat));   // the action of the seat whose turn it is
//
// 'casual' places its cards at random, challenges now and then and sets cards at random. 'sharp' spreads
// its hours by the incidents' worth, plays its second round against samples of what the others may still
// hold (their hands are known to be their detective's cards less those already shown), weighs each
// challenge by its odds against the damage it risks, and builds stand and co-op with a plan. A bot draws
// its random numbers from its own generator, never the game's, so the same view gives the same move.

import { cardValue, rankKey } from './judge.js';
import { Rng, seedRng } from '../common/rng.js';
import { LIMITS, ROUNDS, SKILLS, shown, skillOf } from './rules.js';

export const STRENGTHS = ['casual', 'sharp'];

/** Points a seat expects from an incident it can still play, for weighing an injury. */
const INCIDENT_WORTH = 2;

/** Samples of the others' hidden cards a sharp bot weighs its second round against. */
const SAMPLES = 12;

function remove(list, id) {
  const at = list.indexOf(id);
  if (at >= 0) list.splice(at, 1);
}

/** What a seat may still hold this season, from public facts: its detective's cards less those shown. */
function unseenCards(game, v, s) {
  const x = v.seats[s];
  const rest = game.detective[x.detective].actions.slice();
  for (const [a, b] of x.plays) { if (a) remove(rest, a); if (b) remove(rest, b); }
  return rest;
}

export class TwentyFourBot {
  constructor({ strength = 'sharp', seed = 0 } = {}) {
    if (!STRENGTHS.includes(strength)) throw new Error(`unknown bot strength ${shown(strength)} (use ${STRENGTHS.join(' or ')})`);
    this.strength = strength;
    this.rng = new Rng(seedRng(seed));
  }

  /** The action for the seat of `v` (it must be that seat's turn). */
  act(game, v) {
    const seat = v.seat;
    if (v.turn === null || v.turn.seat !== seat) throw new Error(`it is not seat ${seat + 1}'s turn`);
    const sharp = this.strength === 'sharp';
    switch (v.phase) {
      case 'place': return { type: 'place', seat, cards: sharp ? this.placeSharp(game, v) : this.rng.shuffle(v.seats[seat].hand).slice(0, game.P.incidents_per_season) };
      case 'challenge': return sharp ? this.challengeSharp(game, v) : this.challengeCasual(game, v);
      case 'pick': return { type: 'pick', seat, card: sharp && this.worth(game, v, v.layout[1][v.incident - 1]) > this.worth(game, v, v.layout[0][v.incident - 1]) ? 'second' : 'first' };
      case 'discard': {
        const won = v.seats[seat].won;
        const card = sharp ? won.reduce((a, b) => (this.worth(game, v, b) < this.worth(game, v, a) ? b : a)) : this.rng.pick(won);
        return { type: 'discard', seat, card };
      }
      case 'set': return { type: 'set', seat, stand: sharp ? this.setSharp(game, v) : v.seats[seat].won.filter(() => this.rng.float() < 0.5) };
      default: throw new Error(`no move in phase ${v.phase}`);
    }
  }

  challengeCasual(game, v) {
    const seat = v.seat;
    if (this.rng.float() >= 0.3) return { type: 'pass', seat };
    const dice = game.dice.map((d) => d.id);
    const pick = this.rng.int(dice.length + 1);
    return { type: 'challenge', seat, dice: pick === dice.length ? dice : [dice[pick]] };
  }

  /** A card's worth to this seat: a mastermind it cannot keep is only an assist. */
  worth(game, v, id) {
    const c = game.incident[id];
    if (!c) return game.P.assist_points; // face down: unknown to this seat
    const me = v.seats[v.seat];
    if (c.mastermind) {
      const keeps = v.season >= game.P.arrest_from_season && me.stand.some((x) => game.incident[x].suit === c.suit);
      return keeps ? c.value : game.P.assist_points;
    }
    const inCoop = me.coop.filter((x) => game.incident[x].suit === c.suit).length;
    return c.value + (inCoop >= game.P.coop_set_size - 2 ? game.P.coop_bonus_per_card : 0);
  }

  /** The worth of each incident's cards by place (face-down cards at the deck's mean). */
  columnWorth(game, v) {
    return v.layout[0].map((_, i) => this.incidentWorth(game, v, i));
  }

  /** The worth of incident i's cards by place (a face-down card at the deck's mean). */
  incidentWorth(game, v, i) {
    if (this.mean === undefined) {
      this.mean = game.incidentIds.reduce((a, id) => a + game.incident[id].value, 0) / game.incidentIds.length;
    }
    return v.layout.map((row) => (row[i] === null ? this.mean : this.worth(game, v, row[i])));
  }

  placeSharp(game, v) {
    const me = v.seats[v.seat];
    const cols = game.P.incidents_per_season;
    const worth = this.columnWorth(game, v);
    if (v.round < ROUNDS) {
      // Blind round: the best cards on the richest incidents (a little noise so bots differ), lows elsewhere.
      const score = worth.map((w) => w[0] + 0.6 * (w[1] || 0) + this.rng.float());
      const order = [...Array(cols).keys()].sort((a, b) => score[b] - score[a]);
      const hand = me.hand.slice().sort((a, b) => (game.hours[b] ?? 99) - (game.hours[a] ?? 99));
      const keepHero = this.rng.float() < 0.5;
      const strong = hand.filter((id) => !(keepHero && game.hours[id] === null));
      const top = strong.slice(0, Math.ceil(cols / 2));
      const low = strong.slice().reverse().slice(0, cols - top.length);
      const chosen = [...top, ...low.reverse()];
      const cards = Array(cols);
      order.forEach((col, n) => { cards[col] = chosen[n]; });
      return cards;
    }
    return this.secondRound(game, v, worth);
  }

  /**
   * The second round: each last card scored on each incident against samples of the others' hidden
   * cards (an incident's outcome depends only on the cards played there), then the best way to lay them.
   */
  secondRound(game, v, worth) {
    const seat = v.seat;
    const cols = game.P.incidents_per_season;
    const hand = v.seats[seat].hand.slice().sort((a, b) => (game.hours[b] ?? 99) - (game.hours[a] ?? 99)).slice(0, cols);
    const others = v.seats.flatMap((x, s) => (s !== seat && !x.dead ? [s] : []));
    const present = [seat, ...others];
    const table = Array.from({ length: cols }, () => new Float64Array(hand.length));
    const unseen = others.map((s) => unseenCards(game, v, s));
    const firsts = present.map(() => null);
    const seconds = present.map(() => null);
    for (let n = 0; n < SAMPLES; n += 1) {
      const sample = unseen.map((cards) => this.rng.shuffle(cards));
      for (let i = 0; i < cols; i += 1) {
        for (let m = 0; m < present.length; m += 1) {
          firsts[m] = v.seats[present[m]].plays[i][0];
          seconds[m] = m ? sample[m - 1][i] : null;
        }
        for (let c = 0; c < hand.length; c += 1) {
          seconds[0] = hand[c];
          table[i][c] += awardWorth(game, v, present, firsts, seconds, worth[i], seat);
        }
      }
    }
    if (hand.length > MAX_ORDERED) return greedy(table, hand);
    let best = null;
    let bestScore = -Infinity;
    for (const perm of orderings(hand.length)) {
      let total = 0;
      for (let i = 0; i < cols; i += 1) total += table[i][perm[i]];
      if (total > bestScore + 1e-9) { bestScore = total; best = perm; }
    }
    return best.map((c) => hand[c]);
  }

  challengeSharp(game, v) {
    const seat = v.seat;
    const j = v.judge;
    const k = j.incident;
    const i = k - 1;
    const worth = this.incidentWorth(game, v, i);
    const me = v.seats[seat];
    const stand = me.stand;
    const suits = new Set(v.layout.map((row) => game.incident[row[i]].suit));
    const shield = stand.filter((id) => suits.has(game.incident[id].suit)).length;
    const threshold = skillOf(game, me, v.season) === SKILLS.toughness ? game.P.tough_injury_threshold : game.P.injury_threshold;
    const left = game.P.incidents_per_season - k;
    const seasonsLeft = game.P.seasons - v.season;
    const outcomeWorth = (bonus, damage) => {
      const strength = j.strength.slice();
      strength[seat] += bonus;
      let value = rankWorth(game, { ...j, strength }, worth, seat);
      const after = me.damage + Math.max(0, damage - shield);
      if (after >= threshold) {
        const lowest = me.won.length ? Math.min(...me.won.map((id) => this.worth(game, v, id))) : 0;
        value -= left * INCIDENT_WORTH + Math.max(0, lowest - game.P.assist_points);
        if (me.injured) value -= seasonsLeft * 5 * INCIDENT_WORTH - (game.incident[v.layout[0][i]].value + game.P.death_bonus_base - k);
      } else value -= 0.4 * Math.max(0, damage - shield);
      return value;
    };
    const options = [[], ...game.dice.map((d) => [d]), game.dice];
    let best = [];
    let bestValue = -Infinity;
    for (const dice of options) {
      let expected = 0;
      for (const { p, bonus, damage } of outcomes(dice, k)) expected += p * outcomeWorth(bonus, damage);
      if (expected > bestValue + 1e-9) { bestValue = expected; best = dice; }
    }
    return best.length ? { type: 'challenge', seat, dice: best.map((d) => d.id) } : { type: 'pass', seat };
  }

  setSharp(game, v) {
    const me = v.seats[v.seat];
    const lastSeason = v.season >= game.P.seasons;
    if (lastSeason) return me.dead && game.detective[me.detective].skill === SKILLS.loneHunter ? me.won.slice() : [];
    const count = (list, suit) => list.filter((id) => game.incident[id].suit === suit).length;
    const stand = [];
    for (const id of me.won) {
      const suit = game.incident[id].suit;
      const inStand = count(me.stand, suit) + count(stand, suit);
      const forCoop = count(me.coop, suit) + count(me.won, suit) - count(stand, suit);
      if (inStand === 0 && forCoop < game.P.coop_set_size - 1) stand.push(id);
    }
    return stand;
  }
}

/** Beyond this many cards a round (a designer's long seasons) the sharp bot lays them greedily, not in every order. */
const MAX_ORDERED = 7;

/** Cards to incidents, the best remaining pair first. */
function greedy(table, hand) {
  const out = Array(table.length).fill(null);
  const used = new Set();
  for (let n = 0; n < table.length; n += 1) {
    let pick = null;
    table.forEach((row, i) => {
      if (out[i] !== null) return;
      row.forEach((score, c) => { if (!used.has(c) && (pick === null || score > pick[2])) pick = [i, c, score]; });
    });
    out[pick[0]] = hand[pick[1]];
    used.add(pick[1]);
  }
  return out;
}

const ORDERINGS = new Map();

/** Every ordering of 0 … n−1 (5: 120), made once per n. */
function orderings(n) {
  if (!ORDERINGS.has(n)) ORDERINGS.set(n, permutations([...Array(n).keys()]));
  return ORDERINGS.get(n);
}

/** Every ordering of a short list. */
function permutations(items) {
  if (items.length <= 1) return [items.slice()];
  const out = [];
  items.forEach((x, n) => {
    for (const rest of permutations([...items.slice(0, n), ...items.slice(n + 1)])) out.push([x, ...rest]);
  });
  return out;
}

/**
 * What `seat` takes from one incident when seat `present[n]` plays `firsts[n]` and `seconds[n]` (ties: an
 * assist). Written without allocations: the sharp bot calls it thousands of times a decision.
 */
function awardWorth(game, v, present, firsts, seconds, worth, seat) {
  let heroes = 0;
  let lone = -1;
  for (let n = 0; n < present.length; n += 1) {
    if (game.hours[firsts[n]] === null || game.hours[seconds[n]] === null) { heroes += 1; lone = present[n]; }
  }
  if (heroes !== 1) lone = -1;
  let mine = 0;
  for (let n = 0; n < present.length; n += 1) {
    const s = present[n];
    const first = cardValue(game, v, s, firsts[n], lone);
    KEYS[n] = rankKey(s === lone, first + cardValue(game, v, s, seconds[n], lone), first);
    if (s === seat) mine = KEYS[n];
  }
  return placeWorth(game, present.length, mine, worth);
}

const KEYS = new Float64Array(LIMITS.detectives);

/** The worth of the place of key `mine` among KEYS[0 … count): one place per distinct higher key; a tie takes an assist. */
function placeWorth(game, count, mine, worth) {
  let higher = 0;
  let equal = 0;
  for (let n = 0; n < count; n += 1) {
    const k = KEYS[n];
    if (k === mine) { equal += 1; continue; }
    if (k < mine) continue;
    let seen = false;
    for (let m = 0; m < n; m += 1) if (KEYS[m] === k) { seen = true; break; }
    if (!seen) higher += 1;
  }
  if (higher >= game.P.places) return 0;
  return equal > 1 ? game.P.assist_points : worth[higher];
}

function rankWorth(game, judge, worth, seat) {
  const { present } = judge;
  let mine = 0;
  present.forEach((s, n) => {
    KEYS[n] = rankKey(s === judge.lone, judge.strength[s], judge.first[s]);
    if (s === seat) mine = KEYS[n];
  });
  return placeWorth(game, present.length, mine, worth);
}

/** The outcomes of rolling `dice` on incident `k`: probability, strength added, damage taken. */
function outcomes(dice, k) {
  let out = [{ p: 1, bonus: 0, damage: 0 }];
  for (const d of dice) {
    const great = d.faces > k ? 1 / d.faces : 0;
    const success = Math.max(0, d.faces - k) / d.faces - great;
    const fail = Math.min(k, d.faces) / d.faces;
    const next = [];
    for (const o of out) {
      if (success > 0) next.push({ p: o.p * success, bonus: o.bonus + d.success, damage: o.damage });
      if (great > 0) next.push({ p: o.p * great, bonus: o.bonus + d.great, damage: o.damage });
      if (fail > 0) next.push({ p: o.p * fail, bonus: o.bonus, damage: o.damage + d.damage });
    }
    out = next;
  }
  return out;
}
