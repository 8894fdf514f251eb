// Ripper rummy as a state machine over one plain JSON object (rules: seed 002, decisions: the rulings notes).
//
// Example:
//   const game = gameFrom(json);                        // rules.js: the deck and the ruleset's numbers
//   let state = newGame(game, { players: 3, seed: 7 });
//   const r = apply(game, state, { type: 'draw', seat: toMove(state), from: 'file' });
//   if (r.ok) state = r.state; else console.log(r.reason);
//
// `apply` never changes its argument: it returns a new state or a refusal with a reason. Lists inside a
// state are replaced, never changed in place, so states share what did not change (and may be frozen).
// `toMove(state)` is the seat that acts next (null once the game is over).
//
// A turn: the turn's seat may call a vote, must draw, may play, must discard. Out of turn, a seat acts
// only in a window: after each action of the turn's seat, once enough victims are on the table, every seat
// from the turn's seat clockwise answers 'escape' (play the Ripper Escape) or 'pass'. Windows open whether
// or not anyone holds the Escape, so a window tells nobody where it is.

import { Rng, seedRng } from '../common/rng.js';
import { EVIDENCE, GAVEL, LETTERS, shown } from './rules.js';
import { ENGLISH, card, either, ending, listOf, phase as phaseOf, reasonText, refusal, suit as suitOf, why } from './reasons.js';
import { scoreEnd, winnerOf } from './score.js';

export const STATE_FORMAT = 'gaslight-rummy-state/1';
/** A game that has not ended after this many hands stops (a bound on a state's size, not a rule). */
export const MAX_HANDS = 500;

/** Which actions each phase accepts (refusals name a phase by its id: reasons.js words it). */
export const PHASES = {
  draw: { actions: ['vote', 'draw', 'escape'] },
  voting: { actions: ['ballot'] },
  play: { actions: ['meld', 'layoff', 'gavel', 'escape', 'discard'] },
  scene: { actions: ['pick'] },
  sceneGavel: { actions: ['gavel', 'keep'] },
  window: { actions: ['escape', 'pass'] },
  over: { actions: [] },
};

const isCard = (game, id) => typeof id === 'string' && Object.hasOwn(game.cards, id);
// A key from an action is a string before it is looked up: a nested list as a key is turned into text, deeply.
const isSuspect = (game, id) => typeof id === 'string' && Object.hasOwn(game.ranks, id);

/** How the game ended (its `reason`, as data): a winner, or the bound on hands reached. */
const endingOf = (s) => (s.winner !== null && s.winner !== undefined
  ? ending('won', { seat: s.winner, points: s.totals[s.winner], hands: s.handNumber }) : ending('stopped', { hands: MAX_HANDS }));

/** A new game: a random dealer deals the first hand. Throws when the game is not for that many players. */
export function newGame(game, { players, seed = 0 }) {
  if (!game.playerCounts.includes(players)) {
    throw new Error(`this game is for ${game.playerCounts.join(', ')} players, not ${shown(players)}`);
  }
  const r = new Rng(seedRng(seed));
  const s = {
    format: STATE_FORMAT,
    game: game.id,
    players,
    rng: null,
    handNumber: 1,
    dealer: r.int(players),
    totals: new Array(players).fill(0),
    results: [],
    lastHand: null,
    winner: null,
    reason: '',
    moves: 0,
  };
  s.rng = r.state;
  deal(game, s);
  return s;
}

/** The seat that acts next; null once the game is over. */
export function toMove(s) {
  switch (s.phase) {
    case 'over': return null;
    case 'voting': return s.voteOrder[s.voteAt];
    case 'window': return s.window.seats[s.window.at];
    default: return s.turn;
  }
}

