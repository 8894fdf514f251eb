#!/usr/bin/env node
// Headless self-play: bots play N games on a board and variant; prints the balance figures.
//
//   node site/engine/hunt/selfplay.mjs --board export/boards/whitechapel.json \
//        [--rules engine/data/rules/default.json] [--games 100] [--seed 1] [--format json|text]
//
// `--runs FILE` (a JSON list of rules files' contents) plays the same games under each in turn and
// prints a JSON list of summaries: one process, so the compiled code serves every variant.
//
// Every action goes through the same `apply` as in the browser; a refused bot action is
// counted as illegal (and ends that game), so "illegal: 0" means every game was played legally.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadBoard } from './board.js';
import { JackBot, PoliceBot } from './bots.js';
import { actor, apply, newGame } from './hunt.js';
import { Rng } from '../common/rng.js';
import { rulesFrom } from './rules.js';
import { view } from './view.js';

const MAX_ACTIONS = 100000;

/** Play one game between the bots; returns {state, illegal, actions}. */
export function playGame(board, rules, seed, bots = null) {
  const players = bots || { jack: new JackBot(board), police: new PoliceBot(board) };
  let state = newGame({ board, rules, seed });
  let actions = 0;
  while (state.phase !== 'over') {
    const who = actor(state);
    const rng = new Rng(state.rng);
    const action = players[who].act(view(state, who), rng);
    const result = apply(board, state, action);
    if (!result.ok) return { state, illegal: { who, action, reason: result.reason, phase: state.phase }, actions };
    state = result.state; // a fresh object from `apply`, ours to finish
    state.rng = rng.state;
    actions += 1;
    if (actions > MAX_ACTIONS) throw new Error(`game ${seed} did not finish in ${MAX_ACTIONS} actions`);
  }
  return { state, illegal: null, actions };
}

/**
 * Play `games` games with seeds seed, seed+1, …; returns the summary figures. A strength below 1
 * makes that side's bot careless in that share of its decisions.
 */
export function selfPlay(board, rules, { games = 100, seed = 0, jackStrength = 1, policeStrength = 1 } = {}) {
  const bots = { jack: new JackBot(board, { strength: jackStrength }), police: new PoliceBot(board, { strength: policeStrength }) };
  const nights = rules && rules.parameters ? rules.parameters.nights : 4;
  const summary = { board: board.id, games, seed, jackStrength, policeStrength, jackWins: 0, policeWins: 0, arrests: 0, cornered: 0,
    outOfMoves: 0, illegal: 0, illegalExamples: [], escapes: 0, escapeMoves: 0, actions: 0, letters: 0, falseClues: 0,
    arrestAttempts: 0,
    // night by night: escapes, and how the games the police won ended
    byNight: Array.from({ length: nights }, (_, i) => ({ night: i + 1, escapes: 0, arrests: 0, outOfMoves: 0, cornered: 0 })),
    arrestSpots: {}, // circle → arrests there
    hideouts: {} }; // circle → [games with that hideout, Jack's wins among them]
  const started = Date.now();
  for (let g = 0; g < games; g += 1) {
    const { state, illegal, actions } = playGame(board, rules, seed + g, bots);
    summary.actions += actions;
    if (illegal) {
      summary.illegal += 1;
      if (summary.illegalExamples.length < 5) summary.illegalExamples.push({ game: seed + g, ...illegal });
      continue;
    }
    for (const n of state.nights) {
      summary.escapes += 1;
      summary.escapeMoves += n.moves;
      if (summary.byNight[n.night - 1]) summary.byNight[n.night - 1].escapes += 1;
    }
    const hide = (summary.hideouts[state.jack.hideout] ||= [0, 0]);
    hide[0] += 1;
    if (state.winner === 'jack') hide[1] += 1;
    const ended = summary.byNight[state.night - 1];
    for (const key of ['letters', 'falseClues', 'arrestAttempts']) summary[key] += state.stats[key];
    if (state.winner === 'jack') summary.jackWins += 1;
    else summary.policeWins += 1;
    const how = /arrested/.test(state.reason) ? 'arrests' : /cornered/.test(state.reason) ? 'cornered'
      : /track ran out/.test(state.reason) ? 'outOfMoves' : null;
    if (how) { summary[how] += 1; if (ended) ended[how] += 1; }
    if (how === 'arrests') summary.arrestSpots[state.jack.pos] = (summary.arrestSpots[state.jack.pos] || 0) + 1;
  }
  const seconds = (Date.now() - started) / 1000;
  summary.jackWinRate = games ? summary.jackWins / games : 0;
  summary.averageEscapeLength = summary.escapes ? summary.escapeMoves / summary.escapes : 0;
  summary.gamesPerSecond = seconds > 0 ? games / seconds : games;
  return summary;
}

function parseArgs(argv) {
  const args = { games: 100, seed: 0, format: 'text', 'jack-strength': 1, 'police-strength': 1 };
  const numbers = ['games', 'seed', 'jack-strength', 'police-strength'];
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!['board', 'rules', 'runs', 'format', ...numbers].includes(key) || argv[i + 1] === undefined) {
      throw new Error(`unknown or incomplete option ${argv[i]}; use --board FILE [--rules FILE | --runs FILE] [--games N] [--seed S] `
        + '[--jack-strength 0-1] [--police-strength 0-1] [--format json|text]');
    }
    args[key] = numbers.includes(key) ? Number(argv[i + 1]) : argv[i + 1];
  }
  if (!args.board) throw new Error('--board FILE is required (a gaslight-board/1 export)');
  return args;
}

function main(argv) {
  let args;
  try { args = parseArgs(argv); } catch (err) { console.error(`selfplay: ${err.message}`); return 2; }
  const board = loadBoard(JSON.parse(readFileSync(args.board, 'utf8')));
  const options = { games: args.games, seed: args.seed, jackStrength: args['jack-strength'], policeStrength: args['police-strength'] };
  if (args.runs) {
    const runs = JSON.parse(readFileSync(args.runs, 'utf8')).map((rules) => selfPlay(board, rulesFrom(rules), options));
    console.log(JSON.stringify(runs));
    return runs.some((s) => s.illegal) ? 1 : 0;
  }
  const rules = rulesFrom(args.rules ? JSON.parse(readFileSync(args.rules, 'utf8')) : null);
  const s = selfPlay(board, rules, options);
  if (args.format === 'json') {
    console.log(JSON.stringify(s, null, 2));
  } else {
    console.log(`board ${s.board}: ${s.games} games, seed ${s.seed}`);
    console.log(`Jack wins ${s.jackWins} (${(100 * s.jackWinRate).toFixed(1)}%); police wins ${s.policeWins}: `
      + `${s.arrests} arrests, ${s.outOfMoves} out of moves, ${s.cornered} cornered`);
    console.log(`average escape length ${s.averageEscapeLength.toFixed(2)} moves over ${s.escapes} escapes`);
    console.log(`illegal bot actions: ${s.illegal}; ${s.gamesPerSecond.toFixed(1)} games/s`);
  }
  return s.illegal ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) process.exitCode = main(process.argv.slice(2));
