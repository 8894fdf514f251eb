// Walton case at the table: the card game of seed 004 for 2–5 seats, as plain data and pure moves.
//
//   const game = prepare(caseJson, rules);                  // the case's cards and references, once
//   let state = newTable(game, ['Ann', 'Bob', 'Cy'], 7);   // shuffled by seed, six cards each
//   let r = act(state, game, { type: 'investigate', seat: 0, targets: ['ann', 'library'] });
//   if (r.ok) state = r.state; else console.log(r.reason);   // r.why: the reason as data (messages.js)
//   view(state, 1)                                          // what seat 1 may see: never another hand
//
// A round: each seat in turn, clockwise from the first player, names references (investigate);
// counter-clockwise from its right, every other seat may offer face-down cards showing one of
// them (offer); the turn seat pays for any offers with cards worth at least their value, or draws
// when nobody offered (exchange). Then every seat chooses to solve or keep investigating (solve),
// solvers answer (answer: the SHA-256 of the salted answer line, so the page never holds the
// solution), everyone keeps three cards (discard) and refills to six, and the first-player marker
// passes right. The RNG is in the state, so a game replays from its seed and moves.

import { seedRng, shuffle } from '../common/rng.js';
import { ENGLISH, cards as cardCount, listOf, names as namesOf, phase as phaseOf, refusal, sayIn, why } from './messages.js';

export { answerDigest, answerLine } from './answers.js';

export const TABLE_FORMAT = 'gaslight-walton-table/1';
export const DEFAULT_RULES = Object.freeze({
  handSize: 6, keep: 3, referencesPerTurn: 2, drawIfNoOffer: 3, shownOnReshuffle: 3, appCheck: false,
  twoPlayerDiscards: false,
});
/** The seed's two-player changes: four references a turn, two cards drawn, traded and drawn cards noted then discarded. */
export const TWO_PLAYER_RULES = Object.freeze({ referencesPerTurn: 4, drawIfNoOffer: 2, twoPlayerDiscards: true });

/** The case's cards and references, indexed for the moves. */
export function prepare(caseJson, rules = {}) {
  const refs = new Map();
  for (const s of caseJson.mansion.suspects) refs.set(s.id, { name: s.name, kind: 'suspect' });
  for (const r of caseJson.mansion.rooms) refs.set(r.id, { name: r.name, kind: 'room' });
  const cards = new Map(caseJson.cards.map((c) => [c.number, { refs: c.refs, value: c.value }]));
  return { id: caseJson.id, refs, cards, check: caseJson.answer_check, rules: { ...DEFAULT_RULES, ...rules } };
}

/** A new table: the case's cards shuffled by `seed`, a hand dealt to each seat, seat 0 first. */
export function newTable(game, names, seed = 0) {
  if (names.length < 2 || names.length > 5) throw new Error('a Walton table seats 2 to 5 players');
  const rules = names.length === 2 ? { ...game.rules, ...TWO_PLAYER_RULES } : game.rules;
  const [deck, rng] = shuffle(seedRng(seed), [...game.cards.keys()]);
  const seats = names.map((name) => ({ name, hand: [], seen: [], out: false, sitOutRound: 0 }));
  let state = { format: TABLE_FORMAT, case: game.id, rules, rng, seats, deck, discard: [], faceUp: [], first: 0,
    turn: 0, round: 1, phase: 'investigate', targets: [], named: [], offers: [], pending: [], choices: {}, answers: {},
    winners: [], log: [], said: [] };
  for (let s = 0; s < seats.length; s += 1) state = draw(state, s, rules.handSize);
  return state;
}

// ------------------------------------------------------------------ seats and cards

const inPlay = (state) => state.seats.map((_, i) => i).filter((i) => !state.seats[i].out);
const rightOf = (state, seat) => (seat + state.seats.length - 1) % state.seats.length;
const leftOf = (state, seat) => (seat + 1) % state.seats.length;
const valueOf = (game, cards) => cards.reduce((sum, n) => sum + game.cards.get(n).value, 0);

