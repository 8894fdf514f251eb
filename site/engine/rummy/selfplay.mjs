#!/usr/bin/env node
// Headless Ripper rummy self-play: bots play seeded games; JSON in on stdin, a JSON summary out on stdout.
//
//   echo '{"game": {…gaslight-rummy/1…}, "runs": [{"players": 3, "bots": ["sharp", "easy", "easy"], "games": 100}],
//          "seed": 1}' | node site/engine/rummy/selfplay.mjs
//
// A run plays `games` whole games, or stops once `hands` hands are played. Every action goes through the same
// `apply` as in the browser; a refused bot action counts as illegal and ends that game, and a hand that does
// not end within MAX_HAND_MOVES actions stops its game as stalled. With "record": true the summary lists
// every hand's end (each seat's table, hand left, vote, and the engine's scores) for the Python scoring check.
// With "report": true a run adds the playtest figures (`gaslight playtest DECK`): wins and final scores by
// position from the first player, hands and turns per game, what became of each card, how often each rule fired.
// Every figure is a count or a histogram, so the figures of runs over consecutive seeds add up.
// Exit code 0 when every game was legal and none stalled, 1 otherwise, 2 for unreadable input.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { botMove, STRENGTHS } from './bots.js';
import { apply, newGame, toMove } from './engine.js';
import { gameFrom } from './rules.js';
import { view } from './view.js';

/** A hand that has not ended after this many actions stops its game (the bots are going round in circles). */
export const MAX_HAND_MOVES = 5000;
/** Most games or hands one run may ask for (a bound on the work an input can ask for). */
export const MAX_GAMES = 100000;

/** A finished hand as the Python scoring check reads it. */
function handRecord(state) {
  const h = state.lastHand;
  return {
    hand: h.hand, ended_by: h.endedBy, out: h.out, escaper: h.escaper, escape_card: h.escapeCard,
    mode: h.mode, reason: h.reason, jack: h.jack,
    seats: h.held.map((held, seat) => ({ table: h.table[seat].map((e) => [e.id, e.suit]), hand: held,
      vote: h.votes ? h.votes[seat] : null })),
    scores: h.scores.map(({ table, hand, vote, escape, total }) => ({ table, hand, vote, escape, total })),
  };
}

/**
 * Play one game; `onHand(state)` is called after each hand ends. Returns {state, illegal, stalled, hands}.
 * `maxHands` stops the game early (a run that counts hands); `choose(game, view, strength)` picks the moves.
 */
export function playGame(game, { players, seed, bots, maxHands = Infinity, onHand = null, onStep = null, choose = botMove }) {
  let state = newGame(game, { players, seed });
  let hands = 0;
  while (state.phase !== 'over' && hands < maxHands) {
    const seat = toMove(state);
    const action = choose(game, view(state, seat), bots[seat]);
    const done = state.results.length;
    const result = apply(game, state, action);
    if (!result.ok) return { state, hands, stalled: null, illegal: { seat, action, reason: result.reason, phase: state.phase } };
    if (onStep) onStep(state, action, result.state);
    state = result.state;
    if (state.results.length > done) {
      hands += 1;
      if (onHand) onHand(state);
    } else if (state.handMoves > MAX_HAND_MOVES) {
      return { state, hands, illegal: null,
        stalled: `hand ${state.handNumber} of game ${seed} did not end within ${MAX_HAND_MOVES} moves` };
    }
  }
  return { state, hands, illegal: null, stalled: null };
}

// ---------------------------------------------------------------- the playtest figures

/** A card's id without its copy number ("victim#2" → "victim"): figures are by card of the deck. */
const cardOf = (id) => { const at = id.indexOf('#'); return at < 0 ? id : id.slice(0, at); };
const bump = (table, key, by = 1) => { table[key] = (table[key] || 0) + by; };

function newFigures(players) {
  return {
    finished: 0, unfinished: 0,
    byPosition: Array.from({ length: players }, () => ({ wins: 0, points: 0 })),
    finalScores: {}, winnerScores: {}, handsPerGame: {}, turnsPerGame: {},
    cards: {}, rules: {},
  };
}