/** Apply one action; returns {ok: true, state} or {ok: false, reason} (`why`: the reason as data, reasons.js). */
export function apply(game, state, action) {
  const refuse = (reason) => refusal(game, reason);
  if (state.phase === 'over') return refuse(why('over', { reason: endingOf(state) }));
  if (!action || typeof action !== 'object' || typeof action.type !== 'string') return refuse(why('badAction'));
  const phase = PHASES[state.phase];
  if (!phase.actions.includes(action.type)) {
    return refuse(why('notNow', { type: action.type, phase: phaseOf(state.phase), actions: listOf(phase.actions) }));
  }
  const who = toMove(state);
  if (action.seat !== who) return refuse(why('notYourMove', { who, seat: shown(action.seat) }));
  const s = cloneState(state);
  const reason = HANDLERS[action.type](game, s, action);
  if (reason) return refuse(reason);
  s.moves += 1;
  s.handMoves += 1;
  return { ok: true, state: s };
}

/** A shallow copy whose top-level lists handlers may replace entries of (the entries are replaced, never changed). */
export function cloneState(s) {
  return {
    format: s.format,
    game: s.game,
    players: s.players,
    rng: s.rng,
    handNumber: s.handNumber,
    dealer: s.dealer,
    totals: s.totals,
    results: s.results,
    lastHand: s.lastHand,
    winner: s.winner,
    reason: s.reason,
    moves: s.moves,
    handMoves: s.handMoves,
    phase: s.phase,
    turn: s.turn,
    step: s.step,
    held: s.held.slice(),
    table: s.table.slice(),
    melds: s.melds,
    alibi: s.alibi,
    victims: s.victims,
    file: s.file,
    yard: s.yard,
    runOuts: s.runOuts,
    endAfterTurn: s.endAfterTurn,
    ballots: s.ballots,
    voteOrder: s.voteOrder,
    voteAt: s.voteAt,
    window: s.window,
    pendingOut: s.pendingOut,
    events: [],
  };
}

// ---------------------------------------------------------------- the deal and the flow of a hand

/** Shuffle the whole deck, deal one card at a time clockwise from the dealer's left, turn up Scotland Yard. */
function deal(game, s) {
  const n = s.players;
  const size = game.parameters.hand_size_by_players[String(n)];
  const r = new Rng(s.rng);
  const order = r.shuffle(game.deck); // the case file's top is the end of the list
  s.rng = r.state;
  const held = Array.from({ length: n }, () => []);
  let top = order.length;
  for (let i = 0; i < n * size; i += 1) {
    top -= 1;
    held[(s.dealer + 1 + i) % n].push(order[top]);
  }
  s.held = held;
  s.file = order.slice(0, top - 1);
  s.yard = [order[top - 1]];
  s.table = Array.from({ length: n }, () => []);
  s.melds = [];
  s.alibi = null;
  s.victims = 0;
  s.runOuts = 0;
  s.endAfterTurn = false;
  s.ballots = null;
  s.voteOrder = null;
  s.voteAt = 0;
  s.window = null;
  s.pendingOut = null;
  s.handMoves = 0;
  s.events = [{ e: 'deal', hand: s.handNumber, dealer: s.dealer, cards: size, turnedUp: s.yard[0] }];
  startTurn(s, (s.dealer + 1) % n);
}

function startTurn(s, seat) {
  s.turn = seat;
  s.step = { drawn: false, gavel: false, picked: null, kept: null };
  s.phase = 'draw';
}

const escapeOpen = (game, s) => game.hasEscape && s.victims >= game.parameters.victims_for_escape;

/** Every seat from the turn's seat, clockwise: the order in which a window asks. */
const fromTurn = (s) => Array.from({ length: s.players }, (_, i) => (s.turn + i) % s.players);

/**
 * After an action of the turn's seat: a window when the Escape may be played, then `then` ('play': the turn goes
 * on; 'next': the next seat's turn). The turn's seat answers first (it may play the Escape straight after its
 * own play), then the others clockwise.
 */
function afterAction(game, s, then) {
  if (escapeOpen(game, s)) {
    s.window = { seats: fromTurn(s), at: 0, then };
    s.phase = 'window';
  } else {
    resume(game, s, then);
  }
}