function withSeat(state, seat, change) {
  return { ...state, seats: state.seats.map((s, i) => (i === seat ? { ...s, ...change(s) } : s)) };
}

/** Log what happened: `said` holds it as data (a page words it in its language), `log` in English. */
function note(state, key, values = {}) {
  const entry = { key, values };
  return { ...state, log: [...state.log, sayIn(ENGLISH, entry)], said: [...(state.said || []), entry] };
}

/** Deal `count` cards to `seat`; an empty deck takes the shuffled discards and lays its top cards face up. */
function draw(state, seat, count) {
  let next = state;
  const got = [];
  while (got.length < count) {
    if (!next.deck.length) {
      if (!next.discard.length) break;
      const [deck, rng] = shuffle(next.rng, next.discard);
      const shown = deck.slice(0, next.rules.shownOnReshuffle);
      next = note({ ...next, rng, deck: deck.slice(shown.length), discard: [], faceUp: [...next.faceUp, ...shown] },
        'log.reshuffled', { cards: cardCount(shown.length) });
      continue;
    }
    got.push(next.deck[0]);
    next = { ...next, deck: next.deck.slice(1) };
  }
  return withSeat(next, seat, (s) => ({ hand: [...s.hand, ...got], seen: [...new Set([...s.seen, ...got])] }));
}

/** Cards a seat receives: into the hand, or (two players) noted and discarded at once. */
function receive(state, seat, cards) {
  const seen = withSeat(state, seat, (s) => ({ seen: [...new Set([...s.seen, ...cards])] }));
  if (state.rules.twoPlayerDiscards) return { ...seen, discard: [...seen.discard, ...cards] };
  return withSeat(seen, seat, (s) => ({ hand: [...s.hand, ...cards] }));
}

function remove(state, seat, cards) {
  return withSeat(state, seat, (s) => ({ hand: s.hand.filter((n) => !cards.includes(n)) }));
}

// ------------------------------------------------------------------ whose move

/** The seats that may move now (several in the simultaneous phases). */
export function toMove(state) {
  switch (state.phase) {
    case 'investigate': case 'exchange': return [state.turn];
    case 'offer': return state.pending.slice(0, 1);
    case 'solve': case 'answer': case 'discard': return [...state.pending];
    default: return [];
  }
}

function nextTurn(state) {
  const order = [];
  for (let s = leftOf(state, state.turn); s !== state.first; s = leftOf(state, s)) order.push(s);
  const next = order.find((s) => !state.seats[s].out);
  if (next !== undefined) return { ...state, phase: 'investigate', turn: next, targets: [], offers: [], pending: [] };
  return startSolving(state);
}

function startSolving(state) {
  const solving = inPlay(state).filter((s) => state.seats[s].sitOutRound !== state.round);
  if (!solving.length) return startDiscard(state);
  return { ...state, phase: 'solve', targets: [], offers: [], pending: solving, choices: {}, answers: {} };
}

function startDiscard(state) {
  const pending = inPlay(state).filter((s) => state.seats[s].hand.length > state.rules.keep);
  const next = { ...state, phase: 'discard', pending, choices: {}, answers: {} };
  return pending.length ? next : newRound(next);
}

function newRound(state) {
  let next = state;
  for (const s of inPlay(state)) next = draw(next, s, Math.max(0, next.rules.handSize - next.seats[s].hand.length));
  let first = rightOf(next, next.first);
  while (next.seats[first].out) first = rightOf(next, first);
  return { ...next, phase: 'investigate', first, turn: first, round: next.round + 1, targets: [], offers: [], pending: [] };
}

// ------------------------------------------------------------------ moves

const refuse = (key, values) => refusal(why(key, values));

