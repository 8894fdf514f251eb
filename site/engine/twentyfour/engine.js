// The whole of 24 as a state machine over one plain JSON object.
//
// Example:
//   const game = prepare(json);                                  // rules.js: the deck and ruleset as data
//   let state = newGame(game, { seed: 7, detectives: ['kestrel', 'bishop', 'hound'] });
//   const r = apply(game, state, { type: 'place', seat: 0, cards: [...five action card ids] });
//   if (r.ok) state = r.state; else console.log(r.reason);
//
// `apply` never changes its argument: it returns a new state or a refusal with a reason. Who acts next is
// `actor(state)` (a seat index, or null once the game is over). Seats 0 … n−1 are the players in the
// order given; with few players a stand-in seat follows them (`npc: true`), whose cards come from its
// shuffled pile and which never acts. Choices all players make at once (the two rounds of placing cards,
// setting cards into stand or co-op) are committed one seat after another into hidden state and revealed
// together when the last seat has committed; views (view.js) never show an unrevealed choice.
//
// A season: deal the layout → two rounds of placing → incident by incident: reveal the second cards,
// challenges from the weakest up, resolution (first pick), damage (serious injury or death, each giving
// up a card won this season) → season end: masterminds, stand or co-op, recovery. The dice are rolled
// from the generator in the state, so a game is its setup and its actions (save.js).

import { deathPoints, scoreGame } from '../../assets/calculators/twentyfour.js';
import { Rng, seedRng } from '../common/rng.js';
import { cardValue, cover, holdings, injuryThreshold, ranking } from './judge.js';
import { listOf, phase as phaseOf, refusal, seat as seatOf, why } from './reasons.js';
import { SKILLS, scoringRules, shown, skillOf } from './rules.js';

export { holdings, ranking, seatName } from './judge.js';

export const STATE_FORMAT = 'gaslight-twentyfour-state/1';

/** Which actions each phase accepts, and what the phase is called in refusals. */
export const PHASES = {
  place: { actions: ['place'] },
  challenge: { actions: ['challenge', 'pass'] },
  pick: { actions: ['pick'] },
  discard: { actions: ['discard'] },
  set: { actions: ['set'] },
  over: { actions: [] },
};

/** A game that cannot be set up as asked (players, detectives, stand-in). */
export class SetupError extends Error {
  constructor(message) { super(message); this.name = 'SetupError'; }
}


const newSeat = (detective, npc) => ({
  detective, npc, hand: [], pile: [], commit: null, plays: [], damage: 0, injured: false, dead: false, out: false,
  deathPoints: 0, won: [], stand: [], coop: [], assists: 0,
});

function chooseDetectives(game, { detectives, players }, r) {
  const P = game.P;
  if (detectives !== undefined && detectives !== null) {
    if (!Array.isArray(detectives)) throw new SetupError('detectives must be a list of detective ids');
    for (const d of detectives) {
      if (!(typeof d === 'string' && d in game.detective)) {
        throw new SetupError(`unknown detective ${shown(d)} (the deck has ${game.detectiveIds.join(', ')})`);
      }
    }
    if (new Set(detectives).size !== detectives.length) throw new SetupError('each player plays a different detective');
  }
  const n = detectives ? detectives.length : players ?? P.players_min;
  if (!Number.isInteger(n) || n < P.players_min || n > P.players_max) {
    throw new SetupError(`24 is played by ${P.players_min} to ${P.players_max} players, not ${shown(n)}`);
  }
  return detectives ? detectives.slice() : r.shuffle(game.detectiveIds).slice(0, n);
}

/**
 * A new game, dealt and waiting for the first seat to place its cards. `detectives`: the players'
 * detective ids in seat order (or `players`: how many, the detectives drawn at random); `npc`: the
 * stand-in's detective when one plays (drawn from the unplayed ones when not given). Throws a SetupError.
 */
