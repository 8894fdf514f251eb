#!/usr/bin/env node
// Headless self-play of 24: bots play N seeded games; answers a JSON summary (input for a playtest report).
//
//   echo '{"game": {...}, "games": 100, "seed": 1, "players": [3, 4, 5], "strengths": ["sharp", "casual"]}' \
//     | node site/engine/twentyfour/selfplay.mjs
//
// Input (JSON on stdin): `game` the "gaslight-twentyfour/1" game data; `games`, `seed` (game g plays with
// seed + g); `players` a number or a list cycled game by game; `strengths` a bot strength or a list cycled
// seat by seat; `detail` true to add each game's final holdings and scores (what the scoring calculator reads).
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
export function playGame(game, { seed = 0, players = null, detectives = null, strengths = 'sharp', maxActions = MAX_ACTIONS } = {}) {
  let state = newGame(game, { seed, players, detectives });
  const seats = state.seats.filter((x) => !x.npc).length;
  const levels = Array.from({ length: seats }, (_, s) => cycle(strengths, s));
  const bots = levels.map((strength, s) => new TwentyFourBot({ strength, seed: seed * 7919 + s }));
  let actions = 0;
  while (state.phase !== 'over') {
    const seat = actor(state);
    const action = bots[seat].act(game, view(game, state, seat));
    const result = apply(game, state, action);
    if (!result.ok) return { state, illegal: { seat, action, reason: result.reason, phase: state.phase }, actions, strengths: levels };
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

/** Play `games` games with seeds seed, seed + 1, …; returns the summary figures. */
export function selfPlay(game, { games = 100, seed = 0, players = null, strengths = 'sharp', detail = false } = {}) {
  checkOptions({ games, seed, players, strengths });
  const summary = {
    format: SUMMARY_FORMAT, ruleset: game.data.ruleset || null, variant: game.data.variant ?? null, games, seed,
    finished: 0, illegal: 0, illegalExamples: [], actions: 0, draws: 0, byPlayers: {}, byDetective: {}, byStrength: {},
    bySeat: {}, stats: {}, standIns: { assists: 0, bonus: 0 }, gamesShortOfAssists: 0, gamesShortOfBonus: 0, results: detail ? [] : undefined,
  };
  const started = performance.now();
  const cpu = globalThis.process && process.cpuUsage ? process.cpuUsage() : null;
  for (let g = 0; g < games; g += 1) {
    const n = cycle(players, g);
    const { state, illegal, actions, strengths: levels } = playGame(game, { seed: seed + g, players: n, strengths });
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
    strengths: run.strengths ?? 'sharp', detail: Boolean(run.detail) });
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
