#!/usr/bin/env node
// Headless self-play of 24: bots play N seeded games; answers a JSON summary (input for a playtest report).
//
//   echo '{"game": {...}, "games": 100, "seed": 1, "players": [3, 4, 5], "strengths": ["sharp", "casual"]}' \
//     | node site/engine/twentyfour/selfplay.mjs
//
// Input (JSON on stdin): `game` the "gaslight-twentyfour/1" game data; `games`, `seed` (game g plays with
// seed + g); `players` a number or a list cycled game by game; `strengths` a bot strength or a list cycled
// seat by seat; `detail` true to add each game's final holdings and scores (what the scoring calculator reads);
// `report` true to add the playtest figures (`gaslight playtest DECK`): final scores, actions per game, what
// became of each incident card and each action card (by hours), the points by source and how often each rule
// fired. Every figure is a count or a histogram, so the figures of runs over consecutive seeds add up.
// Or `runs`: a list of such options (without `game`), played one after the other in this one process (the
// compiled code serves them all: a benchmark warms up, then times), answered as {format, runs: [summary, …]}.
// Every action goes through the same `apply` as in the browser; a refused bot action ends that game and is
// counted as illegal, so "illegal: 0" means every game was played legally. A bad input is answered on
// stderr with exit code 2.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { TwentyFourBot, STRENGTHS } from './bots.js';
import { actor, apply, holdings, newGame } from './engine.js';
import { prepare, shown } from './rules.js';
import { view } from './view.js';

export const SUMMARY_FORMAT = 'gaslight-twentyfour-selfplay/1';
/** A game of 24 takes about 150 actions; one that runs past this is a bug, stopped with a clear error. */
export const MAX_ACTIONS = 5000;
export const MAX_GAMES = 100000;

const cycle = (list, n) => (Array.isArray(list) ? list[n % list.length] : list);

/** Play one game between bots; returns {state, illegal, actions, strengths}. */
export function playGame(game, { seed = 0, players = null, detectives = null, strengths = 'sharp', maxActions = MAX_ACTIONS, onStep = null } = {}) {
  let state = newGame(game, { seed, players, detectives });
  if (onStep) onStep(null, state);
  const seats = state.seats.filter((x) => !x.npc).length;
  const levels = Array.from({ length: seats }, (_, s) => cycle(strengths, s));
  const bots = levels.map((strength, s) => new TwentyFourBot({ strength, seed: seed * 7919 + s }));
  let actions = 0;
  while (state.phase !== 'over') {
    const seat = actor(state);
    const action = bots[seat].act(game, view(game, state, seat));
    const result = apply(game, state, action);
    if (!result.ok) return { state, illegal: { seat, action, reason: result.reason, phase: state.phase }, actions, strengths: levels };
    if (onStep) onStep(state, result.state);
    state = result.state;
    actions += 1;
    if (actions >= maxActions && state.phase !== 'over') throw new Error(`24 game with seed ${seed} did not end within ${maxActions} actions`);
  }
  return { state, illegal: null, actions, strengths: levels };
}

function checkOptions({ games, seed, players, strengths }) {
  if (!Number.isInteger(games) || games < 0 || games > MAX_GAMES) throw new Error(`games must be a whole number from 0 to ${MAX_GAMES}, not ${shown(games)}`);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`seed must be a whole number of at least 0, not ${shown(seed)}`);
  for (const p of [players].flat()) if (p !== null && !Number.isInteger(p)) throw new Error(`players must be a whole number or a list of them, not ${shown(players)}`);
  for (const s of [strengths].flat()) if (!STRENGTHS.includes(s)) throw new Error(`unknown bot strength ${shown(s)} (use ${STRENGTHS.join(' or ')})`);
  if (Array.isArray(players) && players.length === 0) throw new Error('players must not be an empty list');
  if (Array.isArray(strengths) && strengths.length === 0) throw new Error('strengths must not be an empty list');
}

const tally = (table, key) => (table[key] ||= { seats: 0, wins: 0, sole: 0, points: 0 });