export function newGame(game, { seed = 0, detectives = null, players = null, npc = null } = {}) {
  const P = game.P;
  if (!Number.isInteger(seed)) throw new SetupError(`the seed must be a whole number, not ${shown(seed)}`);
  const r = new Rng(seedRng(seed));
  // Detectives and the stand-in drawn at random come from a generator of their own, so a game set up with
  // the same detectives named (a save, a replay) deals and rolls the same.
  const draw = new Rng(seedRng(seed + 0x5eed));
  const chosen = chooseDetectives(game, { detectives, players }, draw);
  const unplayed = game.detectiveIds.filter((d) => !chosen.includes(d));
  let standIn = null;
  if (chosen.length <= P.stand_in_players) {
    if (npc !== null && npc !== undefined && !unplayed.includes(npc)) {
      throw new SetupError(`the stand-in must be an unplayed detective (${unplayed.join(', ')}), not ${shown(npc)}`);
    }
    if (unplayed.length === 0) throw new SetupError(`no detective is left to be the stand-in of a ${chosen.length}-player game`);
    standIn = npc ?? draw.pick(unplayed);
  } else if (npc !== null && npc !== undefined) {
    throw new SetupError(`a stand-in plays only with ${P.stand_in_players} players or fewer, not ${chosen.length}`);
  }
  const seats = chosen.map((d) => newSeat(d, false));
  if (standIn) seats.push(newSeat(standIn, true));
  const state = {
    format: STATE_FORMAT,
    setup: { seed, detectives: chosen, npc: standIn },
    season: 0,
    phase: 'place',
    round: 1,
    incident: 0,
    turn: null,
    seats,
    deck: r.shuffle(game.incidentIds),
    discard: [],
    layout: [],
    faceDown: [],
    revealed: { first: false, second: [] },
    outcome: [],
    judge: null,
    pending: [],
    supply: { assists: P.assist_cards, green: game.bonusCards.green, red: game.bonusCards.red },
    standIns: { assists: 0, bonus: 0 },
    log: [],
    stats: {
      challenges: 0, dice: 0, successes: 0, greats: 0, failures: 0, damage: 0, shielded: 0, injuries: 0, deaths: 0,
      heroClashes: 0, loneHeroes: 0, ties: 0, arrests: 0, escapes: 0, picksSecond: 0, discards: 0,
    },
    result: null,
    rng: null,
  };
  startSeason(game, state, r);
  state.rng = r.state;
  return state;
}

/** The seat that acts next, or null once the game is over. */
export const actor = (state) => (state.turn ? state.turn.seat : null);

/**
 * A copy of the state for one step. Its objects (seats, judge, supply, counters) are new; its lists are the
 * old state's, so handlers replace a list instead of changing it (`seat.won = [...seat.won, id]`), and the
 * log is copied once per step by `record`.
 */
export function cloneState(s) {
  const j = s.judge;
  return {
    format: s.format,
    setup: s.setup,
    season: s.season,
    phase: s.phase,
    round: s.round,
    incident: s.incident,
    turn: s.turn,
    seats: s.seats.map((x) => ({
      detective: x.detective, npc: x.npc, hand: x.hand, pile: x.pile, commit: x.commit, plays: x.plays, damage: x.damage,
      injured: x.injured, dead: x.dead, out: x.out, deathPoints: x.deathPoints, won: x.won, stand: x.stand, coop: x.coop,
      assists: x.assists,
    })),
    deck: s.deck,
    discard: s.discard,
    layout: s.layout,
    faceDown: s.faceDown,
    revealed: s.revealed,
    outcome: s.outcome,
    judge: j && {
      incident: j.incident, present: j.present, lone: j.lone, heroes: j.heroes, strength: j.strength, first: j.first,
      bonus: j.bonus, strongest: j.strongest, order: j.order, next: j.next, taken: j.taken, awards: j.awards,
    },
    pending: s.pending,
    supply: { ...s.supply },
    standIns: { ...s.standIns },
    log: s.log,
    stats: { ...s.stats },
    result: s.result,
    rng: s.rng,
  };
}