function cardRow(figures, id) {
  return (figures.cards[cardOf(id)] ||= { played: 0, discarded: 0, dead: 0 });
}

/** One action and what it did (the state's `events` are this action's own). */
function countStep(game, figures, before, action, after) {
  const rules = figures.rules;
  switch (action.type) {
    case 'draw':
      if (action.from === 'yard') bump(rules, 'draws from Scotland Yard');
      break;
    case 'meld':
      for (const id of action.cards) cardRow(figures, id).played += 1;
      break;
    case 'layoff':
      cardRow(figures, action.card).played += 1;
      break;
    case 'gavel': {
      cardRow(figures, action.card).played += 1;
      const kind = game.cards[action.card].kind;
      bump(rules, `gavel: ${kind}`);
      if (before.phase === 'sceneGavel') bump(rules, 'gavel card taken with a scene and played at once');
      break;
    }
    case 'keep': bump(rules, 'gavel card taken with a scene and kept'); break;
    case 'discard': cardRow(figures, action.card).discarded += 1; break;
    case 'escape': bump(rules, before.phase === 'window' ? 'escape played out of turn' : 'escape played in turn'); break;
    default: break;
  }
  for (const event of after.events) {
    switch (event.e) {
      case 'vote': bump(rules, 'votes called'); break;
      case 'meld': bump(rules, event.suit === 'letters' ? 'melds of letters' : 'melds'); break;
      case 'layoff': bump(rules, 'layoffs'); break;
      case 'victim':
        bump(rules, 'victims placed');
        if (action.type === 'gavel' && game.cards[action.card].kind === 'resigns') {
          cardRow(figures, event.card).played += 1; // a resignation empties every hand of its victims
          bump(rules, 'victims forced out of a hand by a resignation');
        } else if (action.type === 'gavel' && game.cards[action.card].kind === 'strike') {
          bump(rules, 'victims turned up by a strike');
        }
        break;
      case 'sceneTaken': bump(rules, 'scenes taken by a victim'); break;
      case 'pick': bump(rules, 'cards taken from Scotland Yard with a scene'); break;
      case 'alibiDiscarded': bump(rules, 'alibis replaced by another'); break;
      case 'reshuffle': bump(rules, 'case file reshuffled'); break;
      case 'escape': cardRow(figures, event.card).played += 1; break;
      default: break;
    }
  }
}

/** A hand has ended: the cards left in hands are dead; the votes that scored, the endings. */
function countHand(game, figures, state) {
  const h = state.lastHand;
  for (const held of h.held) for (const id of held) cardRow(figures, id).dead += 1;
  bump(figures.rules, `hands ended: ${h.reason}`);
  if (h.mode === 'escape') bump(figures.rules, 'hands scored as an escape');
  if (h.votes) for (const score of h.scores) if (score.vote > 0) bump(figures.rules, 'right votes scored');
  if (h.mode !== 'escape' && h.held.some((held) => held.some((id) => game.cards[id].kind === 'escape'))) {
    bump(figures.rules, 'Ripper Escape caught in a hand at an arrest');
  }
}

/** A finished game: the winner and every total by position from the game's first player; its turns. */
function countGame(figures, state, turns) {
  const players = state.players;
  // The first hand's first player: the seat after the dealer (the dealer moves on one seat a hand).
  const first = (state.results.length ? (state.dealer - (state.results.length - 1) % players + players + 1) : 0) % players;
  if (state.winner === null) { figures.unfinished += 1; return; }
  bump(figures.handsPerGame, String(state.results.length));
  bump(figures.turnsPerGame, String(turns));
  figures.finished += 1;
  for (let seat = 0; seat < players; seat += 1) {
    const row = figures.byPosition[(seat - first + players) % players];
    row.points += state.totals[seat];
    bump(figures.finalScores, String(state.totals[seat]));
    if (seat === state.winner) { row.wins += 1; bump(figures.winnerScores, String(state.totals[seat])); }
  }
}

