#!/usr/bin/env node
// Bot self-play speed of one copy of the browser engine, the same way for any version of it (`--engine` is the
// folder holding board.js and selfplay.mjs: site/engine/hunt today, site/engine before the game folders).
//
//   node benchmarks/engine_speed.mjs --engine site/engine/hunt --board BOARD.json [--games 200] [--repeats 5]
//
// One untimed warm-up run (the JIT compiles the hot loops), then `repeats` timed runs of the same
// seeded games; prints JSON with the median games per second. Used by bench_engine.py to compare
// today's engine with an earlier commit's in the same run.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const args = { games: 200, repeats: 5 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
const engine = (file) => import(pathToFileURL(resolve(args.engine, file)).href);
const { loadBoard } = await engine('board.js');
const { selfPlay } = await engine('selfplay.mjs');
const board = loadBoard(JSON.parse(readFileSync(args.board, 'utf8')));
const games = Number(args.games);

selfPlay(board, null, { games, seed: 1 });
const rates = [];
let last = null;
for (let r = 0; r < Number(args.repeats); r += 1) {
  const start = performance.now();
  last = selfPlay(board, null, { games, seed: 1 });
  rates.push(games / ((performance.now() - start) / 1000));
}
rates.sort((a, b) => a - b);
console.log(JSON.stringify({ games, repeats: rates.length, median: rates[Math.floor(rates.length / 2)], rates,
  jackWinRate: last.jackWinRate, illegal: last.illegal }));