/** Apply one action; returns {ok: true, state} or {ok: false, reason} (`why`: the reason as data, reasons.js). */
export function apply(game, state, action) {
  const refuse = (reason) => refusal(game, state, reason);
  if (state.phase === 'over') return refuse(why('over'));
  if (!action || typeof action !== 'object' || typeof action.type !== 'string') return refuse(why('badAction'));
  const phase = PHASES[state.phase];
  if (!phase.actions.includes(action.type)) {
    return refuse(why('notNow', { type: action.type, phase: phaseOf(state.phase), actions: listOf(phase.actions) }));
  }
  const seat = state.turn.seat;
  if (action.seat !== seat) {
    return refuse(why('notYourTurn', { seat: seatOf(seat), other: Number.isInteger(action.seat) ? seatOf(action.seat) : shown(action.seat) }));
  }
  const next = cloneState(state);
  const r = new Rng(state.rng);
  const reason = HANDLERS[action.type](game, next, action, r);
  if (reason) return refuse(reason);
  next.rng = r.state;
  return { ok: true, state: next };
}

// ---------------------------------------------------------------- helpers

// The state whose log has been copied in this step: an earlier state shares the log it was cloned from,
// so a step copies it once, then appends in place.
let logOwner = null;

function record(state, event) {
  if (logOwner !== state) { state.log = state.log.slice(); logOwner = state; }
  state.log.push(event);
}

/** The seats that place cards this season: every player who has not died. */
function nextBidderSeat(state) {
  for (let i = 0; i < state.seats.length; i += 1) {
    const x = state.seats[i];
    if (!x.npc && !x.dead && x.commit === null) return i;
  }
  return -1;
}

function giveAssist(state, seat) {
  state.seats[seat].assists += 1;
  if (state.supply.assists > 0) state.supply.assists -= 1;
  else state.standIns.assists += 1; // the source: use a stand-in when the assist cards run out
}

// ---------------------------------------------------------------- the season

function startSeason(game, state, r) {
  const P = game.P;
  state.season += 1;
  const last = state.season === P.seasons;
  if (last) {
    state.deck = r.shuffle([...state.deck, ...state.discard]);
    state.discard = [];
  }
  const cols = P.incidents_per_season;
  const layout = [];
  const faceDown = [];
  for (let row = 0; row < P.places; row += 1) {
    layout.push(state.deck.slice(row * cols, (row + 1) * cols));
    faceDown.push(Array.from({ length: cols }, (_, c) => (last ? row === 0 : c === P.hidden_column - 1)));
  }
  state.deck = state.deck.slice(P.places * cols);
  state.layout = layout;
  state.faceDown = faceDown;
  state.revealed = { first: false, second: Array(cols).fill(false) };
  state.outcome = Array(cols).fill(null);
  for (const seat of state.seats) {
    const actions = game.detective[seat.detective].actions;
    seat.hand = seat.npc || seat.dead ? [] : actions.slice();
    seat.pile = seat.npc ? r.shuffle(actions) : [];
    seat.plays = Array.from({ length: cols }, () => [null, null]);
    seat.commit = null;
    seat.won = [];
    seat.out = seat.dead;
  }
  state.round = 1;
  state.incident = 0;
  state.judge = null;
  state.pending = [];
  state.log = [{ e: 'season', season: state.season }];
  logOwner = state;
  nextBidder(game, state, r);
}

function nextBidder(game, state, r) {
  const seat = nextBidderSeat(state);
  if (seat >= 0) {
    state.phase = 'place';
    state.turn = { seat };
  } else {
    revealRound(game, state, r);
  }
}

/** Every seat has committed this round's cards: the stand-in draws its own, then all are placed together. */
function revealRound(game, state, r) {
  const cols = game.P.incidents_per_season;
  const k = state.round - 1;
  for (const seat of state.seats) {
    if (seat.npc) { seat.commit = seat.pile.slice(0, cols); seat.pile = seat.pile.slice(cols); }
    if (seat.commit === null) continue;
    const commit = seat.commit;
    seat.plays = seat.plays.map((p, i) => (k === 0 ? [commit[i], p[1]] : [p[0], commit[i]]));
    seat.commit = null;
  }
  if (state.round === 1) {
    state.revealed = { first: true, second: state.revealed.second };
    state.faceDown = state.faceDown.map((row) => row.map(() => false));
    record(state, { e: 'reveal', first: state.seats.map((x) => x.plays.map((p) => p[0])), layout: state.layout });
    state.round = 2;
    nextBidder(game, state, r);
  } else {
    record(state, { e: 'placed' });
    startIncident(game, state, r, 1);
  }
}