// ---------------------------------------------------------------- the playtest figures

const bump = (table, key, by = 1) => { table[key] = (table[key] || 0) + by; };
const hoursName = (hours) => (hours === null ? 'Hero Time' : `${hours} hour${hours === 1 ? '' : 's'}`);

function newFigures() {
  return { finalScores: {}, winnerScores: {}, actionsPerGame: {}, incidents: {}, actionCards: {}, points: {}, rules: {} };
}

/** The action cards the seats played this season (a season's plays are cleared when the next one starts). */
function countPlays(game, figures, state) {
  for (const seat of state.seats) {
    for (const pair of seat.plays) {
      for (const card of pair) if (card !== null) (figures.actionCards[hoursName(game.hours[card])] ||= { played: 0, placed: 0 }).played += 1;
    }
  }
}

/** The incident cards a seat holds anywhere (won this season, stand, co-op), as a set. */
const holding = (seat) => new Set([...seat.won, ...seat.stand, ...seat.coop]);

/**
 * One step of a game (`before` null: the deal). Cards are followed by what changed between the two states,
 * so a step that ends a season (which starts the next one's log afresh) loses nothing.
 */
function countStep(game, figures, before, after) {
  if (!before || after.season !== before.season) {
    for (const row of after.layout) for (const id of row) (figures.incidents[game.incident[id].card] ||= { dealt: 0, taken: 0, kept: 0 }).dealt += 1;
  }
  if (!before) return;
  if (after.season !== before.season) countPlays(game, figures, before);
  const sameSeason = after.season === before.season;
  after.seats.forEach((seat, s) => {
    const old = before.seats[s];
    if (seat.won === old.won && seat.stand === old.stand && seat.coop === old.coop) return;
    const had = holding(old);
    const layout = sameSeason ? after.layout : before.layout;
    const plays = (sameSeason ? after : before).seats[s].plays;
    for (const id of holding(seat)) {
      if (had.has(id)) continue;
      figures.incidents[game.incident[id].card].taken += 1;
      if (seat.npc) bump(figures.rules, 'incident cards taken by the stand-in');
      const column = layout.findIndex((row) => row.includes(id));
      const i = column < 0 ? -1 : layout[column].indexOf(id);
      if (i < 0) continue;
      for (const card of plays[i]) {
        if (card !== null) (figures.actionCards[hoursName(game.hours[card])] ||= { played: 0, placed: 0 }).placed += 1;
      }
    }
  });
}

/** A finished game: the cards each seat kept, its final score and its points by source, the rules that fired. */
function countGame(game, figures, state, actions) {
  bump(figures.actionsPerGame, String(actions));
  const players = state.seats.filter((x) => !x.npc);
  const { scores, winners } = state.result;
  for (const seat of state.seats) {
    for (const id of [...seat.stand, ...seat.coop]) figures.incidents[game.incident[id].card].kept += 1;
  }
  for (const seat of players) {
    const score = scores[seat.detective];
    bump(figures.finalScores, String(score.total));
    if (winners.includes(seat.detective)) bump(figures.winnerScores, String(score.total));
    for (const part of ['cards', 'assists', 'sets', 'death', 'lone_hunter']) bump(figures.points, part, score[part] || 0);
    bump(figures.rules, 'action cards left unplayed', seat.hand.length);
    bump(figures.rules, 'assist cards held at the end', seat.assists);
  }
  countPlays(game, figures, state);
  if (state.seats.length > players.length) bump(figures.rules, 'games with a stand-in');
}