/** Play one run: {players, bots, games | hands}; seeds seed, seed+1, … */
export function selfPlay(game, { players, bots = null, games = null, hands = null, seed = 0, record = false, report = false }) {
  const seats = bots || new Array(players).fill('sharp');
  if (seats.length !== players || seats.some((b) => !STRENGTHS.includes(b))) {
    throw new Error(`"bots" must name ${players} strengths, each ${STRENGTHS.join(' or ')}`);
  }
  const wanted = hands ?? games;
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_GAMES) throw new Error(`ask for 1 to ${MAX_GAMES} games or hands`);
  const summary = { players, bots: seats, seed, games: 0, hands: 0, moves: 0, seconds: 0, illegal: 0, stalled: 0, problems: [],
    winsBySeat: new Array(players).fill(0), winsByStrength: Object.fromEntries(STRENGTHS.map((s) => [s, 0])),
    endings: { out: 0, 'escape-card': 0, 'no-jack': 0, deck: 0 }, handsPerGame: {}, records: record ? [] : undefined };
  const started = performance.now();
  const figures = report ? newFigures(players) : null;
  if (figures) summary.report = figures;
  const onHand = (state) => {
    const last = state.results[state.results.length - 1];
    summary.endings[last.reason] += 1;
    if (record) summary.records.push(handRecord(state));
    if (figures) countHand(game, figures, state);
  };
  let turns = 0; // this game's turns: a turn starts with a draw
  const onStep = figures ? (before, action, after) => {
    if (action.type === 'draw') turns += 1;
    countStep(game, figures, before, action, after);
  } : null;
  for (let g = 0; (hands === null ? summary.games < games : summary.hands < hands); g += 1) {
    const left = hands === null ? Infinity : hands - summary.hands;
    turns = 0;
    const played = playGame(game, { players, seed: seed + g, bots: seats, maxHands: left, onHand, onStep });
    summary.games += 1;
    summary.hands += played.hands;
    summary.moves += played.state.moves;
    const problem = played.illegal ? { game: seed + g, ...played.illegal } : played.stalled ? { game: seed + g, stalled: played.stalled } : null;
    if (played.illegal) summary.illegal += 1;
    if (played.stalled) summary.stalled += 1;
    if (problem) {
      if (summary.problems.length < 5) summary.problems.push(problem);
      if (hands !== null) break; // a run counting hands stops rather than replay the same seeds
      continue;
    }
    if (played.state.phase === 'over') {
      const n = String(played.state.handNumber);
      summary.handsPerGame[n] = (summary.handsPerGame[n] || 0) + 1;
      if (played.state.winner !== null) {
        summary.winsBySeat[played.state.winner] += 1;
        summary.winsByStrength[seats[played.state.winner]] += 1;
      }
      if (figures) countGame(figures, played.state, turns);
    }
  }
  summary.seconds = (performance.now() - started) / 1000;
  summary.handsPerSecond = summary.seconds > 0 ? summary.hands / summary.seconds : summary.hands;
  summary.gamesPerSecond = summary.seconds > 0 ? summary.games / summary.seconds : summary.games;
  return summary;
}

/** Every run of a request {game, runs: [...], seed, record}: the JSON answer. */
export function runRequest(request) {
  if (!request || typeof request !== 'object') throw new Error('the input must be a JSON object {"game": …, "runs": […]}');
  const game = gameFrom(request.game);
  const runs = Array.isArray(request.runs) ? request.runs : [];
  if (runs.length === 0 || runs.length > 64) throw new Error('"runs" must list 1 to 64 runs like {"players": 3, "games": 100}');
  const seed = Number.isInteger(request.seed) ? request.seed : 0;
  return { format: 'gaslight-rummy-selfplay/1', game: game.id, variant: game.variant,
    runs: runs.map((run) => selfPlay(game, { ...run, seed: Number.isInteger(run.seed) ? run.seed : seed, record: Boolean(request.record),
      report: Boolean(run.report) })) };
}

function main() {
  let answer;
  try {
    let request;
    try { request = JSON.parse(readFileSync(0, 'utf8')); } catch (error) { throw new Error(`the input is not JSON (${error.message})`); }
    answer = runRequest(request);
  } catch (error) {
    console.error(`rummy self-play: ${error.message}`);
    return 2;
  }
  process.stdout.write(JSON.stringify(answer));
  return answer.runs.some((r) => r.illegal || r.stalled) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) process.exitCode = main();