/** Apply one move; {ok: true, state} or {ok: false, reason} (the state is never changed in place). */
export function act(state, game, move) {
  if (state.phase === 'over') return refuse('over');
  if (!toMove(state).includes(move.seat)) {
    const name = state.seats[move.seat]?.name;
    return name === undefined ? refuse('notThatSeat') : refuse('notYourMove', { name });
  }
  const moves = { investigate, offer, exchange, solve, answer, discard };
  const handler = Object.hasOwn(moves, move.type) ? moves[move.type] : null;
  if (!handler || move.type !== state.phase) return refuse('notNow', { phase: phaseOf(state.phase), type: phaseOf(move.type) });
  return handler(state, game, move);
}

function investigate(state, game, { seat, targets }) {
  const wanted = state.rules.referencesPerTurn;
  if (!Array.isArray(targets) || targets.length !== wanted) return refuse('nameCount', { n: wanted });
  if (new Set(targets).size !== targets.length) return refuse('nameOnce');
  const unknown = targets.find((t) => !game.refs.has(t));
  if (unknown !== undefined) return refuse('unknownRef');
  const pending = [];
  for (let s = rightOf(state, seat); s !== seat; s = rightOf(state, s)) if (!state.seats[s].out) pending.push(s);
  // the last seat still in play has nobody to offer: straight on to the exchange (it draws)
  const phase = pending.length ? 'offer' : 'exchange';
  const named = [...state.named, { seat, round: state.round, targets }]; // said aloud: every seat heard it
  const next = note({ ...state, phase, targets, named, offers: [], pending }, 'log.names',
    { name: state.seats[seat].name, refs: listOf(targets.map((t) => game.refs.get(t).name)) });
  return { ok: true, state: next };
}

function offer(state, game, { seat, cards }) {
  const offered = cards ?? [];
  const hand = state.seats[seat].hand;
  if (offered.some((n) => !hand.includes(n)) || new Set(offered).size !== offered.length) {
    return refuse('offerHand');
  }
  if (offered.some((n) => !game.cards.get(n).refs.some((r) => state.targets.includes(r)))) {
    return refuse('offerShows');
  }
  const offers = offered.length ? [...state.offers, { seat, cards: offered, value: valueOf(game, offered) }] : state.offers;
  const name = state.seats[seat].name;
  const next = note({ ...state, offers, pending: state.pending.slice(1) }, ...(offered.length
    ? ['log.offers', { name, cards: cardCount(offered.length), value: valueOf(game, offered) }] : ['log.noOffer', { name }]));
  return { ok: true, state: next.pending.length ? next : { ...next, phase: 'exchange' } };
}

function exchange(state, game, { seat, payments = {} }) {
  const hand = state.seats[seat].hand;
  const paid = Object.values(payments).flat();
  if (paid.some((n) => !hand.includes(n)) || new Set(paid).size !== paid.length) {
    return refuse('payHand');
  }
  let next = state;
  if (!state.offers.length) {
    const count = state.rules.drawIfNoOffer;
    const before = next.deck.length + next.discard.length;
    next = state.rules.twoPlayerDiscards ? drawAndDiscard(next, seat, count) : draw(next, seat, count);
    next = note(next, 'log.draws', { name: state.seats[seat].name, cards: cardCount(Math.min(count, before)) });
    return { ok: true, state: nextTurn(next) };
  }
  for (const [key, cards] of Object.entries(payments)) {
    const deal = state.offers.find((o) => String(o.seat) === key);
    if (!deal) return refuse('payOffer');
    if (valueOf(game, cards) < deal.value) return refuse('payValue', { value: deal.value });
  }
  for (const [key, cards] of Object.entries(payments)) {
    const deal = state.offers.find((o) => String(o.seat) === key);
    next = remove(remove(next, seat, cards), deal.seat, deal.cards);
    next = receive(receive(next, seat, deal.cards), deal.seat, cards);
    next = note(next, 'log.takes', { name: state.seats[seat].name, from: state.seats[deal.seat].name, cards: cardCount(cards.length) });
  }
  return { ok: true, state: nextTurn(next) };
}

function drawAndDiscard(state, seat, count) {
  const before = state.seats[seat].hand;
  const drawn = draw(state, seat, count);
  const got = drawn.seats[seat].hand.filter((n) => !before.includes(n));
  return { ...remove(drawn, seat, got), discard: [...drawn.discard, ...got] };
}