function resume(game, s, then) {
  s.window = null;
  if (then === 'play') s.phase = 'play';
  else if (then === 'next') startTurn(s, (s.turn + 1) % s.players);
  else endHand(game, s, 'out', { out: s.pendingOut });
}

/** Score the hand, add it to the totals, then deal the next hand or end the game. */
function endHand(game, s, endedBy, ids) {
  const { result } = scoreEnd(game, s, endedBy, ids);
  const scores = [];
  for (let seat = 0; seat < s.players; seat += 1) scores.push(result.scores[String(seat)]);
  s.totals = s.totals.map((t, seat) => t + scores[seat].total);
  const summary = { hand: s.handNumber, mode: result.mode, reason: result.reason, jack: result.jack,
    totals: scores.map((x) => x.total), endedBy, out: ids.out ?? null, escaper: ids.escaper ?? null };
  s.results = [...s.results, summary];
  // Everything is shown at the scoring: the hands left, the votes, the table.
  s.lastHand = { ...summary, suspects: result.suspects, scores, held: s.held, table: s.table, votes: s.ballots,
    escapeCard: ids.escapeCard ?? null };
  s.events.push({ e: 'handEnd', ...summary });
  const winner = winnerOf(game, s.totals);
  if (winner !== null) {
    s.winner = winner;
    s.reason = reasonText(ENGLISH, game, endingOf(s));
    s.phase = 'over';
  } else if (s.handNumber >= MAX_HANDS) {
    s.reason = reasonText(ENGLISH, game, endingOf(s));
    s.phase = 'over';
  } else {
    s.handNumber += 1;
    s.dealer = (s.dealer + 1) % s.players;
    const events = s.events;
    deal(game, s);
    s.events = [...events, ...s.events];
  }
}

// ---------------------------------------------------------------- cards moving

/** The case file's top card, or null when it is empty; running out shuffles Scotland Yard in once. */
function drawFromFile(s) {
  if (s.file.length === 0) return null;
  const id = s.file[s.file.length - 1];
  s.file = s.file.slice(0, -1);
  if (s.file.length === 0) runOut(s);
  return id;
}

function runOut(s) {
  s.runOuts += 1;
  s.events.push({ e: 'runOut', times: s.runOuts });
  if (s.runOuts === 1) {
    const r = new Rng(s.rng);
    s.file = r.shuffle(s.yard);
    s.rng = r.state;
    s.yard = [];
    s.events.push({ e: 'reshuffle', cards: s.file.length });
    if (s.file.length === 0) runOut(s);
  } else {
    s.endAfterTurn = true;
  }
}

const removeCards = (list, ids) => list.filter((id) => !ids.includes(id));
const toHand = (s, seat, ids) => { s.held[seat] = [...s.held[seat], ...ids]; };
const place = (s, seat, entries) => { s.table[seat] = [...s.table[seat], ...entries]; };
const toYard = (s, id) => { s.yard = [...s.yard, id]; };

/** A victim into `seat`'s area: it takes the scene of its colour from wherever it lies, then draws. */
function placeVictim(game, s, seat, id, draw) {
  const suit = game.cards[id].suit;
  place(s, seat, [{ id, suit }]);
  s.victims += 1;
  s.events.push({ e: 'victim', seat, card: id });
  for (let other = 0; other < s.players; other += 1) {
    if (other === seat) continue;
    const scene = s.table[other].find((x) => x.suit === suit && game.cards[x.id].kind === 'scene');
    if (scene) {
      s.table[other] = s.table[other].filter((x) => x !== scene);
      place(s, seat, [scene]);
      s.events.push({ e: 'sceneTaken', seat, from: other, card: scene.id });
    }
  }
  if (draw) {
    const drawn = [];
    for (let i = 0; i < game.parameters.victim_draw; i += 1) {
      const card = drawFromFile(s);
      if (card === null) break;
      drawn.push(card);
    }
    toHand(s, seat, drawn);
    s.events.push({ e: 'victimDraw', seat, cards: drawn.length });
  }
}

const hasMeld = (s, suit) => s.melds.some((m) => m.suit === suit);

