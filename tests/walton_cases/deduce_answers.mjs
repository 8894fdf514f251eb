// Reads [{"case": <case export>, "hands": [[card numbers], …], "guarantees": bool}, …] on stdin and writes, for
// each case and hand, the answers site/engine/walton/deduce.js allows as sorted answer lines.
import { readFileSync } from 'node:fs';
import { answerLine } from '../../site/engine/walton/answers.js';
import { answers, casebook } from '../../site/engine/walton/deduce.js';

const out = JSON.parse(readFileSync(0, 'utf8')).map((item) => {
  const book = casebook(item.case);
  return item.hands.map((hand) => answers(book, hand, { guarantees: item.guarantees ?? true }).map(answerLine).sort());
});
process.stdout.write(JSON.stringify(out));
