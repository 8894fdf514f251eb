#!/usr/bin/env node
// Engine benchmark: the possible-position tracker's time per Jack move and per answer.
// (Self-play games per second: benchmarks/engine_speed.mjs, run by `make bench`.)
//
//   node site/engine/hunt/bench.mjs --board export/boards/whitechapel.json [--games 200]
//
// Prints figures only; nothing here asserts a time (speed is measured, not tested).

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadBoard } from './board.js';
import { JackBot, PoliceBot } from './bots.js';
import { actor, apply, newGame, withRng } from './hunt.js';
import { Rng } from '../common/rng.js';
import { Tracker } from './tracker.js';
import { view } from './view.js';

function quantile(sorted, q) { return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]; }

/** Time the tracker on real bot games: each Jack move (incremental) and each question after new facts. */
function trackerFigures(board, games) {
  const moveTimes = [];
  const askTimes = [];
  const bots = { jack: new JackBot(board), police: new PoliceBot(board) };
  for (let g = 0; g < games; g += 1) {
    let s = newGame({ board, rules: null, seed: 1000 + g });
    let tracker = new Tracker(board);
    let night = 0;
    let seen = 0;
    while (s.phase !== 'over') {
      const log = s.log;
      if (s.night !== night || log.length < seen) { night = s.night; seen = 0; tracker = new Tracker(board); }
      for (; seen < log.length; seen += 1) {
        const ev = log[seen];
        const t0 = performance.now();
        tracker.observe(ev);
        if (ev.e === 'jack') {
          tracker.positions();
          moveTimes.push(performance.now() - t0);
        } else if (ev.e === 'search' || ev.e === 'arrest') {
          tracker.positions();
          askTimes.push(performance.now() - t0);
        }
      }
      const who = actor(s);
      const rng = new Rng(s.rng);
      const r = apply(board, s, bots[who].act(view(s, who), rng));
      if (!r.ok) throw new Error(`bot refused: ${r.reason}`);
      s = withRng(r.state, rng.state);
    }
  }
  return { moveTimes: moveTimes.sort((a, b) => a - b), askTimes: askTimes.sort((a, b) => a - b) };
}

function main(argv) {
  const args = { games: 200 };
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (!args.board) { console.error('bench: --board FILE is required'); return 2; }
  const board = loadBoard(JSON.parse(readFileSync(args.board, 'utf8')));
  const games = Number(args.games);
  const { moveTimes, askTimes } = trackerFigures(board, Math.max(20, Math.floor(games / 5)));
  const ms = (x) => `${x.toFixed(3)} ms`;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`board ${board.id}: ${board.circles.length} circles, ${board.crossings.length} crossings`);
  console.log(`possible-position update per Jack move: mean ${ms(mean(moveTimes))}, median ${ms(quantile(moveTimes, 0.5))}, `
    + `p95 ${ms(quantile(moveTimes, 0.95))}, max ${ms(moveTimes.at(-1))} over ${moveTimes.length} moves`);
  console.log(`possible positions after a search or arrest (may replay the night): mean ${ms(mean(askTimes))}, `
    + `p95 ${ms(quantile(askTimes, 0.95))} over ${askTimes.length} answers`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