// ---------------------------------------------------------------- checks shared by the plays

function inHand(game, s, seat, id) {
  if (!isCard(game, id)) return why('noCard', { card: shown(id) });
  if (!s.held[seat].includes(id)) return why('notInHand', { card: card(id) });
  return null;
}

/** You must still hold a card to discard after a play (the Commissioner's victims are the exception). */
function keepsACard(s, seat, count) {
  return s.held[seat].length - count >= 1 ? null : why('keepOne');
}

const noVictimYet = (s) => (s.victims === 0 ? why('noVictim') : null);

// ---------------------------------------------------------------- handlers (they change the copy)

const HANDLERS = {
  vote(game, s, a) {
    if (!game.options.vote) return why('noVote');
    if (s.ballots) return why('voted');
    if (!s.melds.some((m) => m.seat === a.seat)) return why('voteMeld');
    s.ballots = new Array(s.players).fill(null);
    s.voteOrder = Array.from({ length: s.players }, (_, i) => (a.seat + i) % s.players);
    s.voteAt = 0;
    s.phase = 'voting';
    s.events.push({ e: 'vote', seat: a.seat });
    return null;
  },

  ballot(game, s, a) {
    if (!isSuspect(game, a.suspect)) {
      return why('ballot', { suspects: listOf(Object.keys(game.ranks)) });
    }
    s.ballots = s.ballots.slice();
    s.ballots[a.seat] = a.suspect;
    s.voteAt += 1;
    s.events.push({ e: 'ballot', seat: a.seat });
    if (s.voteAt === s.players) s.phase = 'draw';
    return null;
  },

  draw(game, s, a) {
    let id;
    if (a.from === 'yard') {
      if (s.yard.length === 0) return why('yardEmpty');
      id = s.yard[s.yard.length - 1];
      s.yard = s.yard.slice(0, -1);
      s.events.push({ e: 'draw', seat: a.seat, from: 'yard', card: id });
    } else if (a.from === 'file') {
      id = drawFromFile(s);
      if (id === null) return why('fileEmpty');
      s.events.push({ e: 'draw', seat: a.seat, from: 'file' });
    } else {
      return why('drawFrom');
    }
    toHand(s, a.seat, [id]);
    s.step = { ...s.step, drawn: true };
    afterAction(game, s, 'play');
    return null;
  },

  meld(game, s, a) {
    const cards = Array.isArray(a.cards) ? a.cards : [];
    if (new Set(cards).size !== cards.length) return why('meldOnce');
    for (const id of cards) { const wrong = inHand(game, s, a.seat, id); if (wrong) return wrong; }
    const size = game.parameters.meld_size;
    if (cards.length < size) return why('meldSize', { size });
    const notEvidence = cards.find((id) => !EVIDENCE.has(game.cards[id].kind));
    if (notEvidence) return why('meldEvidence', { card: card(notEvidence) });
    const wrong = noVictimYet(s) || keepsACard(s, a.seat, cards.length);
    if (wrong) return wrong;
    const kinds = cards.map((id) => game.cards[id].kind);
    let suit;
    if (kinds.includes('letter')) {
      if (kinds.some((k) => k !== 'letter')) return why('meldLetters');
      suit = LETTERS;
    } else {
      const suits = new Set(cards.filter((id) => game.cards[id].kind === 'evidence').map((id) => game.cards[id].suit));
      if (suits.size === 0) return why('meldWild');
      if (suits.size > 1) return why('meldOneSuspect');
      [suit] = suits;
    }
    s.held[a.seat] = removeCards(s.held[a.seat], cards);
    s.melds = [...s.melds, { seat: a.seat, suit, cards }];
    place(s, a.seat, cards.map((id) => ({ id, suit })));
    s.events.push({ e: 'meld', seat: a.seat, suit, cards });
    afterAction(game, s, 'play');
    return null;
  },

  layoff(game, s, a) {
    const id = a.card;
    const wrong = inHand(game, s, a.seat, id);
    if (wrong) return wrong;
    const c = game.cards[id];
    if (!EVIDENCE.has(c.kind)) return why('layoffEvidence', { card: card(id) });
    const stop = noVictimYet(s) || keepsACard(s, a.seat, 1);
    if (stop) return stop;
    let suit;
    if (c.kind === 'wild') {
      if (!isSuspect(game, a.suspect)) return why('layoffSuspect');
      suit = a.suspect;
    } else {
      suit = c.kind === 'letter' ? LETTERS : c.suit;
    }
    if (!hasMeld(s, suit)) return why('layoffNoMeld', { suit: suitOf(suit) });
    s.held[a.seat] = removeCards(s.held[a.seat], [id]);
    place(s, a.seat, [{ id, suit }]);
    s.events.push({ e: 'layoff', seat: a.seat, suit, card: id });
    afterAction(game, s, 'play');
    return null;
  },

  gavel(game, s, a) {
    const id = a.card;
    const fromScene = s.phase === 'sceneGavel';
    if (fromScene && id !== s.step.picked) return why('sceneCard', { card: card(s.step.picked) });
    const wrong = inHand(game, s, a.seat, id);
    if (wrong) return wrong;
    const c = game.cards[id];
    if (!GAVEL.has(c.kind)) return why('notGavel', { card: card(id) });
    if (!fromScene) {
      if (s.step.kept === id) return why('keptCard', { card: card(id) });
      if (s.step.gavel) return why('oneGavel');
    }
    const stop = keepsACard(s, a.seat, 1);
    if (stop) return stop;
    // Before the card acts: a card that ends the hand deals the next one, with a fresh turn.
    s.step = { ...s.step, gavel: s.step.gavel || !fromScene, picked: null };
    const refusal = GAVELS[c.kind](game, s, a, c);
    if (refusal) return refusal;
    if (s.phase === 'sceneGavel' || s.phase === 'play') afterAction(game, s, 'play');
    return null;
  },

  pick(game, s, a) {
    const id = a.card;
    if (!isCard(game, id) || !s.yard.includes(id)) return why('notInYard', { card: isCard(game, id) ? card(id) : shown(id) });
    if (game.cards[id].kind === 'scene') return why('sceneScene');
    s.yard = s.yard.filter((x) => x !== id);
    toHand(s, a.seat, [id]);
    s.events.push({ e: 'pick', seat: a.seat, card: id });
    if (GAVEL.has(game.cards[id].kind)) {
      s.step = { ...s.step, picked: id };
      s.phase = 'sceneGavel';
    } else {
      afterAction(game, s, 'play');
    }
    return null;
  },

  keep(game, s) {
    s.step = { ...s.step, kept: s.step.picked, picked: null };
    afterAction(game, s, 'play');
    return null;
  },

  escape(game, s, a) {
    if (!game.hasEscape) return why('noEscape');
    const need = game.parameters.victims_for_escape;
    if (s.victims < need) return why('escapeVictims', { need, victims: s.victims });
    const id = s.held[a.seat].find((x) => game.cards[x].kind === 'escape');
    if (id === undefined) return why('noEscapeHeld');
    s.held[a.seat] = removeCards(s.held[a.seat], [id]);
    s.events.push({ e: 'escape', seat: a.seat, card: id });
    s.window = null;
    endHand(game, s, 'escape', { escaper: a.seat, escapeCard: id });
    return null;
  },

  pass(game, s) {
    const w = s.window;
    if (w.at + 1 < w.seats.length) s.window = { ...w, at: w.at + 1 };
    else resume(game, s, w.then);
    return null;
  },

  discard(game, s, a) {
    const wrong = inHand(game, s, a.seat, a.card);
    if (wrong) return wrong;
    s.held[a.seat] = removeCards(s.held[a.seat], [a.card]);
    toYard(s, a.card);
    s.events.push({ e: 'discard', seat: a.seat, card: a.card });
    if (s.held[a.seat].length === 0) endHand(game, s, 'out', { out: a.seat });
    else if (s.endAfterTurn) endHand(game, s, 'deck', {});
    else afterAction(game, s, 'next');
    return null;
  },
};