function startIncident(game, state, r, k) {
  const i = k - 1;
  state.incident = k;
  const second = state.revealed.second.slice();
  second[i] = true;
  state.revealed = { first: state.revealed.first, second };
  const present = state.seats.flatMap((x, s) => (x.out ? [] : [s]));
  const heroes = present.filter((s) => state.seats[s].plays[i].some((id) => game.hours[id] === null));
  const lone = heroes.length === 1 ? heroes[0] : -1;
  if (heroes.length > 1) state.stats.heroClashes += 1;
  if (lone >= 0) state.stats.loneHeroes += 1;
  const strength = state.seats.map(() => null);
  const first = state.seats.map(() => null);
  for (const s of present) {
    const [a, b] = state.seats[s].plays[i];
    first[s] = cardValue(game, state, s, a, lone);
    strength[s] = first[s] + cardValue(game, state, s, b, lone);
  }
  let strongest;
  if (lone >= 0) strongest = [lone];
  else {
    const top = Math.max(...present.map((s) => strength[s]));
    strongest = present.filter((s) => strength[s] === top);
  }
  const number = (s) => game.detective[state.seats[s].detective].number;
  const order = present
    .filter((s) => !state.seats[s].npc
      && (!strongest.includes(s) || skillOf(game, state.seats[s], state.season) === SKILLS.loneHunter))
    .sort((a, b) => strength[a] - strength[b] || number(a) - number(b));
  state.judge = {
    incident: k, present, lone, heroes: heroes.length, strength, first, bonus: state.seats.map(() => 0), strongest, order,
    next: 0, taken: [], awards: null,
  };
  record(state, { e: 'judge', incident: k, second: present.map((s) => [s, state.seats[s].plays[i][1]]), strength: strength.slice() });
  nextChallenger(game, state, r);
}

function nextChallenger(game, state, r) {
  const j = state.judge;
  if (j.next < j.order.length) {
    state.phase = 'challenge';
    state.turn = { seat: j.order[j.next] };
  } else {
    resolve(game, state, r);
  }
}

function resolve(game, state, r) {
  const j = state.judge;
  const awards = [];
  let place = 1;
  for (const group of ranking(j)) {
    if (place > game.P.places) break;
    if (group.length === 1) awards.push({ place, seat: group[0] });
    else {
      state.stats.ties += 1;
      for (const s of group) giveAssist(state, s);
      record(state, { e: 'tie', incident: j.incident, place, seats: group });
    }
    place += 1;
  }
  j.awards = awards;
  const top = awards.find((a) => a.place === 1);
  if (top && game.P.places >= 2 && skillOf(game, state.seats[top.seat], state.season) === SKILLS.firstPick) {
    state.phase = 'pick';
    state.turn = { seat: top.seat };
    return;
  }
  award(game, state, r, false);
}

function award(game, state, r, pickSecond) {
  const j = state.judge;
  const i = j.incident - 1;
  const given = new Set();
  const takers = Array(game.P.places).fill(null);
  for (const { place, seat } of j.awards) {
    let row = place - 1;
    if (pickSecond && place <= 2) row = 1 - row;
    state.seats[seat].won = [...state.seats[seat].won, state.layout[row][i]];
    takers[row] = seat;
    given.add(row);
  }
  for (let row = 0; row < game.P.places; row += 1) if (!given.has(row)) state.discard = [...state.discard, state.layout[row][i]];
  for (const t of j.taken) if (t.real) state.supply[t.die] += 1; // challenge bonus cards go back
  state.outcome = state.outcome.slice();
  state.outcome[i] = takers;
  record(state, { e: 'award', incident: j.incident, takers, pickSecond });
  damagePhase(game, state, r);
}

