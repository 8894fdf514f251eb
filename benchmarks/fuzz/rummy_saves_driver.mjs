// The Ripper rummy saves fuzzer's Node side (benchmarks/fuzz/rummy_saves.py): one long-lived process that reads
// one JSON request a line on stdin and answers one JSON line on stdout.
//
//   node rummy_saves_driver.mjs GAME.json     (GAME: the bundled gaslight-rummy/1 game data)
//
// Requests:
//   {"op": "corpus", "seed": 1, "games": 8}   → {"saves": [{"plain", "text"}]}: real saves, cut at random points
//                                              of bot games ("plain" is the saved record's JSON)
//   {"op": "seal", "plain": "…"}  → {"text": "gaslight-rummy-save/2.sealed.…"} (the record under a valid seal)
//   {"op": "load", "text": "…"}   → {"outcome": "loaded" | "refused" | "internal", "message": "…"}
// "refused" is a SaveError whose message starts "not a saved game: "; anything else thrown is "internal".

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'site', 'engine', 'rummy');
const engine = (name) => import(pathToFileURL(resolve(ENGINE, name)).href);
const { gameFrom } = await engine('rules.js');
const { load, save, SAVE_PREFIX } = await engine('save.js');
const { seal, unseal } = await import(pathToFileURL(resolve(ENGINE, '..', 'common', 'seal.js')).href);
const { playGame } = await engine('selfplay.mjs');
const { botMove } = await engine('bots.js');

const game = gameFrom(JSON.parse(readFileSync(process.argv[2], 'utf8')));

/** The record a save text holds, as JSON (the fuzzer mutates it and seals it again). */
function plainOf(text) {
  const [, kind, data] = text.split('.');
  return unseal(kind, data, { prefix: SAVE_PREFIX });
}

async function sealed({ plain }) {
  const { kind, data } = await seal(plain, { prefix: SAVE_PREFIX });
  return { text: `${SAVE_PREFIX}.${kind}.${data}` };
}

async function corpus({ seed = 1, games = 8 }) {
  const saves = [];
  for (let g = 0; g < games; g += 1) {
    const players = 2 + (g % 3);
    const setup = { players, seed: seed * 100 + g };
    const actions = [];
    const choose = (data, v, strength) => { const a = botMove(data, v, strength); actions.push(a); return a; };
    playGame(game, { ...setup, bots: new Array(players).fill(g % 2 ? 'sharp' : 'easy'), choose });
    for (const cut of [Math.floor(actions.length / 3), actions.length]) {
      const text = await save(game, setup, actions.slice(0, cut));
      saves.push({ plain: await plainOf(text), text });
    }
  }
  return { saves };
}

async function loaded({ text }) {
  try {
    const { actions } = await load(game, text);
    return { outcome: 'loaded', message: `${actions.length} moves` };
  } catch (err) {
    const clean = err instanceof Error && err.name === 'SaveError' && err.message.startsWith('not a saved game: ');
    const message = clean ? err.message : `${err && err.name}: ${err && err.message}\n${err && err.stack}`;
    return { outcome: clean ? 'refused' : 'internal', message };
  }
}

const OPS = { corpus, seal: sealed, load: loaded };

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  let answer;
  try {
    const request = JSON.parse(line);
    answer = await OPS[request.op](request);
  } catch (err) {
    answer = { outcome: 'internal', message: `the driver failed: ${err && err.stack}` };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