function solve(state, _game, { seat, solve: wants }) {
  const choices = { ...state.choices, [seat]: Boolean(wants) };
  const pending = state.pending.filter((s) => s !== seat);
  if (pending.length) return { ok: true, state: { ...state, choices, pending } };
  const solvers = Object.keys(choices).map(Number).filter((s) => choices[s]);
  const next = note({ ...state, choices, pending: [] }, ...(solvers.length
    ? ['log.willSolve', { names: listOf(solvers.map((s) => state.seats[s].name)) }] : ['log.keepInvestigating']));
  if (!solvers.length) return { ok: true, state: startDiscard(next) };
  return { ok: true, state: { ...next, phase: 'answer', pending: solvers, answers: {} } };
}

function answer(state, game, { seat, digest }) {
  if (typeof digest !== 'string') return refuse('digest');
  const answers = { ...state.answers, [seat]: digest === game.check.sha256 };
  const pending = state.pending.filter((s) => s !== seat);
  if (pending.length) return { ok: true, state: { ...state, answers, pending } };
  const right = Object.keys(answers).map(Number).filter((s) => answers[s]);
  const wrong = Object.keys(answers).map(Number).filter((s) => !answers[s]);
  let next = { ...state, answers, pending: [] };
  if (right.length) {
    const solvers = right.map((s) => state.seats[s].name);
    return { ok: true, state: note({ ...next, phase: 'over', winners: right }, 'log.solved', { names: namesOf(solvers) }) };
  }
  for (const s of wrong) {
    next = withSeat(next, s, () => (state.rules.appCheck ? { sitOutRound: state.round + 1 } : { out: true }));
    next = note(next, state.rules.appCheck ? 'log.sitsOut' : 'log.out', { name: state.seats[s].name });
  }
  if (!inPlay(next).length) return { ok: true, state: note({ ...next, phase: 'over', winners: [] }, 'log.unsolved') };
  return { ok: true, state: state.rules.appCheck ? startDiscard(next) : startSolving(next) };
}

function discard(state, _game, { seat, cards }) {
  const hand = state.seats[seat].hand;
  const gone = cards ?? [];
  if (gone.some((n) => !hand.includes(n)) || new Set(gone).size !== gone.length) return refuse('discardHand');
  if (hand.length - gone.length !== state.rules.keep) return refuse('keep', { n: state.rules.keep });
  const next = { ...remove(state, seat, gone), discard: [...state.discard, ...gone], pending: state.pending.filter((s) => s !== seat) };
  return { ok: true, state: next.pending.length ? next : newRound(next) };
}

// ------------------------------------------------------------------ views

/** What `seat` may see: its own hand and notes; of others, hand sizes (a hand laid face up when its seat is out),
 *  offers by value and size; the deck and discards by count. No RNG, no other seat's cards or choices. */
export function view(state, seat) {
  const settled = state.phase !== 'solve';
  return {
    format: state.format, case: state.case, rules: state.rules, round: state.round, phase: state.phase,
    first: state.first, turn: state.turn, targets: state.targets, named: state.named, toMove: toMove(state), you: seat,
    seats: state.seats.map((s, i) => ({
      name: s.name, out: s.out, sitOutRound: s.sitOutRound,
      cards: s.hand.length,
      ...(i === seat ? { hand: s.hand, seen: s.seen } : {}),
      ...(i !== seat && s.out && !state.rules.appCheck ? { hand: s.hand } : {}),
    })),
    offers: state.offers.map((o) => ({ seat: o.seat, value: o.value, count: o.cards.length, ...(o.seat === seat ? { cards: o.cards } : {}) })),
    deck: state.deck.length, discard: state.discard.length, faceUp: state.faceUp,
    choices: settled ? state.choices : (seat in state.choices ? { [seat]: state.choices[seat] } : {}),
    winners: state.winners, log: state.log, said: state.said || [],
  };
}