// The gavel cards, by kind: each checks what it needs, then acts (null) or refuses (a reason).
const GAVELS = {
  suspect(game, s, a, c) {
    if (!hasMeld(s, c.suit)) return why('suspectMeld', { suit: suitOf(c.suit) });
    s.held[a.seat] = removeCards(s.held[a.seat], [c.id]);
    place(s, a.seat, [{ id: c.id, suit: c.suit }]);
    s.events.push({ e: 'gavel', seat: a.seat, card: c.id, suit: c.suit });
    return null;
  },

  alibi(game, s, a, c) {
    const suit = a.suspect === undefined || a.suspect === null ? c.suit : a.suspect;
    if (suit !== c.suit && (c.also === null || suit !== c.also)) {
      return why('alibiCovers', { suits: either(c.also ? [suitOf(c.suit), suitOf(c.also)] : [suitOf(c.suit)]) });
    }
    if (!hasMeld(s, suit)) return why('alibiMeld', { suit: suitOf(suit) });
    s.held[a.seat] = removeCards(s.held[a.seat], [c.id]);
    if (s.alibi) {
      const old = s.alibi;
      s.table[old.seat] = s.table[old.seat].filter((x) => x.id !== old.id);
      toYard(s, old.id);
      s.events.push({ e: 'alibiDiscarded', seat: old.seat, card: old.id });
    }
    place(s, a.seat, [{ id: c.id, suit }]);
    s.alibi = { seat: a.seat, id: c.id, suit };
    s.events.push({ e: 'gavel', seat: a.seat, card: c.id, suit });
    return null;
  },

  victim(game, s, a, c) {
    s.held[a.seat] = removeCards(s.held[a.seat], [c.id]);
    placeVictim(game, s, a.seat, c.id, true);
    return null;
  },

  scene(game, s, a, c) {
    s.held[a.seat] = removeCards(s.held[a.seat], [c.id]);
    place(s, a.seat, [{ id: c.id, suit: c.suit }]);
    s.events.push({ e: 'gavel', seat: a.seat, card: c.id, suit: c.suit });
    if (s.yard.some((id) => game.cards[id].kind !== 'scene')) s.phase = 'scene';
    return null;
  },

  strike(game, s, a, c) {
    s.held[a.seat] = removeCards(s.held[a.seat], [c.id]);
    toYard(s, c.id);
    s.events.push({ e: 'gavel', seat: a.seat, card: c.id });
    for (let i = 0; i < game.parameters.strike_reveal; i += 1) {
      const id = drawFromFile(s);
      if (id === null) break;
      if (game.cards[id].kind === 'victim') {
        placeVictim(game, s, a.seat, id, true);
        return null;
      }
      toYard(s, id);
      s.events.push({ e: 'turned', card: id });
    }
    return null;
  },

  resigns(game, s, a, c) {
    s.held[a.seat] = removeCards(s.held[a.seat], [c.id]);
    toYard(s, c.id);
    s.events.push({ e: 'gavel', seat: a.seat, card: c.id });
    const emptied = [];
    for (let i = 0; i < s.players; i += 1) {
      const seat = (a.seat + i) % s.players;
      const victims = s.held[seat].filter((id) => game.cards[id].kind === 'victim');
      if (victims.length === 0) continue;
      s.held[seat] = removeCards(s.held[seat], victims);
      for (const id of victims) placeVictim(game, s, seat, id, false);
      if (s.held[seat].length === 0) emptied.push(seat);
    }
    if (emptied.length === 0) return null;
    // A hand emptied ends the hand; with the Escape playable, everyone (this seat first) may play it first.
    s.pendingOut = emptied[0];
    if (escapeOpen(game, s)) {
      s.window = { seats: fromTurn(s), at: 0, then: 'end' };
      s.phase = 'window';
    } else {
      endHand(game, s, 'out', { out: emptied[0] });
    }
    return null;
  },
};