function damagePhase(game, state, r) {
  const j = state.judge;
  const k = j.incident;
  for (const s of j.present) {
    const seat = state.seats[s];
    if (seat.npc || seat.damage < injuryThreshold(game, state, s)) continue;
    seat.out = true;
    if (seat.injured) {
      seat.dead = true;
      seat.deathPoints = deathPoints(game.incident[state.layout[0][k - 1]].value, k, scoringRules(game));
      state.stats.deaths += 1;
      record(state, { e: 'death', seat: s, incident: k, points: seat.deathPoints });
    } else {
      seat.injured = true;
      state.stats.injuries += 1;
      record(state, { e: 'injury', seat: s, incident: k });
    }
    if (seat.won.length === 0) continue;
    if (new Set(seat.won.map((id) => game.incident[id].card)).size === 1) giveUp(game, state, s, seat.won[0]);
    else state.pending = [...state.pending, s];
  }
  nextDiscard(game, state, r);
}

function giveUp(game, state, s, id) {
  const seat = state.seats[s];
  seat.won = seat.won.filter((c) => c !== id);
  state.discard = [...state.discard, id];
  giveAssist(state, s);
  state.stats.discards += 1;
  record(state, { e: 'discard', seat: s, card: id });
}

function nextDiscard(game, state, r) {
  if (state.pending.length) {
    state.phase = 'discard';
    state.turn = { seat: state.pending[0] };
  } else if (state.incident < game.P.incidents_per_season) {
    startIncident(game, state, r, state.incident + 1);
  } else {
    seasonEnd(game, state, r);
  }
}

function seasonEnd(game, state, r) {
  state.incident = 0;
  state.judge = null;
  for (const [s, seat] of state.seats.entries()) {
    for (const id of seat.won.filter((c) => game.incident[c].mastermind)) {
      const suit = game.incident[id].suit;
      const arrested = state.season >= game.P.arrest_from_season && seat.stand.some((c) => game.incident[c].suit === suit);
      if (arrested) {
        state.stats.arrests += 1;
        record(state, { e: 'arrest', seat: s, card: id });
      } else {
        seat.won = seat.won.filter((c) => c !== id);
        state.discard = [...state.discard, id];
        giveAssist(state, s);
        state.stats.escapes += 1;
        record(state, { e: 'escape', seat: s, card: id });
      }
    }
    if (seat.npc) { seat.coop = [...seat.coop, ...seat.won]; seat.won = []; }
  }
  const number = (s) => game.detective[state.seats[s].detective].number;
  state.pending = state.seats.flatMap((x, s) => (!x.npc && x.won.length ? [s] : [])).sort((a, b) => number(b) - number(a));
  nextSetter(game, state, r);
}

function nextSetter(game, state, r) {
  if (state.pending.length) {
    state.phase = 'set';
    state.turn = { seat: state.pending[0] };
    return;
  }
  const sets = [];
  for (const [s, seat] of state.seats.entries()) {
    if (seat.commit === null) continue;
    const stand = new Set(seat.commit);
    seat.stand = [...seat.stand, ...seat.won.filter((id) => stand.has(id))];
    seat.coop = [...seat.coop, ...seat.won.filter((id) => !stand.has(id))];
    sets.push([s, seat.commit]);
    seat.won = [];
    seat.commit = null;
  }
  record(state, { e: 'set', stand: sets });
  // Recovery: damage heals, a serious injury does not; the injured and the action cards come back in startSeason.
  for (const seat of state.seats) seat.damage = 0;
  if (state.season < game.P.seasons) startSeason(game, state, r);
  else finish(game, state);
}

function finish(game, state) {
  const result = scoreGame({ detectives: holdings(game, state) }, scoringRules(game));
  state.result = { scores: result.scores, winners: result.winners };
  state.phase = 'over';
  state.turn = null;
  record(state, { e: 'over', winners: result.winners });
}