/** Play `games` games with seeds seed, seed + 1, …; returns the summary figures. */
export function selfPlay(game, { games = 100, seed = 0, players = null, strengths = 'sharp', detail = false, report = false } = {}) {
  checkOptions({ games, seed, players, strengths });
  const summary = {
    format: SUMMARY_FORMAT, ruleset: game.data.ruleset || null, variant: game.data.variant ?? null, games, seed,
    finished: 0, illegal: 0, illegalExamples: [], actions: 0, draws: 0, byPlayers: {}, byDetective: {}, byStrength: {},
    bySeat: {}, stats: {}, standIns: { assists: 0, bonus: 0 }, gamesShortOfAssists: 0, gamesShortOfBonus: 0, results: detail ? [] : undefined,
  };
  const figures = report ? newFigures() : null;
  if (figures) summary.report = figures;
  const onStep = figures ? (before, after) => countStep(game, figures, before, after) : null;
  const started = performance.now();
  const cpu = globalThis.process && process.cpuUsage ? process.cpuUsage() : null;
  for (let g = 0; g < games; g += 1) {
    const n = cycle(players, g);
    const { state, illegal, actions, strengths: levels } = playGame(game, { seed: seed + g, players: n, strengths, onStep });
    summary.actions += actions;
    if (illegal) {
      summary.illegal += 1;
      if (summary.illegalExamples.length < 5) summary.illegalExamples.push({ game: seed + g, ...illegal });
      continue;
    }
    summary.finished += 1;
    const { scores, winners } = state.result;
    if (winners.length > 1) summary.draws += 1;
    const seats = state.seats.filter((x) => !x.npc);
    const p = (summary.byPlayers[seats.length] ||= { games: 0, withStandIn: 0, draws: 0, points: 0 });
    p.games += 1;
    if (state.seats.length > seats.length) p.withStandIn += 1;
    if (winners.length > 1) p.draws += 1;
    seats.forEach((x, s) => {
      const total = scores[x.detective].total;
      p.points += total;
      const won = winners.includes(x.detective);
      for (const row of [tally(summary.byDetective, x.detective), tally(summary.byStrength, levels[s]), tally(summary.bySeat, s + 1)]) {
        row.seats += 1;
        row.points += total;
        if (won) { row.wins += 1; if (winners.length === 1) row.sole += 1; }
      }
    });
    for (const [key, value] of Object.entries(state.stats)) summary.stats[key] = (summary.stats[key] || 0) + value;
    summary.standIns.assists += state.standIns.assists;
    summary.standIns.bonus += state.standIns.bonus;
    if (state.standIns.assists) summary.gamesShortOfAssists += 1;
    if (state.standIns.bonus) summary.gamesShortOfBonus += 1;
    if (figures) countGame(game, figures, state, actions);
    if (detail) {
      summary.results.push({ seed: seed + g, detectives: state.setup.detectives, npc: state.setup.npc, strengths: levels,
        holdings: holdings(game, state), scores: Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, v.total])), winners });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  summary.gamesPerSecond = seconds > 0 ? Math.round((games / seconds) * 10) / 10 : games;
  if (cpu) {
    // CPU time of the process (a busy machine slows the clock on the wall, not this).
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    summary.cpuGamesPerSecond = cpuSeconds > 0 ? Math.round((games / cpuSeconds) * 10) / 10 : games;
  }
  return summary;
}

function main() {
  let input;
  let game;
  try {
    input = JSON.parse(readFileSync(0, 'utf8'));
    if (input === null || typeof input !== 'object') throw new Error('the input is not a JSON object');
    game = prepare(input.game);
  } catch (err) {
    console.error(`twentyfour selfplay: ${err.message}`);
    return 2;
  }
  const one = (run) => selfPlay(game, { games: run.games ?? 100, seed: run.seed ?? 0, players: run.players ?? null,
    strengths: run.strengths ?? 'sharp', detail: Boolean(run.detail), report: Boolean(run.report) });
  let answer;
  try {
    if (input.runs !== undefined && !(Array.isArray(input.runs) && input.runs.length <= 100)) throw new Error('runs must be a list of at most 100 runs');
    answer = input.runs ? { format: SUMMARY_FORMAT, runs: input.runs.map(one) } : one(input);
  } catch (err) {
    console.error(`twentyfour selfplay: ${err.message}`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  return 0; // illegal games are counted in the summary, which the caller reads
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) process.exitCode = main();
