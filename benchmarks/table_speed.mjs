// Walton table speed for bench_table.py: reads {"cases": [<case export>…], "games": G, "hands": H, "runs": R}
// from the file named on the command line and prints, per case, bot games per second at a table of four
// (median of R timed runs of the same seeded games, after a warm-up) and the median time of one
// `answers` call of the reasoner on H seeded random hands of every size.
import { readFileSync } from 'node:fs';
import { answers, casebook } from '../site/engine/walton/deduce.js';
import { prepare } from '../site/engine/walton/table.js';
import { playTable } from '../site/engine/walton/tableplay.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const request = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = [];
for (const caseJson of request.cases) {
  const game = prepare(caseJson);
  const book = casebook(caseJson);
  for (let g = 0; g < 3; g += 1) await playTable(game, book, 4, 1000 + g); // warm-up
  const rates = [];
  let rounds = 0;
  for (let r = 0; r < request.runs; r += 1) {
    const start = performance.now();
    for (let g = 0; g < request.games; g += 1) rounds += (await playTable(game, book, 4, 1 + g)).rounds;
    rates.push(request.games / ((performance.now() - start) / 1000));
  }
  let seed = 7;
  const next = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed; };
  const numbers = caseJson.cards.map((c) => c.number);
  const times = [];
  for (let h = 0; h < request.hands; h += 1) {
    const share = 5 + (h % 95);
    const hand = numbers.filter(() => next() % 100 < share);
    const start = performance.now();
    answers(book, hand);
    times.push(performance.now() - start);
  }
  out.push({ case: caseJson.id, difficulty: caseJson.difficulty, rates, median: median(rates),
    meanRounds: rounds / (request.games * request.runs), answersMs: median(times) });
}
process.stdout.write(JSON.stringify(out));