// ---------------------------------------------------------------- actions

function place(game, state, action, r) {
  const s = action.seat;
  const seat = state.seats[s];
  const cols = game.P.incidents_per_season;
  const cards = action.cards;
  if (!Array.isArray(cards) || cards.length !== cols) {
    return why('placeAll', { cols });
  }
  const hand = seat.hand.slice();
  for (const id of cards) {
    const at = hand.indexOf(id);
    if (at < 0) return why('notInHand', { card: shown(id), seat: seatOf(s) });
    hand.splice(at, 1);
  }
  seat.hand = hand;
  seat.commit = cards.slice();
  record(state, { e: 'committed', seat: s, round: state.round });
  nextBidder(game, state, r);
  return null;
}

function challenge(game, state, action, r) {
  const s = action.seat;
  const dice = action.dice;
  const ids = game.dice.map((d) => d.id);
  if (!Array.isArray(dice) || dice.length === 0 || new Set(dice).size !== dice.length || !dice.every((d) => ids.includes(d))) {
    return why('dice', { dice: listOf(ids) });
  }
  const j = state.judge;
  const k = j.incident;
  let add = 0;
  let harm = 0;
  const rolls = [];
  for (const die of game.dice) {
    if (!dice.includes(die.id)) continue;
    const roll = 1 + r.int(die.faces);
    state.stats.dice += 1;
    if (roll > k) {
      const great = roll === die.faces;
      add += great ? die.great : die.success;
      state.stats[great ? 'greats' : 'successes'] += 1;
      const real = state.supply[die.id] > 0; // the source: remember the bonus when its cards run out
      if (real) state.supply[die.id] -= 1;
      else state.standIns.bonus += 1;
      j.taken = [...j.taken, { seat: s, die: die.id, real }];
      rolls.push({ die: die.id, roll, result: great ? 'great' : 'success' });
    } else {
      harm += die.damage;
      state.stats.failures += 1;
      rolls.push({ die: die.id, roll, result: 'fail' });
    }
  }
  const shield = harm ? Math.min(harm, cover(game, state, s, k)) : 0;
  state.seats[s].damage += harm - shield;
  state.stats.challenges += 1;
  state.stats.damage += harm - shield;
  state.stats.shielded += shield;
  j.bonus = j.bonus.slice();
  j.bonus[s] += add;
  j.strength = j.strength.slice();
  j.strength[s] += add;
  record(state, { e: 'challenge', seat: s, incident: k, rolls, bonus: add, damage: harm - shield, shield });
  j.next += 1;
  nextChallenger(game, state, r);
  return null;
}

function pass(game, state, action, r) {
  record(state, { e: 'pass', seat: action.seat, incident: state.judge.incident });
  state.judge.next += 1;
  nextChallenger(game, state, r);
  return null;
}

function pick(game, state, action, r) {
  if (action.card !== 'first' && action.card !== 'second') return why('pick');
  if (action.card === 'second') state.stats.picksSecond += 1;
  award(game, state, r, action.card === 'second');
  return null;
}

function discard(game, state, action, r) {
  const s = action.seat;
  if (!state.seats[s].won.includes(action.card)) {
    return why('notWonList', { card: shown(action.card), seat: seatOf(s), won: listOf(state.seats[s].won) });
  }
  giveUp(game, state, s, action.card);
  state.pending = state.pending.slice(1);
  nextDiscard(game, state, r);
  return null;
}

function set(game, state, action, r) {
  const s = action.seat;
  const seat = state.seats[s];
  const stand = action.stand;
  if (!Array.isArray(stand) || new Set(stand).size !== stand.length) return why('standOnce');
  for (const id of stand) {
    if (!seat.won.includes(id)) return why('notWon', { card: shown(id), seat: seatOf(s) });
  }
  seat.commit = stand.slice();
  record(state, { e: 'committed', seat: s, round: 0 });
  state.pending = state.pending.slice(1);
  nextSetter(game, state, r);
  return null;
}

const HANDLERS = { place, challenge, pass, pick, discard, set };
