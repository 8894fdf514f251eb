#!/usr/bin/env node
// Headless Walton playtest: bots play a case at the table (table.js) and report how it went.
//
//   node site/engine/walton/tableplay.mjs request.json     (or the request on stdin)
//   request: {"case": <case export>, "seats": 4, "games": 50, "seed": 1, "rules": {…optional table rules}},
//            or a list of them (one report each, in a list)
//
// Prints {"games", "solved", "unsolved", "stalled", "wrong_solves", "rounds": {rounds: games solved in that many},
// "seen_at_solve": {cards: games}} as JSON (`gaslight playtest` adds up workers and takes the means). Every move goes through `act`, as in the browser; a refused bot
// move stops the run with an error, so a report means every game was played legally.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { casebook } from './deduce.js';
import { act, newTable, prepare, toMove, view } from './table.js';
import { botMove, cardsSeen } from './tablebots.js';

/** A game with no solution after this many rounds is stopped and counted as stalled. */
export const MAX_ROUNDS = 60;

/** Play one game between bots; returns the final state and how it went. */
export async function playTable(game, book, seats, seed, bots = {}) {
  let state = newTable(game, Array.from({ length: seats }, (_, i) => `Bot ${i + 1}`), seed);
  let wrong = 0;
  let seenAtSolve = null;
  while (state.phase !== 'over' && state.round <= MAX_ROUNDS) {
    const seat = toMove(state)[0];
    const move = await botMove(view(state, seat), game, book, bots);
    const result = act(state, game, move);
    if (!result.ok) throw new Error(`game ${seed}: ${state.seats[seat].name}'s ${move.type} was refused: ${result.reason}`);
    if (move.type === 'answer') {
      if (move.digest === game.check.sha256) seenAtSolve ??= cardsSeen(view(state, seat)).length;
      else wrong += 1;
    }
    state = result.state;
  }
  const solved = state.phase === 'over' && state.winners.length > 0;
  return { state, solved, stalled: state.phase !== 'over', rounds: state.round, wrong, seenAtSolve };
}

/** Play `games` games from seed `seed` on. The counts, and for the games solved how many rounds they took and
 *  how many cards the first right solver had seen (as {value: games}, so workers' reports add up). */
export async function playtest(caseJson, { seats = 4, games = 20, seed = 1, rules = {}, bots = {} } = {}) {
  const game = prepare(caseJson, rules);
  const book = casebook(caseJson);
  const report = { case: caseJson.id, seats, games, seed, solved: 0, unsolved: 0, stalled: 0, wrong_solves: 0,
    rounds: {}, seen_at_solve: {} };
  for (let g = 0; g < games; g += 1) {
    const played = await playTable(game, book, seats, seed + g, bots);
    report.wrong_solves += played.wrong;
    if (played.stalled) report.stalled += 1;
    else if (!played.solved) report.unsolved += 1;
    else {
      report.solved += 1;
      report.rounds[played.rounds] = (report.rounds[played.rounds] ?? 0) + 1;
      report.seen_at_solve[played.seenAtSolve] = (report.seen_at_solve[played.seenAtSolve] ?? 0) + 1;
    }
  }
  return report;
}

async function main() {
  const request = JSON.parse(readFileSync(process.argv[2] ?? 0, 'utf8'));
  const reports = [];
  for (const run of Array.isArray(request) ? request : [request]) reports.push(await playtest(run.case, run));
  process.stdout.write(`${JSON.stringify(Array.isArray(request) ? reports : reports[0])}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) main();
